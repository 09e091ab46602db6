import type { LiftKind } from '../../shared-rules/order-options-rule';
import type { ServiceLine } from '../domain/delivery-quote';
import type { PaymentState } from '../domain/order-admin-rules';
import type { OrderStatus } from '../domain/order-lifecycle.machine';
import type { PricedLine } from '../domain/order-pricing';
import type { AuditEntry, AuditRecord } from './audit-log.port';
import type { DeliveryMethod, OrderContact, OrderRecord, PaymentMethod } from './orders.port';

export type { LiftKind };

export interface DeliveryDetailsRecord {
  /** YYYY-MM-DD. */
  readonly date: string | null;
  readonly timeSlot: string | null;
  readonly floor: number | null;
  readonly lift: LiftKind | null;
  readonly assembly: boolean;
}

/** An order as the back office sees it. Money in kopecks, times in epoch milliseconds. */
export interface AdminOrderRecord extends OrderRecord {
  readonly paidAmount: number;
  /** Kopecks the pay page charges in awaiting_prepayment, set by a manager; null → the default rule. */
  readonly prepaymentAmount: number | null;
  readonly updatedAt: number;
  readonly deletedAt: number | null;
  /** When the order entered its current status. */
  readonly statusSince: number;
  readonly deliveryDetails: DeliveryDetailsRecord;
}

type AdminOrderSort = 'createdAt' | 'total' | 'status' | 'updatedAt';

export interface AdminOrderListFilter {
  readonly statuses?: readonly OrderStatus[];
  /** Creation time bounds, epoch ms: from inclusive, to exclusive. */
  readonly createdFrom?: number;
  readonly createdBefore?: number;
  readonly payment?: PaymentState;
  readonly delivery?: DeliveryMethod;
  readonly promo?: string;
  readonly clientId?: number;
  readonly paymentAllowed?: boolean;
  readonly q?: string;
  /** true: the bin only; false: live orders only. */
  readonly deleted: boolean;
  /** Only orders overdue at this instant. */
  readonly overdueAt?: number;
  readonly sort: AdminOrderSort;
  readonly dir: 'asc' | 'desc';
}

/** The columns a manager may edit outside status moves. */
export interface AdminOrderPatch {
  readonly contact?: OrderContact;
  readonly paymentMethod?: PaymentMethod;
  /** Kopecks, or null for the default rule; applied only while total − paid still covers it. */
  readonly prepaymentAmount?: number | null;
  readonly delivery?: { readonly method: DeliveryMethod; readonly address: string | null };
  readonly deliveryDetails?: DeliveryDetailsRecord;
  readonly pricing?: {
    readonly items: readonly PricedLine[];
    readonly subtotal: number;
    readonly discount: number;
    readonly total: number;
    readonly promoCode: string | null;
  };
  /**
   * The order's services (issue 23); written only while the total is still `seenTotal`, and the
   * total becomes subtotal − discount + Σ amount in the same statement.
   */
  readonly services?: {
    readonly lines: readonly ServiceLine[];
    readonly seenTotal: number;
  };
}

export interface NewAdminOrderRecord {
  readonly clientId: number;
  readonly items: readonly PricedLine[];
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly promoCode: string | null;
  readonly contact: OrderContact;
  readonly delivery: { readonly method: DeliveryMethod; readonly address: string | null };
  readonly deliveryDetails: DeliveryDetailsRecord;
  readonly comment: string | null;
  readonly paymentMethod: PaymentMethod;
}

export interface OrderNoteRecord {
  readonly id: number;
  readonly orderId: number;
  readonly authorId: number | null;
  readonly text: string;
  readonly visibility: 'internal' | 'client';
  readonly at: number;
}

/** Raw material of the timeline, each source as stored; the service merges and words it. */
export interface OrderTimelineSources {
  readonly events: readonly {
    readonly id: number;
    readonly kind: string;
    readonly actor: 'client' | 'admin' | 'system';
    readonly fromStatus: string | null;
    readonly toStatus: string | null;
    readonly at: number;
  }[];
  readonly audit: readonly AuditRecord[];
  readonly payments: readonly {
    readonly id: string;
    readonly amount: number;
    readonly status: string;
    readonly createdAt: number;
    readonly settledAt: number | null;
  }[];
  /** Refunds of the order's payments (requested, then confirmed by the gateway). */
  readonly refunds: readonly {
    readonly id: string;
    readonly amount: number;
    readonly status: string;
    readonly createdAt: number;
    readonly settledAt: number | null;
  }[];
  /** The settlement receipt on delivery (54-FZ №2): the prepayment counted, the rest taken at handover. */
  readonly settlementReceipts: readonly {
    readonly id: number;
    readonly amount: number;
    readonly prepaid: number;
    readonly postpaid: number;
    readonly sent: boolean;
    readonly at: number;
  }[];
  readonly mails: readonly {
    readonly id: number;
    readonly template: string;
    readonly subject: string;
    readonly at: number;
  }[];
  readonly notes: readonly OrderNoteRecord[];
  /** Names (or e-mails) of the users the entries mention, by id. */
  readonly people: ReadonlyMap<number, string>;
}

export interface ClientContactRecord {
  readonly id: number;
  readonly role: 'user' | 'admin';
  readonly name: string | null;
  readonly phone: string | null;
  readonly email: string;
}

export interface AdminOrdersRepository {
  find(id: number): Promise<AdminOrderRecord | null>;
  list(
    filter: AdminOrderListFilter,
    page: number,
    limit: number,
  ): Promise<{ readonly items: AdminOrderRecord[]; readonly total: number }>;
  /** Every matching order in the list's order, read in batches (export). */
  stream(filter: AdminOrderListFilter, max: number): AsyncIterable<AdminOrderRecord>;
  /**
   * Compare-and-set status change in one transaction: only if the status is still `from` (and the
   * order is not in the bin). Sets the payment gate, `paid_at` when marked paid, the status time, one
   * order event and the audit entry. False when the order moved (or was deleted) meanwhile.
   */
  moveStatus(input: {
    readonly id: number;
    readonly from: OrderStatus;
    readonly to: OrderStatus;
    readonly actor: 'admin' | 'system';
    readonly paymentAllowed: boolean;
    readonly markPaid: boolean;
    readonly audit: AuditEntry;
  }): Promise<boolean>;
  /** Bin or restore (compare-and-set on deleted_at), with the audit entry. False when already so. */
  setDeleted(id: number, deleted: boolean, audit: AuditEntry): Promise<boolean>;
  /**
   * Writes the patch and the audit entry in one transaction, only while the order is live and its
   * status is one of `whileStatusIn` (when given) and nothing was paid. False otherwise.
   */
  update(
    id: number,
    patch: AdminOrderPatch,
    audit: AuditEntry,
    whileStatusIn?: readonly OrderStatus[],
  ): Promise<boolean>;
  /**
   * The order, its 'created' event (by the admin) and the audit entry, in one transaction; a delivery
   * date takes the day's place there like a checkout (a full day throws DeliveryDayFullError).
   */
  insert(order: NewAdminOrderRecord, audit: (id: number) => AuditEntry): Promise<number>;
  addNote(
    note: Omit<OrderNoteRecord, 'id' | 'at'>,
    audit: (noteId: number) => AuditEntry,
  ): Promise<OrderNoteRecord>;
  /** An audit entry of a write that changes no order row (a re-issued pay link). */
  recordAudit(entry: AuditEntry): Promise<void>;
  recordMail(
    orderId: number,
    mail: { readonly template: string; readonly subject: string; readonly to: string },
  ): Promise<void>;
  timelineSources(id: number): Promise<OrderTimelineSources>;
  clientContact(clientId: number): Promise<ClientContactRecord | null>;
}
