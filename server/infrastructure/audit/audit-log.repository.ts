import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { auditCodesNamed } from '../../../shared-rules/audit-action-rule';
import { isAdminArea } from '../../../shared-rules/staff-role-rule';
import type {
  AuditEntry,
  AuditFilter,
  AuditListing,
  AuditLog,
  AuditRecord,
  AuditSearch,
} from '../../application/audit-log.port';
import { auditAreaOf } from '../../domain/audit-area';
import { likePattern } from '../../domain/contact-search';
import type { AppDb } from '../db/database';
import { users } from '../db/schema/accounts.schema';
import { auditLog } from '../db/schema/audit.schema';

type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** Append-only: there is deliberately no update or delete here. */
export class SqlAuditLog implements AuditLog, AuditSearch {
  constructor(private readonly db: AppDb | Tx) {}

  /** The same log inside a caller's transaction, so an entry lands (or not) with the change it records. */
  within(tx: Tx): SqlAuditLog {
    return new SqlAuditLog(tx);
  }

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({
      actorKind: entry.actorKind,
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: entry.before ? { ...entry.before } : null,
      after: entry.after ? { ...entry.after } : null,
      ip: entry.ip ?? null,
      area: auditAreaOf(entry.entityType),
    });
  }

  async search(filter: AuditFilter): Promise<AuditListing> {
    const conditions: SQL[] = [];
    if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
    if (filter.area !== undefined) conditions.push(eq(auditLog.area, filter.area));
    if (filter.fromMs !== undefined) conditions.push(gte(auditLog.at, new Date(filter.fromMs)));
    if (filter.toMs !== undefined) conditions.push(lt(auditLog.at, new Date(filter.toMs)));
    if (filter.text !== undefined) {
      const pattern = likePattern(filter.text.trim());
      // The screen shows labels, not codes: text found in an action's, a record kind's or a status's
      // or role's Russian label finds the entries stored under its code (shared-rules/audit-action-rule.ts).
      const named = auditCodesNamed(filter.text);
      const found = or(
        sql`${auditLog.action} ilike ${pattern}`,
        sql`${auditLog.entityType} ilike ${pattern}`,
        sql`${auditLog.entityId} ilike ${pattern}`,
        sql`coalesce(${auditLog.before}::text, '') ilike ${pattern}`,
        sql`coalesce(${auditLog.after}::text, '') ilike ${pattern}`,
        ...(named.actions.length > 0 ? [inArray(auditLog.action, [...named.actions])] : []),
        ...(named.kinds.length > 0 ? [inArray(auditLog.entityType, [...named.kinds])] : []),
        ...named.values.flatMap((code) => {
          const quoted = likePattern(JSON.stringify(code));
          return [
            sql`coalesce(${auditLog.before}::text, '') ilike ${quoted}`,
            sql`coalesce(${auditLog.after}::text, '') ilike ${quoted}`,
          ];
        }),
      );
      if (found !== undefined) conditions.push(found);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ entry: auditLog, name: users.name, email: users.email })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit),
      this.db.select({ value: count() }).from(auditLog).where(where),
    ]);
    return {
      total: total?.value ?? 0,
      items: rows.map(({ entry, name, email }) => ({
        ...recordOf(entry),
        area: isAdminArea(entry.area) ? entry.area : null,
        actorName: entry.actorId === null ? null : (name ?? email ?? `№ ${entry.actorId}`),
      })),
    };
  }

  async listFor(entityType: string, entityId: string, limit = 200): Promise<AuditRecord[]> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
    return rows.map(recordOf);
  }
}

function recordOf(row: typeof auditLog.$inferSelect): AuditRecord {
  return {
    id: row.id,
    actorKind: row.actorKind,
    actorId: row.actorId,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    at: row.at.getTime(),
  };
}
