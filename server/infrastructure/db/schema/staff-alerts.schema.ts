import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';

/**
 * Alerts to staff (issue 26, item 2; docs/alerts.md). Triggers on orders, requests, request messages
 * and payment notifications write a `staff_alert_events` row in the transaction of the event itself
 * (the migration's SQL), so an alert exists exactly when its event was committed. The alert worker
 * turns each event into `staff_alert_deliveries` (one per staff member and channel they chose, plus the
 * shop's mailbox) and delivers those with retries — nothing of it runs inside a shopper's request.
 */
export const staffAlertEvents = pgTable(
  'staff_alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** What the event is about, as the trigger saw it (order id, total, request subject …). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Events that must alert once whatever raises them again (a delivery day filling up). */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['pending', 'dispatched'] })
      .notNull()
      .default('pending'),
    createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
    dispatchedAtMs: bigint('dispatched_at_ms', { mode: 'number' }),
  },
  (table) => [
    index('staff_alert_events_pending_idx').on(table.id).where(sql`${table.status} = 'pending'`),
    uniqueIndex('staff_alert_events_dedupe_key').on(table.dedupeKey),
    check('staff_alert_events_status_check', sql`${table.status} IN ('pending', 'dispatched')`),
  ],
);

/** Which events a staff member gets by which channel: one row per chosen pair. */
export const staffAlertPreferences = pgTable(
  'staff_alert_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.event, table.channel] }),
    check('staff_alert_preferences_channel_check', sql`${table.channel} IN ('email', 'telegram')`),
  ],
);

/** One message to send: an alert to one recipient on one channel, or the bot's answer to /start. */
export const staffAlertDeliveries = pgTable(
  'staff_alert_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' }).references(() => staffAlertEvents.id, {
      onDelete: 'cascade',
    }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    /** An e-mail address or a Telegram chat id. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAtMs: bigint('next_attempt_at_ms', { mode: 'number' }).notNull(),
    lastError: text('last_error'),
    createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
    sentAtMs: bigint('sent_at_ms', { mode: 'number' }),
  },
  (table) => [
    index('staff_alert_deliveries_due_idx').on(table.nextAttemptAtMs).where(sql`${table.status} = 'pending'`),
    uniqueIndex('staff_alert_deliveries_once_key').on(table.eventId, table.channel, table.recipient),
    check('staff_alert_deliveries_status_check', sql`${table.status} IN ('pending', 'sent', 'failed')`),
    check('staff_alert_deliveries_channel_check', sql`${table.channel} IN ('email', 'telegram')`),
  ],
);

/** A staff member's Telegram chat, linked through the bot's deep link. */
export const staffTelegramChats = pgTable('staff_telegram_chats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: text('chat_id').notNull(),
  linkedAtMs: bigint('linked_at_ms', { mode: 'number' }).notNull(),
});

/** One-time link tokens (SHA-256 of the token only): used once, and only before they expire. */
export const staffTelegramLinkTokens = pgTable(
  'staff_telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAtMs: bigint('expires_at_ms', { mode: 'number' }).notNull(),
    usedAtMs: bigint('used_at_ms', { mode: 'number' }),
  },
  (table) => [index('staff_telegram_link_tokens_user_idx').on(table.userId)],
);
