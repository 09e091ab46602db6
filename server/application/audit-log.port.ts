import type { AdminArea } from '../../shared-rules/staff-role-rule';

/**
 * The append-only audit log of the back office: every administrator write (and every system write that
 * changes what an administrator sees) is one entry, never updated or deleted. Before/after hold only
 * the fields that changed, so an entry reads «поле: было → стало».
 */
type AuditActorKind = 'admin' | 'client' | 'system';

export interface AuditEntry {
  readonly actorKind: AuditActorKind;
  /** The user id of the administrator or client; null for the system. */
  readonly actorId: number | null;
  /** What was done, `area.verb`: `order.statusChanged`, `product.updated`, `request.replied`… */
  readonly action: string;
  /** The kind of thing changed: `order`, `product`, `category`, `request`, `client`, `promo`… */
  readonly entityType: string;
  readonly entityId: string;
  readonly before?: Readonly<Record<string, unknown>> | null;
  readonly after?: Readonly<Record<string, unknown>> | null;
  /** The client address of the request that made the change, when there was one. */
  readonly ip?: string | null;
}

export interface AuditRecord extends AuditEntry {
  readonly id: number;
  /** Epoch milliseconds. */
  readonly at: number;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listFor(entityType: string, entityId: string, limit?: number): Promise<AuditRecord[]>;
}

/** What the owner's «Журнал действий» asks for (docs/staff.md «The audit log»). */
export interface AuditFilter {
  readonly actorId?: number;
  readonly area?: AdminArea;
  /** Epoch milliseconds, inclusive / exclusive. */
  readonly fromMs?: number;
  readonly toMs?: number;
  /** Text found (case-insensitively) in the action, the entity's kind or id, or a value before / after. */
  readonly text?: string;
  readonly page: number;
  readonly limit: number;
}

export interface AuditListing {
  readonly items: readonly (AuditRecord & {
    readonly area: AdminArea | null;
    /** The staff member's name (or e-mail when they have none); null for the system. */
    readonly actorName: string | null;
  })[];
  readonly total: number;
}

export interface AuditSearch {
  search(filter: AuditFilter): Promise<AuditListing>;
}
