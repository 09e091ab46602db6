import type { ServiceKind } from '../../../shared-rules/delivery-service-rule';
import type {
  DeliveryMethod as AdminDeliveryMethod,
  PaymentMethod as AdminPaymentMethod,
  LiftKind,
  PaymentState,
} from '../../../shared-rules/order-options-rule';
import type { OrderStatus as AdminOrderStatus } from '../../../shared-rules/order-status-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The back office's order calls (spec §7 "Admin: Orders", api/admin-orders.ts); an administrator
 * session only. Every status move goes through the server's order lifecycle chart: an order's
 * `actions` lists the moves allowed now, and the screens offer only those. Money is in roubles.
 */

export {
  type DeliveryMethod as AdminDeliveryMethod,
  type LiftKind,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  type PaymentMethod as AdminPaymentMethod,
  type PaymentState,
} from '../../../shared-rules/order-options-rule';
// The order vocabulary has one home, shared-rules/ (issue 25, item 4); the back office reads it here
// under the names its screens use.
export {
  isOrderStatus as isAdminOrderStatus,
  ORDER_STATUS_LABELS as ADMIN_ORDER_STATUS_LABELS,
  ORDER_STATUSES as ADMIN_ORDER_STATUSES,
  type OrderStatus as AdminOrderStatus,
} from '../../../shared-rules/order-status-rule';

interface OrderActionOption {
  readonly to: AdminOrderStatus;
  /** The button's verb («Подтвердить», «Отменить заказ»). */
  readonly label: string;
}

/** Money fields are integer kopecks (docs/money.md); screens print them with `formatKopecks`. */
interface AdminOrderLine {
  readonly productId: number;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly lineTotal: number;
  /** The line's share of the order discount. */
  readonly discount: number;
  /** lineTotal − discount. */
  readonly netTotal: number;
  /** Sold «под заказ»: the stock did not cover it. */
  readonly backorder?: boolean;
}

interface AdminDeliveryDetails {
  readonly date: string | null;
  readonly timeSlot: string | null;
  readonly floor: number | null;
  readonly lift: LiftKind | null;
  readonly assembly: boolean;
}

/** A booked delivery slot: the day, the window's id and label, its price (kopecks, 0: free). */
interface OrderDeliverySlot {
  readonly day: string;
  readonly windowId: number;
  readonly label: string;
  readonly price: number;
}

/** A service line of the order; `kind` is one of shared-rules/delivery-service-rule.ts SERVICE_KINDS. */
export interface OrderServiceLine {
  readonly kind: ServiceKind;
  readonly label: string;
  /** Kopecks, whole roubles. */
  readonly amount: number;
}

export interface AdminOrder {
  readonly id: number;
  readonly clientId: number;
  readonly status: AdminOrderStatus;
  readonly statusLabel: string;
  readonly actions: readonly OrderActionOption[];
  readonly statusSince: string;
  readonly overdue: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deletedAt: string | null;
  readonly items: readonly AdminOrderLine[];
  /** Kopecks, like every amount of the order. */
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly promoCode: string | null;
  readonly contact: { readonly name: string; readonly phone: string; readonly email: string };
  readonly delivery: {
    readonly method: AdminDeliveryMethod;
    readonly address: string | null;
    /** The booked day and window (issue 23): absent when no window was booked. */
    readonly slot?: OrderDeliverySlot;
  };
  readonly deliveryDetails: AdminDeliveryDetails;
  /** Delivery and its services («Доставка», «Подъём на 5 этаж», «Сборка»…), in kopecks. */
  readonly services?: readonly OrderServiceLine[];
  readonly comment: string | null;
  readonly paymentMethod: AdminPaymentMethod;
  readonly paymentAllowed: boolean;
  readonly paid: boolean;
  readonly paymentState: PaymentState;
  /** Kopecks taken online and not refunded. */
  readonly paidAmount: number;
  /** Kopecks the pay page charges in «Ожидает предоплаты»; null → the default 10 %. */
  readonly prepaymentAmount?: number | null;
  /** Paid / refunded / remaining in kopecks (issue 22). */
  readonly payment?: OrderPaymentSummary;
}

/** «Оплачено N ₽ · Осталось M ₽»; `partial` → «Частично возвращено», `full` → «Возвращено». Kopecks. */
export interface OrderPaymentSummary {
  readonly paid: number;
  readonly refunded: number;
  readonly remaining: number;
  readonly refundState: 'none' | 'partial' | 'full';
}

/** A prepayment a manager asks for: a percent of the total or a sum in kopecks. */
export type PrepaymentAsk = { readonly percent: number } | { readonly amount: number };

/** A partial refund: lines (index in `items`, units) or an amount in kopecks. */
export type RefundAsk =
  | { readonly lines: readonly { readonly line: number; readonly quantity: number }[] }
  | { readonly amount: number };

type TimelineKind = 'created' | 'status' | 'client_edit' | 'admin_edit' | 'payment' | 'mail' | 'note';
export type NoteVisibility = 'internal' | 'client';

export interface TimelineEntry {
  readonly id: string;
  readonly at: string;
  readonly kind: TimelineKind;
  readonly actorKind: 'client' | 'admin' | 'system';
  readonly actorName: string | null;
  readonly title: string;
  readonly changes: readonly {
    readonly field: string;
    readonly label: string;
    readonly before: string | null;
    readonly after: string | null;
  }[];
  readonly text: string | null;
  readonly visibility: NoteVisibility | null;
}

export interface AdminOrderDetail extends AdminOrder {
  readonly timeline: readonly TimelineEntry[];
}

export type AdminOrderSort = 'createdAt' | 'total' | 'status' | 'updatedAt';

/** The list filters (also the export's). Every field optional; combined with AND. */
export interface AdminOrderQuery {
  readonly status?: readonly AdminOrderStatus[];
  /** YYYY-MM-DD, creation day (Moscow). */
  readonly from?: string;
  readonly to?: string;
  readonly payment?: PaymentState;
  readonly delivery?: AdminDeliveryMethod;
  readonly promo?: string;
  readonly clientId?: number;
  /** Number, name, e-mail or phone (any spelling of the phone). */
  readonly q?: string;
  /** The bin (soft-deleted orders) instead of the live ones. */
  readonly deleted?: boolean;
  readonly overdue?: boolean;
  readonly sort?: AdminOrderSort;
  readonly dir?: 'asc' | 'desc';
  readonly page?: number;
  readonly limit?: number;
}

export interface AdminOrderPage {
  readonly items: readonly AdminOrder[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

/** Bulk calls succeed or fail per order, in the order of the ids. */
export interface BulkOutcome {
  readonly results: readonly {
    readonly id: number;
    readonly ok: boolean;
    readonly error?: string;
    readonly code?: string;
  }[];
}

export interface ContactPatch {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
}

export interface DeliveryPatch {
  readonly method: AdminDeliveryMethod;
  readonly address?: string | null;
  readonly date?: string | null;
  readonly timeSlot?: string | null;
  readonly floor?: number | null;
  readonly lift?: LiftKind | null;
  readonly assembly?: boolean;
}

export interface CartLinePatch {
  readonly productId: number;
  readonly quantity: number;
}

export interface NewAdminOrder {
  readonly clientId?: number;
  readonly newClient?: ContactPatch;
  readonly contact?: ContactPatch;
  readonly lines: readonly CartLinePatch[];
  readonly delivery: DeliveryPatch;
  readonly promoCode?: string;
  readonly paymentMethod: AdminPaymentMethod;
  readonly comment?: string;
  readonly sendPayLink?: boolean;
}

export type ExportFormat = 'csv' | 'xlsx';
/** Which sheet: one row an order, or one row an order line («Позиции»). */
export type OrderExportSheet = 'orders' | 'lines';

export interface AdminOrdersPort {
  list(query?: AdminOrderQuery, options?: CallOptions): Promise<AdminOrderPage>;
  get(orderId: number, options?: CallOptions): Promise<AdminOrderDetail>;
  /** `expected`: the status the manager saw; a stale one fails with 409 `status_changed`. */
  updateStatus(
    orderId: number,
    status: AdminOrderStatus,
    expected: AdminOrderStatus,
    options?: CallOptions,
  ): Promise<AdminOrderDetail>;
  allowPayment(orderId: number, allowed: boolean, options?: CallOptions): Promise<AdminOrderDetail>;
  /** The order's signed pay link (opens the pay page without signing in; issue 22, item 5). */
  payLink(orderId: number, options?: CallOptions): Promise<{ readonly url: string }>;
  /** «Отправить ссылку на оплату заново»: earlier links stop working; the new one is mailed. */
  reissuePayLink(
    orderId: number,
    options?: CallOptions,
  ): Promise<{ readonly url: string; readonly mailed: boolean }>;
  remove(orderId: number, options?: CallOptions): Promise<AdminOrderDetail>;
  restore(orderId: number, options?: CallOptions): Promise<AdminOrderDetail>;
  updateContact(orderId: number, contact: ContactPatch, options?: CallOptions): Promise<AdminOrderDetail>;
  updatePayment(
    orderId: number,
    paymentMethod: AdminPaymentMethod,
    options?: CallOptions,
  ): Promise<AdminOrderDetail>;
  updateDelivery(orderId: number, delivery: DeliveryPatch, options?: CallOptions): Promise<AdminOrderDetail>;
  updatePromo(orderId: number, promoCode: string | null, options?: CallOptions): Promise<AdminOrderDetail>;
  /**
   * Replaces the order's service lines; the server recomputes the total. `seenTotal` is the total the
   * card showed: another one now fails with 409 `order_changed`; after payment 409 `order_locked`.
   */
  updateServices(
    orderId: number,
    services: readonly OrderServiceLine[],
    seenTotal: number,
    options?: CallOptions,
  ): Promise<AdminOrderDetail>;
  updateCart(
    orderId: number,
    lines: readonly CartLinePatch[],
    options?: CallOptions,
  ): Promise<AdminOrderDetail>;
  addNote(
    orderId: number,
    note: { readonly text: string; readonly visibility: NoteVisibility },
    options?: CallOptions,
  ): Promise<AdminOrderDetail>;
  create(order: NewAdminOrder, options?: CallOptions): Promise<AdminOrderDetail>;
  /** Stores the prepayment and moves the order to «Ожидает предоплаты» (issue 22). */
  requestPrepayment(orderId: number, ask: PrepaymentAsk, options?: CallOptions): Promise<void>;
  /** Returns part of the paid money; answers the refunded kopecks. */
  refund(
    orderId: number,
    ask: RefundAsk,
    reason: string,
    options?: CallOptions,
  ): Promise<{ readonly amount: number }>;
  /** Each order with the status the manager saw in the list. */
  bulkUpdateStatus(
    orders: readonly { readonly id: number; readonly expectedStatus: AdminOrderStatus }[],
    status: AdminOrderStatus,
    options?: CallOptions,
  ): Promise<BulkOutcome>;
  bulkAllowPayment(
    orderIds: readonly number[],
    allowed: boolean,
    options?: CallOptions,
  ): Promise<BulkOutcome>;
  bulkDelete(orderIds: readonly number[], options?: CallOptions): Promise<BulkOutcome>;
  bulkRestore(orderIds: readonly number[], options?: CallOptions): Promise<BulkOutcome>;
  /** Where the file of the filtered list is (open it as a link; the browser downloads it). */
  exportUrl(query: AdminOrderQuery, format: ExportFormat, sheet: OrderExportSheet): Promise<string>;
}

export const ADMIN_ORDERS_PORT: PortToken<AdminOrdersPort> = portToken<AdminOrdersPort>('AdminOrdersPort');
