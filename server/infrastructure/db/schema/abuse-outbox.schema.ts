import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The durable mail outbox (migration 0007): `Mailer.send` inserts a row, the mail worker sends due
 * rows, retrying with exponential backoff. The body is erased once the row is sent or given up, so
 * temporary passwords do not stay in the database.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
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
    index('mail_outbox_due_idx').on(table.nextAttemptAtMs).where(sql`${table.status} = 'pending'`),
    check('mail_outbox_status_check', sql`${table.status} IN ('pending', 'sent', 'failed')`),
  ],
);

/** Failed logins per key, for progressive delays (server/domain/login-throttle.ts). */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAtMs: bigint('last_failure_at_ms', { mode: 'number' }).notNull(),
  blockedUntilMs: bigint('blocked_until_ms', { mode: 'number' }).notNull(),
});

/** Secrets generated once by the first server and shared by every process (device-cookie key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
