import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';

/**
 * The managers' own words about a client (issue 25, item 9): a free note and short tags («дизайнер»,
 * «опт», «VIP»). Internal to the back office — never part of anything the client reads. One row per
 * client, written by the first save; every change is in the audit log (action client.notesChanged).
 */
export const clientNotes = pgTable('client_notes', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  notes: text('notes').notNull().default(''),
  tags: text('tags').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The administrator who saved last (null once that account is gone). */
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
