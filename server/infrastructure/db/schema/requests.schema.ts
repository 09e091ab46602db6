import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** Migration 0006: new, in_work, waiting_client, closed. */
    status: text('status').$type<'new' | 'in_work' | 'waiting_client' | 'closed'>().notNull().default('new'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** When an administrator last opened the thread; unread when older than clientActivityAt. */
    adminReadAt: timestamp('admin_read_at', { withTimezone: true, mode: 'date' }),
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true, mode: 'date' }),
    /** The request itself or the client's latest message. */
    clientActivityAt: timestamp('client_activity_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** The earliest client word the shop has not answered yet; null once the shop replies. */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true, mode: 'date' }),
    /**
     * Moved (whole milliseconds, strictly rising) by a trigger whenever the status or the assignee
     * changes (migration 0006): the compare-and-set stamp of the admin PATCH.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (table) => [
    index('client_requests_client_idx').on(table.clientId, table.createdAt),
    index('client_requests_created_idx').on(table.createdAt),
    index('client_requests_status_idx').on(table.status, table.createdAt),
    index('client_requests_assignee_idx').on(table.assigneeId, table.createdAt),
    // The inbox sorts unread first (never opened, or the client wrote since it was opened).
    index('client_requests_unread_idx').on(
      sql`(${table.adminReadAt} IS NULL OR ${table.adminReadAt} < ${table.clientActivityAt}) DESC`,
      sql`${table.createdAt} DESC`,
    ),
    check(
      'client_requests_status_check',
      sql`${table.status} IN ('new', 'in_work', 'waiting_client', 'closed')`,
    ),
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
    /** Migration 0006: the administrator or client who wrote it (null for older rows). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('request_messages_request_idx').on(table.requestId, table.createdAt),
    index('request_messages_created_idx').on(table.createdAt),
  ],
);
