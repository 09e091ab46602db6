import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ServiceKind } from '../../../../shared-rules/delivery-service-rule';
import { users } from './accounts.schema';

export type PaymentStatus = 'pending' | 'succeeded' | 'cancelled' | 'refund_pending' | 'refunded';

/** Orders, their recorded events, payments and provider notifications. Money: whole kopecks. */
export interface OrderLineRow {
  productId: number;
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** The line's share of the order discount (issue 22); absent in older rows (orderLinesOf apportions it). */
  discount?: number;
  /** lineTotal − discount; absent in older rows. */
  netTotal?: number;
  /** Sold «под заказ»: the stock did not cover it (the stock ledger marks it, docs/stock.md). */
  backorder?: boolean;
}

/** A service line of an order (issue 23): «Доставка», «Подъём на 5 этаж», «Сборка»…; whole roubles. */
export interface OrderServiceRow {
  kind: ServiceKind;
  label: string;
  amount: number;
}

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('new'),
    items: jsonb('items').$type<OrderLineRow[]>().notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    promoCode: text('promo_code'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    deliveryMethod: text('delivery_method').notNull(),
    deliveryAddress: text('delivery_address'),
    comment: text('comment'),
    paymentMethod: text('payment_method').notNull(),
    paymentAllowed: boolean('payment_allowed').notNull().default(false),
    /** The online way to pay chosen at checkout (card, sbp, installments); null: card or not online. */
    onlineMethod: text('online_method'),
    /** Bumped when the pay link is re-issued: every earlier signed link stops working (issue 22, item 5). */
    payLinkVersion: integer('pay_link_version').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** Kopecks taken online and not refunded (prepayment or full): the lifecycle chart's context. */
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    /** Kopecks the pay page charges in awaiting_prepayment; null → 10 % rounded up (migration 0004). */
    prepaymentAmount: bigint('prepayment_amount', { mode: 'number' }),
    /** Kopecks refunded from the order's online payments (migration 0006): `paid` is false after a refund. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /** Set while the order is in the bin (soft delete, migration 0003). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deliveryDate: text('delivery_date'),
    deliveryTimeSlot: text('delivery_time_slot'),
    /** The delivery window chosen at checkout or moved by the manager (issue 23); null: none chosen. */
    deliveryWindowId: integer('delivery_window_id'),
    /** Kopecks of the chosen paid slot (0 for a free window), fixed when the slot was booked. */
    deliveryWindowPrice: bigint('delivery_window_price', { mode: 'number' }).notNull().default(0),
    deliveryFloor: integer('delivery_floor'),
    deliveryLift: text('delivery_lift'),
    deliveryAssembly: boolean('delivery_assembly').notNull().default(false),
    /** The delivery zone the services were priced for (shared-rules/delivery-service-rule.ts). */
    deliveryZone: text('delivery_zone'),
    deliveryKmBeyondKad: integer('delivery_km_beyond_kad'),
    /** Services of the order; total = subtotal − discount + Σ amount (docs/delivery.md). */
    services: jsonb('services').$type<OrderServiceRow[]>().notNull().default([]),
    /** When the order entered its current status. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** Digits of contact_phone, a leading 8 of 11 digits read as 7 (generated; phone search). */
    contactPhoneDigits: text('contact_phone_digits').generatedAlwaysAs(
      sql`CASE WHEN regexp_replace("contact_phone", '[^0-9]', '', 'g') ~ '^8[0-9]{10}$' THEN '7' || substr(regexp_replace("contact_phone", '[^0-9]', '', 'g'), 2) ELSE regexp_replace("contact_phone", '[^0-9]', '', 'g') END`,
    ),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical request, so one key reused with a different body is refused. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_client_idempotency_key').on(table.clientId, table.idempotencyKey),
    index('orders_client_idx').on(table.clientId, table.createdAt),
    index('orders_created_idx').on(table.createdAt),
    index('orders_status_idx').on(table.status),
    index('orders_phone_tail_idx').on(sql`right(${table.contactPhoneDigits}, 10)`),
    index('orders_live_created_idx').on(table.createdAt, table.id).where(sql`${table.deletedAt} IS NULL`),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    // The day's deliveries and the capacity count (issue 23).
    index('orders_delivery_date_idx').on(table.deliveryDate),
    index('orders_email_idx').on(sql`lower(${table.contactEmail})`),
    index('orders_contact_name_trgm_idx').using('gin', sql`${table.contactName} gin_trgm_ops`),
    index('orders_contact_email_trgm_idx').using('gin', sql`${table.contactEmail} gin_trgm_ops`),
    index('orders_phone_digits_trgm_idx').using('gin', sql`${table.contactPhoneDigits} gin_trgm_ops`),
  ],
);

/** Manager notes on an order: internal, or shown to the client on their order. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    visibility: text('visibility').$type<'internal' | 'client'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('order_notes_order_idx').on(table.orderId, table.createdAt)],
);

/** Mails sent about an order, for its timeline (not order events: no counter moves). */
export const orderMails = pgTable(
  'order_mails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    recipient: text('recipient').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('order_mails_order_idx').on(table.orderId, table.sentAt)],
);

/**
 * Every change of an order: status changes (who made them), and the client's own edits. The client's
 * orderStatusChanges counter and the admin's orderUpdates counter are counts of these rows.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind')
      .$type<'created' | 'status' | 'address' | 'contact' | 'comment' | 'payment'>()
      .notNull(),
    actor: text('actor').$type<'client' | 'admin' | 'system'>().notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('order_events_order_idx').on(table.orderId, table.at),
    index('order_events_at_idx').on(table.at),
  ],
);

export const payments = pgTable(
  'payments',
  {
    /** Random id the gateway page and notifications refer to. */
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending → succeeded | cancelled; succeeded (or a voided one that was paid anyway) → refund_pending → refunded. */
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    confirmationUrl: text('confirmation_url').notNull(),
    /** How the shopper pays at the provider: card, sbp or installments (issue 22, item 10). */
    method: text('method').notNull().default('card'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    uniqueIndex('payments_provider_id_key').on(table.provider, table.providerPaymentId),
    // At most one live payment per order, whatever the provider (migration 0004).
    uniqueIndex('payments_one_live_per_order')
      .on(table.orderId)
      .where(sql`${table.status} IN ('pending', 'succeeded')`),
  ],
);

/** A refunded order line (issue 22): which line, how many units, its net paid share in kopecks. */
export interface RefundLineRow {
  line: number;
  name: string;
  quantity: number;
  amount: number;
  /** Refunded before the handover: the units left the order's lines (absent: returned after it). */
  removed?: boolean;
}

/**
 * Refunds; the id is the gateway's Idempotence-Key (migration 0004). `full` refunds everything a
 * payment kept (a cancelled order, unexpected money): at most one per payment. `partial` refunds
 * (issue 22: by line or by amount, by a manager) accumulate, never above the payment.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    kind: text('kind').$type<'full' | 'partial'>().notNull().default('full'),
    /** The lines a refund by line returns (null: a full refund or one by amount). */
    lines: jsonb('lines').$type<RefundLineRow[]>(),
    /** The refund receipt, fixed when the refund is decided (partial refunds). */
    receipt: jsonb('receipt').$type<Record<string, unknown>>(),
    /** The administrator who made a partial refund. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'pending' | 'succeeded'>().notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('payment_refunds_one_full_key').on(table.paymentId).where(sql`${table.kind} = 'full'`),
    index('payment_refunds_payment_idx').on(table.paymentId),
    index('payment_refunds_pending_idx').on(table.status, table.createdAt),
  ],
);

/** 54-FZ receipts sent with payments and refunds, and settlement receipts on delivery (migration 0004). */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'payment' | 'refund' | 'settlement'>().notNull(),
    /** The partial refund this refund receipt belongs to (several per payment, issue 22). */
    refundId: text('refund_id'),
    provider: text('provider').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'sent'>().notNull().default('pending'),
    providerReceiptId: text('provider_receipt_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('payment_receipts_payment_kind_key')
      .on(table.paymentId, table.kind)
      .where(sql`${table.refundId} IS NULL`),
    uniqueIndex('payment_receipts_refund_key').on(table.refundId).where(sql`${table.refundId} IS NOT NULL`),
    uniqueIndex('payment_receipts_settlement_key').on(table.orderId).where(sql`${table.kind} = 'settlement'`),
    index('payment_receipts_order_idx').on(table.orderId, table.createdAt),
  ],
);

/** Provider notifications already processed: the unique key makes a replay a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_key').on(table.provider, table.eventId)],
);
