import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The 152-FZ consent ledger (issue 26, item 3; docs/privacy.md): one row per consent given with a form
 * or withdrawn in the account. Rows are only added, never changed: the latest row of a purpose and
 * subject decides. The subject is kept as written (client id, e-mail, phone), without a foreign key,
 * so the proof outlives an account.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'personal_data' or 'marketing'. */
    purpose: text('purpose').$type<'personal_data' | 'marketing'>().notNull(),
    /** 'given' or 'withdrawn'. */
    action: text('action').$type<'given' | 'withdrawn'>().notNull(),
    /** The static page the consent agrees to, and its version at that moment (0: not published). */
    document: text('document').notNull(),
    documentVersion: integer('document_version').notNull(),
    /** register, checkout, request, subscribe, account. */
    source: text('source').notNull(),
    clientId: integer('client_id'),
    email: text('email'),
    phone: text('phone'),
    /** What the form made: `order:12`, `request:5`. */
    reference: text('reference'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_records_created_idx').on(table.createdAt),
    index('consent_records_client_idx').on(table.clientId, table.createdAt),
    index('consent_records_email_idx').on(table.email),
  ],
);
