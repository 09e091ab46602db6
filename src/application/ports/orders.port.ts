import type { OptionalService } from '../../../shared-rules/delivery-service-rule';
import type { DeliveryMethod, PaymentMethod } from '../../../shared-rules/order-options-rule';
import type { OrderStatus } from '../../../shared-rules/order-status-rule';
import type { DeliveryChoice } from '../../domain/checkout';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The client's orders (spec §7 "Orders, payment, requests"). Prices, totals and statuses are the
 * server's; the browser sends ids, quantities and contact details.
 * Spec §5: orders by client need a positive numeric clientId, else a warning is logged and the call
 * falls back to id 0 — which owns no orders, so the adapter answers the empty list without a call.
 */
// The 14 statuses of the server's lifecycle chart, the delivery and payment methods: one vocabulary.
export type { DeliveryMethod };

export interface OrderContact {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
}

export interface OrderDelivery extends DeliveryChoice {
  readonly method: DeliveryMethod;
  /** Required for courier delivery. */
  readonly address?: string;
}

export interface NewOrder {
  readonly cart: readonly { readonly id: number; readonly quantity: number }[];
  readonly contact: OrderContact;
  /** With courier delivery, the day and window picked at checkout (issue 23). */
  readonly delivery: OrderDelivery & {
    readonly slot?: { readonly day: string; readonly windowId: number };
  };
  readonly comment?: string;
  readonly promoCode?: string;
  readonly paymentMethod: PaymentMethod;
  /** With online payment: СБП or installments (card when absent). */
  readonly onlineMethod?: 'sbp' | 'installments';
  readonly consent: boolean;
}

/** Money fields are integer kopecks (docs/money.md); screens print them with `formatKopecks`. */
interface OrderLine {
  readonly productId: number;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly lineTotal: number;
  /** The line's share of the order discount. */
  readonly discount: number;
  /** lineTotal − discount. */
  readonly netTotal: number;
}

export interface Order {
  readonly id: number;
  readonly clientId: number;
  readonly status: OrderStatus;
  readonly createdAt: string;
  readonly items: readonly OrderLine[];
  /** Kopecks: Σ lineTotal; total = subtotal − discount. */
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly promoCode: string | null;
  readonly contact: OrderContact;
  readonly delivery: { readonly method: DeliveryMethod; readonly address: string | null };
  readonly comment: string | null;
  readonly paymentMethod: PaymentMethod;
  readonly paymentAllowed: boolean;
  readonly paid: boolean;
  /** Paid / refunded / remaining in kopecks (issue 22); «Частично возвращено» when `partial`. */
  readonly payment?: {
    readonly paid: number;
    readonly refunded: number;
    readonly remaining: number;
    readonly refundState: 'none' | 'partial' | 'full';
  };
  readonly history: readonly { readonly status: OrderStatus; readonly at: string }[];
  /** Notes the shop wrote to the client on this order, oldest first. */
  readonly notes?: readonly { readonly id: number; readonly text: string; readonly at: string }[];
  /** Only right after placing an online order: `/pay/{id}?t=…`, the signed pay link (no sign-in). */
  readonly payLink?: string;
}

/** What the checkout asks a quote for (POST /api/orders/quote): the cart, the code and the delivery. */
export interface QuoteRequest {
  readonly cart: readonly { readonly id: number; readonly quantity: number }[];
  readonly delivery: { readonly method: DeliveryMethod } & DeliveryChoice & {
      /** Issue 23: the chosen day and window; a paid window is a line of the quote as of the order. */
      readonly slot?: { readonly day: string; readonly windowId: number };
    };
  readonly promoCode?: string;
}

/** A service line of a quote or an order: «Доставка», «Подъём на 5 этаж без лифта», «Сборка»… */
export interface ServiceLine {
  readonly kind: string;
  readonly label: string;
  /** Kopecks. */
  readonly amount: number;
}

/** A service's price at its checkbox: what ticking it adds to the quote. */
export interface ServiceOffer {
  readonly service: OptionalService;
  /** Kopecks. */
  readonly amount: number;
}

/**
 * The checkout quote in kopecks, priced by the order's own pricing (docs/money.md «The checkout
 * quote»): «Товары» subtotal, «Скидка по промокоду» discount, «Доставка» delivery (null with a note
 * when the manager tells it), «Итого» total; per line `available` units when the stock is limited.
 */
export interface OrderQuote {
  readonly items: readonly (OrderLine & { readonly available: number | null })[];
  readonly subtotal: number;
  readonly discount: number;
  /** The delivery services (issue 23); absent in an answer from before them. */
  readonly services?: readonly ServiceLine[];
  readonly delivery: number | null;
  readonly deliveryNote: string | null;
  readonly total: number;
  /**
   * Issue 23: each service's price for this cart and delivery, shown at its checkbox — the amount of
   * the line the quote adds when the box is ticked (kopecks); absent in an answer from before them.
   */
  readonly offers?: readonly ServiceOffer[];
  readonly promo:
    | { readonly status: 'none' }
    | { readonly status: 'applied'; readonly code: string }
    | {
        readonly status: 'problem';
        readonly code: string;
        readonly problem: string;
        readonly message: string;
      };
}

/** The name, phone and address of a signed-in client's own last order. */
export interface LastOrderContact {
  readonly name: string;
  readonly phone: string;
  readonly address: string | null;
}

export interface OrdersPort {
  /** What the checkout will cost, priced by the server like the order (no order is made). */
  quote(request: QuoteRequest, options?: CallOptions): Promise<OrderQuote>;
  /** The signed-in client's last order's contact and address; null without one. */
  lastContact(options?: CallOptions): Promise<LastOrderContact | null>;
  listByClient(clientId: number, options?: CallOptions): Promise<readonly Order[]>;
  /**
   * Places an order. The same `idempotencyKey` on a retry returns the order the first attempt made,
   * so a double click or a lost answer never places two orders.
   */
  create(order: NewOrder, idempotencyKey: string, options?: CallOptions): Promise<Order>;
  updateAddress(orderId: number, delivery: OrderDelivery, options?: CallOptions): Promise<Order>;
  updateContact(orderId: number, contact: OrderContact, options?: CallOptions): Promise<Order>;
  updateComment(orderId: number, comment: string, options?: CallOptions): Promise<Order>;
}

export const ORDERS_PORT: PortToken<OrdersPort> = portToken<OrdersPort>('OrdersPort');
