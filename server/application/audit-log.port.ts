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
