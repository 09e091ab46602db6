import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';

/** Consultation and feedback requests, their messages, and stored attachments (DATA_DIR/uploads). */
export const clientRequests = pgTable(
  'client_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'consultation' | 'feedback'>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    email: text('email'),
    /** Server-generated file name under DATA_DIR/uploads; never derived from what was uploaded. */
    attachmentKey: text('attachment_key'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('client_requests_client_idx').on(table.clientId, table.createdAt),
    index('client_requests_created_idx').on(table.createdAt),
  ],
);

/** Follow-up messages on a request: the shop's replies and the client's answers. */
export const requestMessages = pgTable(
  'request_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => clientRequests.id, { onDelete: 'cascade' }),
    author: text('author').$type<'admin' | 'client'>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('request_messages_request_idx').on(table.requestId, table.createdAt),
    index('request_messages_created_idx').on(table.createdAt),
  ],
);
