import type { DeliveryZone } from '../../shared-rules/delivery-service-rule';
import type { ItemClass } from '../../shared-rules/item-class-rule';
import type { DeliveryMethod, LiftKind, PaymentMethod } from '../../shared-rules/order-options-rule';
import type { PromoLimit, StockFact } from '../domain/checkout-quote';
import type { ServiceLine } from '../domain/delivery-quote';
import type { OrderStatus } from '../domain/order-lifecycle.machine';
import type { PricedLine, PromoRule } from '../domain/order-pricing';

export type { DeliveryMethod, PaymentMethod };

export interface OrderContact {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
}

export interface OrderDelivery {
  readonly method: DeliveryMethod;
  readonly address: string | null;
}

/** Where and how the goods are delivered, as priced at checkout (issue 23). */
interface DeliveryOptions {
  readonly zone: DeliveryZone;
  readonly kmBeyondKad: number;
  readonly floor: number;
  readonly lift: LiftKind;
  readonly assembly: boolean;
}

/** What the delivery services price a product as. */
export interface ProductDeliveryFacts {
  readonly itemClass: ItemClass;
  readonly assemblyAvailable: boolean;
}

/** The delivery slot an order booked at checkout (issue 23): the day and window, its price in kopecks. */
export interface OrderDeliverySlot {
  readonly day: string;
  readonly windowId: number;
  readonly label: string;
  readonly price: number;
}

/** Money in kopecks; times in epoch milliseconds. */
export interface OrderRecord {
  readonly id: number;
  readonly clientId: number;
  readonly status: OrderStatus;
  readonly items: readonly PricedLine[];
  readonly subtotal: number;
  readonly discount: number;
  /** subtotal − discount + Σ services. */
  readonly total: number;
  readonly promoCode: string | null;
  readonly contact: OrderContact;
  readonly delivery: OrderDelivery;
  /** Delivery and its services (issue 23): «Доставка», «Подъём на 5 этаж», «Сборка»… */
  readonly services: readonly ServiceLine[];
  /** The booked delivery slot; null when none was chosen (the manager agrees the day by phone). */
  readonly deliverySlot?: OrderDeliverySlot | null;
  readonly comment: string | null;
  readonly paymentMethod: PaymentMethod;
  readonly paymentAllowed: boolean;
  readonly paidAt: number | null;
  /** Kopecks taken online and not refunded. */
  readonly paidAmount: number;
  /** Kopecks refunded from the order's online payments (with paidAt, decides `paid`: order-admin-rules). */
  readonly refundedAmount: number;
  readonly createdAt: number;
  readonly history: readonly { readonly status: OrderStatus; readonly at: number }[];
  /** Notes the shop made visible to the client (the client's own list only). */
  readonly notes?: readonly { readonly id: number; readonly text: string; readonly at: number }[];
}

export interface NewOrder {
  readonly clientId: number;
  readonly items: readonly PricedLine[];
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly promoCode: string | null;
  readonly contact: OrderContact;
  readonly delivery: OrderDelivery;
  readonly services: readonly ServiceLine[];
  /** Null when the zone was not given (the manager prices the delivery). */
  readonly deliveryOptions: DeliveryOptions | null;
  /** Booked in the order's transaction; the day's capacity refuses it with DeliveryDayFullError. */
  readonly deliverySlot?: OrderDeliverySlot;
  readonly comment: string | null;
  readonly paymentMethod: PaymentMethod;
  /** Card, СБП or installments, chosen at checkout with online payment. */
  readonly onlineMethod?: string;
  readonly idempotencyKey: string | null;
  readonly requestHash: string;
}

export interface OrdersRepository {
  /**
   * One transaction: the order, its 'created' event and the client's saved cart cleared. With an
   * idempotency key, a second call (even concurrent) returns the first order with created = false.
   */
  create(
    order: NewOrder,
  ): Promise<{ readonly order: OrderRecord; readonly created: boolean; readonly requestHash: string | null }>;
  findById(id: number): Promise<OrderRecord | null>;
  /** The client's live orders (the bin is hidden from the client too), with the notes shown to them. */
  listByClient(clientId: number): Promise<OrderRecord[]>;
  /** Changes client-editable fields only while the status is one of `editable`; records the event. */
  updateDetails(
    id: number,
    patch: {
      readonly contact?: OrderContact;
      readonly delivery?: OrderDelivery;
      readonly comment?: string | null;
    },
    kind: 'address' | 'contact' | 'comment',
    editable: readonly OrderStatus[],
  ): Promise<OrderRecord | null>;
  promoRule(code: string): Promise<PromoRule | null>;
  /** The stock of the products (read only, for the checkout quote), keyed by id. */
  stockOf(productIds: readonly number[]): Promise<ReadonlyMap<number, StockFact>>;
  /** Item class and assembly of the products (for the delivery services), keyed by id. */
  deliveryFactsOf(productIds: readonly number[]): Promise<ReadonlyMap<number, ProductDeliveryFacts>>;
  /**
   * Whether an order with this code would meet a usage limit now (read only, for the checkout quote;
   * the order itself counts the use under a row lock). A guest has no per-client count yet.
   */
  promoLimitReached(code: string, clientId: number | null): Promise<PromoLimit>;
}
