import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntry, AuditLog, AuditRecord } from '../../application/audit-log.port';
import type { AppDb } from '../db/database';
import { auditLog } from '../db/schema/audit.schema';

type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** Append-only: there is deliberately no update or delete here. */
export class SqlAuditLog implements AuditLog {
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
    });
  }

  async listFor(entityType: string, entityId: string, limit = 200): Promise<AuditRecord[]> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
    return rows.map((row) => ({
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
    }));
  }
}
