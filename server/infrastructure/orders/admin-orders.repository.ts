import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type {
  AdminOrderListFilter,
  AdminOrderPatch,
  AdminOrderRecord,
  AdminOrdersRepository,
  ClientContactRecord,
  LiftKind,
  NewAdminOrderRecord,
  OrderNoteRecord,
  OrderTimelineSources,
} from '../../application/admin-orders.port';
import type { AuditEntry } from '../../application/audit-log.port';
import { phoneSearchVariants } from '../../domain/contact-search';
import { servicesTotal } from '../../domain/delivery-quote';
import { OVERDUE_AFTER, phoneSearchDigits } from '../../domain/order-admin-rules';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '../../domain/order-lifecycle.machine';
import { orderLinesOf } from '../../domain/order-pricing';
import { SqlAuditLog } from '../audit/audit-log.repository';
import { setStockActor } from '../catalogue/stock-ledger';
import type { AppDb } from '../db/database';
import { users } from '../db/schema/accounts.schema';
import {
  orderEvents,
  orderMails,
  orderNotes,
  orders,
  paymentReceipts,
  paymentRefunds,
  payments,
} from '../db/schema/orders.schema';
import { takeDeliveryPlace } from '../delivery/drizzle-delivery-calendar';
import { applyOrderPricing, binOrderStock, lockOrderForPricing } from './admin-order-stock';
import { reserveForOrder } from './order-reservations';
import { deliverySlotOfRow } from './orders.repository';

type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

const AWAITING: readonly OrderStatus[] = ['awaiting_payment', 'awaiting_prepayment'];
const liftOf = (value: string | null): LiftKind | null =>
  value === 'none' || value === 'passenger' || value === 'freight' ? value : null;

function toRecord(row: OrderRow, history: { status: OrderStatus; at: number }[]): AdminOrderRecord {
  return {
    id: row.id,
    clientId: row.clientId,
    status: isOrderStatus(row.status) ? row.status : 'new',
    items: orderLinesOf(row.items, row.discount),
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    promoCode: row.promoCode,
    contact: { name: row.contactName, phone: row.contactPhone, email: row.contactEmail },
    delivery: {
      method: row.deliveryMethod === 'pickup' ? 'pickup' : 'courier',
      address: row.deliveryAddress,
    },
    services: row.services,
    // The card shows the booked window and «Перенести» sends it back as `expected`.
    deliverySlot: deliverySlotOfRow(row),
    comment: row.comment,
    paymentMethod: row.paymentMethod === 'online' ? 'online' : 'on_delivery',
    paymentAllowed: row.paymentAllowed,
    paidAt: row.paidAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    history,
    paidAmount: row.paidAmount,
    refundedAmount: row.refundedAmount,
    prepaymentAmount: row.prepaymentAmount,
    updatedAt: row.updatedAt.getTime(),
    deletedAt: row.deletedAt?.getTime() ?? null,
    statusSince: row.statusChangedAt.getTime(),
    deliveryDetails: {
      date: row.deliveryDate,
      timeSlot: row.deliveryTimeSlot,
      floor: row.deliveryFloor,
      lift: liftOf(row.deliveryLift),
      assembly: row.deliveryAssembly,
    },
  };
}

async function withHistory(db: AppDb | Tx, rows: readonly OrderRow[]): Promise<AdminOrderRecord[]> {
  if (rows.length === 0) return [];
  const history = new Map<number, { status: OrderStatus; at: number }[]>();
  const events = await db
    .select({ orderId: orderEvents.orderId, toStatus: orderEvents.toStatus, at: orderEvents.at })
    .from(orderEvents)
    .where(
      and(
        inArray(
          orderEvents.orderId,
          rows.map((row) => row.id),
        ),
        inArray(orderEvents.kind, ['created', 'status']),
      ),
    )
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  for (const event of events) {
    if (event.toStatus === null || !isOrderStatus(event.toStatus)) continue;
    const list = history.get(event.orderId) ?? [];
    list.push({ status: event.toStatus, at: event.at.getTime() });
    history.set(event.orderId, list);
  }
  return rows.map((row) => toRecord(row, history.get(row.id) ?? []));
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of the list and the export. */
function conditionsOf(filter: AdminOrderListFilter): SQL | undefined {
  const conditions: SQL[] = [filter.deleted ? isNotNull(orders.deletedAt) : isNull(orders.deletedAt)];
  if (filter.statuses !== undefined && filter.statuses.length > 0)
    conditions.push(inArray(orders.status, [...filter.statuses]));
  if (filter.createdFrom !== undefined) conditions.push(gte(orders.createdAt, new Date(filter.createdFrom)));
  if (filter.createdBefore !== undefined)
    conditions.push(lt(orders.createdAt, new Date(filter.createdBefore)));
  if (filter.delivery !== undefined) conditions.push(eq(orders.deliveryMethod, filter.delivery));
  if (filter.promo !== undefined && filter.promo.trim() !== '')
    conditions.push(sql`upper(${orders.promoCode}) = ${filter.promo.trim().toUpperCase()}`);
  if (filter.clientId !== undefined) conditions.push(eq(orders.clientId, filter.clientId));
  if (filter.paymentAllowed !== undefined) conditions.push(eq(orders.paymentAllowed, filter.paymentAllowed));
  if (filter.payment !== undefined) {
    const awaiting = inArray(orders.status, [...AWAITING]);
    const notAwaiting = sql`${orders.status} NOT IN ('awaiting_payment', 'awaiting_prepayment')`;
    // isPaid (server/domain/order-admin-rules.ts) in SQL.
    const fullyPaid = sql`((${orders.paidAt} IS NOT NULL AND ${orders.refundedAmount} = 0) OR (${orders.total} > 0 AND ${orders.paidAmount} >= ${orders.total}))`;
    if (filter.payment === 'awaiting') conditions.push(awaiting);
    else if (filter.payment === 'paid') conditions.push(sql`${notAwaiting} AND ${fullyPaid}`);
    else if (filter.payment === 'prepaid')
      conditions.push(sql`${notAwaiting} AND NOT ${fullyPaid} AND ${orders.paidAmount} > 0`);
    else conditions.push(sql`${notAwaiting} AND NOT ${fullyPaid} AND ${orders.paidAmount} = 0`);
  }
  if (filter.overdueAt !== undefined) {
    const at = filter.overdueAt;
    const overdue = ORDER_STATUSES.flatMap((status) => {
      const limit = OVERDUE_AFTER[status];
      return limit === null
        ? []
        : [and(eq(orders.status, status), lt(orders.statusChangedAt, new Date(at - limit)))];
    });
    const any = or(...overdue);
    if (any) conditions.push(any);
  }
  const q = filter.q?.trim();
  if (q) {
    const textMatch: (SQL | undefined)[] = [];
    const digits = phoneSearchDigits(q);
    if (digits !== null) {
      // A full number is found by its last ten digits (indexed); a part of one by containment, a
      // part typed with the trunk 8 («8921…») also as +7 (stored digits read 8 as 7 for full numbers).
      const partial = digits.length < 10 || (digits.length === 10 && digits.startsWith('8'));
      if (!partial) textMatch.push(sql`right(${orders.contactPhoneDigits}, 10) = ${digits.slice(-10)}`);
      else
        for (const variant of phoneSearchVariants(digits))
          textMatch.push(sql`${orders.contactPhoneDigits} like ${`%${variant}%`}`);
    }
    const number = q.replace(/^№\s*/, '');
    if (/^\d{1,9}$/.test(number)) textMatch.push(eq(orders.id, Number(number)));
    if (digits === null) {
      const pattern = `%${escapeLike(q)}%`;
      textMatch.push(
        sql`${orders.contactName} ilike ${pattern}`,
        sql`${orders.contactEmail} ilike ${pattern}`,
      );
    }
    const any = or(...textMatch);
    if (any) conditions.push(any);
  }
  return and(...conditions);
}

/** Workflow order of the statuses: the «status» sort's key. */
const STATUS_POSITION = sql`array_position(ARRAY[${sql.join(
  ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}]::text[], ${orders.status})`;

/**
 * The list's sort key and its type. The export walks the list in keyset batches, each after the last
 * row of the one before by (key, id) in the list's direction; the last key travels as the database's
 * own text of it (a JavaScript Date would drop the timestamps' microseconds and skip orders).
 */
function sortKeyOf(filter: AdminOrderListFilter): { expression: SQL; type: SQL } {
  switch (filter.sort) {
    case 'total':
      return { expression: sql`${orders.total}`, type: sql.raw('bigint') };
    case 'updatedAt':
      return { expression: sql`${orders.updatedAt}`, type: sql.raw('timestamptz') };
    case 'status':
      return { expression: STATUS_POSITION, type: sql.raw('integer') };
    default:
      return { expression: sql`${orders.createdAt}`, type: sql.raw('timestamptz') };
  }
}

function orderByOf(filter: AdminOrderListFilter): SQL[] {
  const descending = filter.dir !== 'asc';
  const { expression } = sortKeyOf(filter);
  return descending ? [sql`${expression} desc`, desc(orders.id)] : [sql`${expression} asc`, asc(orders.id)];
}

/** The rows after the one with this key and id, in the list's order (the next keyset batch). */
function afterRow(filter: AdminOrderListFilter, key: string, id: number): SQL {
  const { expression, type } = sortKeyOf(filter);
  return filter.dir === 'asc'
    ? sql`(${expression}, ${orders.id}) > (CAST(${key} AS ${type}), ${id})`
    : sql`(${expression}, ${orders.id}) < (CAST(${key} AS ${type}), ${id})`;
}

export class DrizzleAdminOrdersRepository implements AdminOrdersRepository {
  private readonly audit: SqlAuditLog;

  constructor(private readonly db: AppDb) {
    this.audit = new SqlAuditLog(db);
  }

  async find(id: number): Promise<AdminOrderRecord | null> {
    const rows = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    const [record] = await withHistory(this.db, rows);
    return record ?? null;
  }

  async list(filter: AdminOrderListFilter, page: number, limit: number) {
    const where = conditionsOf(filter);
    const [totalRow] = await this.db.select({ total: count() }).from(orders).where(where);
    const rows = await this.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...orderByOf(filter))
      .limit(limit)
      .offset((page - 1) * limit);
    return { items: await withHistory(this.db, rows), total: Number(totalRow?.total ?? 0) };
  }

  /**
   * The export's orders in keyset batches (the list's order, each batch after the last row of the one
   * before): a batch deep in 20 000 orders costs what the first did, and only one is held at a time.
   */
  async *stream(filter: AdminOrderListFilter, max: number): AsyncIterable<AdminOrderRecord> {
    const batch = 500;
    const where = conditionsOf(filter);
    const { expression } = sortKeyOf(filter);
    let last: { key: string; id: number } | undefined;
    for (let streamed = 0; streamed < max; ) {
      const rows = await this.db
        .select({ order: orders, key: sql<string>`CAST(${expression} AS text)` })
        .from(orders)
        .where(last === undefined ? where : and(where, afterRow(filter, last.key, last.id)))
        .orderBy(...orderByOf(filter))
        .limit(Math.min(batch, max - streamed));
      for (const record of await withHistory(
        this.db,
        rows.map((row) => row.order),
      ))
        yield record;
      streamed += rows.length;
      const end = rows.at(-1);
      if (end === undefined || rows.length < batch) return;
      last = { key: end.key, id: end.order.id };
    }
  }

  async moveStatus(input: {
    id: number;
    from: OrderStatus;
    to: OrderStatus;
    actor: 'admin' | 'system';
    paymentAllowed: boolean;
    markPaid: boolean;
    audit: AuditEntry;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // The cancel trigger's ledger rows name the manager (issue 22).
      await setStockActor(tx, input.audit.actorId);
      const now = new Date();
      const updated = await tx
        .update(orders)
        .set({
          status: input.to,
          paymentAllowed: input.paymentAllowed,
          statusChangedAt: now,
          updatedAt: now,
          ...(input.markPaid ? { paidAt: now } : {}),
        })
        .where(and(eq(orders.id, input.id), eq(orders.status, input.from), isNull(orders.deletedAt)))
        .returning({ id: orders.id });
      if (updated.length === 0) return false;
      await tx.insert(orderEvents).values({
        orderId: input.id,
        kind: 'status',
        actor: input.actor,
        fromStatus: input.from,
        toStatus: input.to,
      });
      await this.audit.within(tx).record(input.audit);
      return true;
    });
  }

  async setDeleted(id: number, deleted: boolean, audit: AuditEntry): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(orders)
        .set({
          deletedAt: deleted ? new Date() : null,
          // The bin closes the pay link; a restored order's gate follows its status again.
          paymentAllowed: deleted
            ? false
            : sql`${orders.status} IN ('awaiting_payment', 'awaiting_prepayment')`,
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, id), deleted ? isNull(orders.deletedAt) : isNotNull(orders.deletedAt)))
        .returning({ id: orders.id, status: orders.status, items: orders.items });
      const [binned] = updated;
      if (binned === undefined) return false;
      await binOrderStock(tx, { ...binned, deleted, actorId: audit.actorId });
      await this.audit.within(tx).record(audit);
      return true;
    });
  }

  async update(
    id: number,
    patch: AdminOrderPatch,
    audit: AuditEntry,
    whileStatusIn?: readonly OrderStatus[],
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const conditions: SQL[] = [eq(orders.id, id), isNull(orders.deletedAt)];
      if (whileStatusIn !== undefined) {
        conditions.push(
          inArray(orders.status, [...whileStatusIn]),
          isNull(orders.paidAt),
          eq(orders.paidAmount, 0),
        );
      }
      if (typeof patch.prepaymentAmount === 'number')
        conditions.push(sql`${orders.total} - ${orders.paidAmount} >= ${patch.prepaymentAmount}`);
      if (patch.services) conditions.push(eq(orders.total, patch.services.seenTotal));
      const priced = patch.pricing ? await lockOrderForPricing(tx, id) : null;
      // A new delivery day goes through the delivery calendar like a checkout (issue 23): the order's
      // day before the edit, under the order's lock, tells whether it takes a place on another day.
      const newDay = patch.deliveryDetails?.date ?? null;
      const [held] =
        newDay === null
          ? []
          : await tx.select({ day: orders.deliveryDate }).from(orders).where(eq(orders.id, id)).for('update');
      const updated = await tx
        .update(orders)
        .set({
          ...(patch.prepaymentAmount !== undefined ? { prepaymentAmount: patch.prepaymentAmount } : {}),
          ...(patch.contact
            ? {
                contactName: patch.contact.name,
                contactPhone: patch.contact.phone,
                contactEmail: patch.contact.email,
              }
            : {}),
          ...(patch.paymentMethod ? { paymentMethod: patch.paymentMethod } : {}),
          ...(patch.delivery
            ? { deliveryMethod: patch.delivery.method, deliveryAddress: patch.delivery.address }
            : {}),
          ...(patch.deliveryDetails
            ? {
                deliveryDate: patch.deliveryDetails.date,
                deliveryTimeSlot: patch.deliveryDetails.timeSlot,
                deliveryFloor: patch.deliveryDetails.floor,
                deliveryLift: patch.deliveryDetails.lift,
                deliveryAssembly: patch.deliveryDetails.assembly,
              }
            : {}),
          ...(patch.pricing
            ? {
                items: [...patch.pricing.items],
                subtotal: patch.pricing.subtotal,
                discount: patch.pricing.discount,
                total: patch.pricing.total,
                promoCode: patch.pricing.promoCode,
              }
            : {}),
          ...(patch.services
            ? {
                services: [...patch.services.lines],
                total: sql`${orders.subtotal} - ${orders.discount} + ${servicesTotal(patch.services.lines)}`,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(and(...conditions))
        .returning({ id: orders.id });
      if (updated.length === 0) return false;
      // Throws DeliveryDayFullError when the day has no place left: the edit rolls back.
      if (newDay !== null && held !== undefined && held.day !== newDay) await takeDeliveryPlace(tx, newDay);
      if (patch.pricing && priced !== null) {
        await applyOrderPricing(
          tx,
          { id, clientId: priced.clientId, previousPromoCode: priced.promoCode, actorId: audit.actorId },
          patch.pricing,
        );
      }
      await this.audit.within(tx).record(audit);
      return true;
    });
  }

  async insert(order: NewAdminOrderRecord, audit: (id: number) => AuditEntry): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({
          clientId: order.clientId,
          status: 'new',
          items: [...order.items],
          subtotal: order.subtotal,
          discount: order.discount,
          total: order.total,
          promoCode: order.promoCode,
          contactName: order.contact.name,
          contactPhone: order.contact.phone,
          contactEmail: order.contact.email,
          deliveryMethod: order.delivery.method,
          deliveryAddress: order.delivery.address,
          deliveryDate: order.deliveryDetails.date,
          deliveryTimeSlot: order.deliveryDetails.timeSlot,
          deliveryFloor: order.deliveryDetails.floor,
          deliveryLift: order.deliveryDetails.lift,
          deliveryAssembly: order.deliveryDetails.assembly,
          comment: order.comment,
          paymentMethod: order.paymentMethod,
        })
        .returning({ id: orders.id });
      if (!row) throw new Error('order not inserted');
      const entry = audit(row.id);
      // Stock and the promo use are taken like checkout's (issue 22): throws to roll the order back.
      await reserveForOrder(tx, { ...order, id: row.id }, entry.actorId);
      // Issue 23: a phone order's delivery day takes its place like a checkout's, under the day's row
      // lock in this transaction (throws DeliveryDayFullError to roll the order back when full).
      if (order.deliveryDetails.date !== null) await takeDeliveryPlace(tx, order.deliveryDetails.date);
      await tx
        .insert(orderEvents)
        .values({ orderId: row.id, kind: 'created', actor: 'admin', toStatus: 'new' });
      await this.audit.within(tx).record(entry);
      return row.id;
    });
  }

  async addNote(
    note: Omit<OrderNoteRecord, 'id' | 'at'>,
    audit: (noteId: number) => AuditEntry,
  ): Promise<OrderNoteRecord> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orderNotes)
        .values({
          orderId: note.orderId,
          authorId: note.authorId,
          text: note.text,
          visibility: note.visibility,
        })
        .returning();
      if (!row) throw new Error('note not inserted');
      await this.audit.within(tx).record(audit(row.id));
      return { ...note, id: row.id, at: row.createdAt.getTime() };
    });
  }

  async recordAudit(entry: AuditEntry): Promise<void> {
    await this.audit.record(entry);
  }

  async recordMail(orderId: number, mail: { template: string; subject: string; to: string }): Promise<void> {
    await this.db
      .insert(orderMails)
      .values({ orderId, template: mail.template, subject: mail.subject, recipient: mail.to });
  }

  async timelineSources(id: number): Promise<OrderTimelineSources> {
    const [events, audit, paymentRows, refunds, mails, notes] = await Promise.all([
      this.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, id))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
      this.audit.listFor('order', String(id), 1000),
      this.db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdAt)),
      this.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.orderId, id))
        .orderBy(asc(paymentRefunds.createdAt)),
      this.db.select().from(orderMails).where(eq(orderMails.orderId, id)).orderBy(asc(orderMails.sentAt)),
      this.db.select().from(orderNotes).where(eq(orderNotes.orderId, id)).orderBy(asc(orderNotes.createdAt)),
    ]);
    const settlements = await this.db
      .select()
      .from(paymentReceipts)
      .where(and(eq(paymentReceipts.orderId, id), eq(paymentReceipts.kind, 'settlement')));
    const peopleIds = new Set<number>();
    for (const entry of audit) if (entry.actorId !== null) peopleIds.add(entry.actorId);
    for (const note of notes) if (note.authorId !== null) peopleIds.add(note.authorId);
    const people = new Map<number, string>();
    if (peopleIds.size > 0) {
      const rows = await this.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, [...peopleIds]));
      for (const row of rows) people.set(row.id, row.name?.trim() ? row.name : row.email);
    }
    return {
      events: events.map((event) => ({
        id: event.id,
        kind: event.kind,
        actor: event.actor,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        at: event.at.getTime(),
      })),
      audit,
      payments: paymentRows.map((payment) => ({
        id: payment.id,
        amount: payment.amount,
        status: payment.status,
        createdAt: payment.createdAt.getTime(),
        settledAt: payment.settledAt?.getTime() ?? null,
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        status: refund.status,
        createdAt: refund.createdAt.getTime(),
        settledAt: refund.settledAt?.getTime() ?? null,
      })),
      settlementReceipts: settlements.map((receipt) => ({
        id: receipt.id,
        amount: receipt.amount,
        ...settlementPartsOf(receipt.body),
        sent: receipt.status === 'sent',
        at: (receipt.sentAt ?? receipt.createdAt).getTime(),
      })),
      mails: mails.map((mail) => ({
        id: mail.id,
        template: mail.template,
        subject: mail.subject,
        at: mail.sentAt.getTime(),
      })),
      notes: notes.map((note) => ({
        id: note.id,
        orderId: note.orderId,
        authorId: note.authorId,
        text: note.text,
        visibility: note.visibility === 'client' ? 'client' : 'internal',
        at: note.createdAt.getTime(),
      })),
      people,
    };
  }

  async clientContact(clientId: number): Promise<ClientContactRecord | null> {
    const [row] = await this.db
      .select({ id: users.id, role: users.role, name: users.name, phone: users.phone, email: users.email })
      .from(users)
      .where(eq(users.id, clientId))
      .limit(1);
    return row ?? null;
  }
}

/** The prepaid and postpaid parts a settlement receipt's body records (`settlements`, payments.service). */
function settlementPartsOf(body: Record<string, unknown>): { prepaid: number; postpaid: number } {
  const parts = Array.isArray(body.settlements) ? (body.settlements as unknown[]) : [];
  const sum = (type: string) =>
    parts.reduce<number>((total, part) => {
      if (typeof part !== 'object' || part === null) return total;
      const { type: kind, amount } = part as { type?: unknown; amount?: unknown };
      return kind === type && typeof amount === 'number' ? total + amount : total;
    }, 0);
  return { prepaid: sum('prepayment'), postpaid: sum('postpayment') };
}
