import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The back office's append-only audit log (server/application/audit-log.port.ts). Nothing updates or
 * deletes these rows; the migration revokes nothing because the app owns the schema, so the only
 * guarantee is the code: the repository has no update or delete.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorKind: text('actor_kind').$type<'admin' | 'client' | 'system'>().notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    /** The back-office area of the write (shared-rules/staff-role-rule.ts), for the log's filter. */
    area: text('area'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.at),
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.at),
  ],
);
