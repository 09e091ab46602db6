import type { OnlinePaymentMethod } from '../../shared-rules/installment-rule';
import { DEFAULT_ITEM_CLASS } from '../../shared-rules/item-class-rule';
import { MAX_KOPECKS } from '../../shared-rules/money-rule';
import {
  type CheckoutDeliveryChoice,
  type CheckoutQuote,
  type CheckoutServices,
  checkoutQuote,
  checkoutServices,
  type PromoOutcome,
  promoProblemOf,
} from '../domain/checkout-quote';
import type { OrderStatus } from '../domain/order-lifecycle.machine';
import {
  normalisePromoCode,
  type PricedLine,
  type PricingProblem,
  type PricingResult,
  type PromoRule,
  priceOrder,
} from '../domain/order-pricing';
import type { TariffsRecord } from './admin-tariffs/tariffs.port';
import type { AuthService, Caller, EventLog } from './auth.service';
import type { ProductLookup } from './client-data.port';
import type { DeliveryService } from './delivery.service';
import { orderPlacedMail, type ShopIdentity } from './mail-templates';
import type { Mailer } from './mailer.port';
import {
  DELIVERY_DAY_FULL_MESSAGE,
  DeliveryDayFullError,
  describeShortages,
  OutOfStockError,
  PROMO_LIMIT_MESSAGES,
  PromoLimitError,
} from './order-limits';
import type {
  OrderContact,
  OrderDelivery,
  OrderDeliverySlot,
  OrderRecord,
  OrdersRepository,
  PaymentMethod,
} from './orders.port';
import type { PayLinksService } from './pay-links.service';
import type { Secrets } from './secrets.port';

/**
 * A client may change delivery, contact and comment until the order is paid or goes further (the
 * repository also refuses once money was taken). The back office edits through server/application/admin-orders/.
 */
const CLIENT_EDITABLE_STATUSES: readonly OrderStatus[] = [
  'new',
  'confirmed',
  'awaiting_payment',
  'awaiting_prepayment',
];

export interface PlaceOrderInput {
  readonly cart: readonly { readonly id: number; readonly quantity: number }[];
  readonly contact: OrderContact;
  readonly delivery: CheckoutDeliveryChoice & {
    readonly address?: string;
    /** Issue 23: a day and window the checkout offered (courier only); its place is taken with the order. */
    readonly slot?: { readonly day: string; readonly windowId: number };
  };
  readonly comment?: string;
  readonly promoCode?: string;
  readonly paymentMethod: PaymentMethod;
  /** With online payment: card, СБП or installments (only what the provider offers for the total). */
  readonly onlineMethod?: OnlinePaymentMethod;
  readonly consent: boolean;
  readonly idempotencyKey: string | null;
}

export type PlaceOrderResult =
  | {
      readonly ok: true;
      readonly order: OrderRecord;
      readonly created: boolean;
      /** `/pay/{id}?t=…`: the signed pay link for the one who placed an online order. */
      readonly payLink?: string;
    }
  | {
      readonly ok: false;
      readonly error:
        | 'consent_required'
        | 'address_required'
        | 'idempotency_key_reused'
        | 'forbidden'
        | 'method_not_offered'
        | 'delivery_day_not_offered'
        | 'unknown_window';
    }
  | { readonly ok: false; readonly error: 'pricing'; readonly problem: PricingProblem }
  /** Issue 11: not enough stock, or the promo code's usage limit reached — the order was not made. */
  | { readonly ok: false; readonly error: 'out_of_stock'; readonly message: string }
  | { readonly ok: false; readonly error: 'promo_limit'; readonly message: string }
  /** Issue 23: the chosen day's capacity was sold meanwhile. */
  | { readonly ok: false; readonly error: 'delivery_day_full'; readonly message: string };

export interface QuoteInput {
  readonly cart: readonly { readonly id: number; readonly quantity: number }[];
  readonly delivery: CheckoutDeliveryChoice & {
    /** Issue 23: the slot the checkout chose; a paid window is a service line like in the order. */
    readonly slot?: { readonly day: string; readonly windowId: number };
  };
  readonly promoCode?: string;
}

export type QuoteResult =
  | { readonly ok: true; readonly quote: CheckoutQuote }
  | { readonly ok: false; readonly error: 'forbidden' }
  | { readonly ok: false; readonly error: 'delivery_day_not_offered' | 'unknown_window' }
  | { readonly ok: false; readonly error: 'delivery_day_full'; readonly message: string }
  | { readonly ok: false; readonly error: 'pricing'; readonly problem: PricingProblem };

/** What a signed-in client's checkout form starts with: the contact and address of their last order. */
export interface LastContact {
  readonly name: string;
  readonly phone: string;
  readonly address: string | null;
}

export type OrderEditResult =
  | { readonly ok: true; readonly order: OrderRecord }
  | { readonly ok: false; readonly status: 401 | 403 | 404 | 409 | 422; readonly error: string };

export interface OrdersDeps {
  readonly orders: OrdersRepository;
  readonly products: ProductLookup;
  readonly auth: AuthService;
  readonly mailer: Mailer;
  readonly secrets: Secrets;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
  readonly now: () => number;
  /** The delivery tariffs in force (issue 23): the services of a quote and of an order. */
  readonly tariffs: { current(): Promise<TariffsRecord> };
  /** Signed pay links for mails and the order-success screen; the online methods offered. */
  readonly payLinks?: Pick<PayLinksService, 'pathFor' | 'methodsFor'>;
  /** Issue 23: checks a chosen delivery slot against what the checkout offers for the cart. */
  readonly deliverySlots?: { checkSlot: DeliveryService['checkSlot'] };
}

const canonical = (input: PlaceOrderInput): string =>
  JSON.stringify({
    cart: [...input.cart].sort((a, b) => a.id - b.id || a.quantity - b.quantity),
    contact: input.contact,
    delivery: {
      method: input.delivery.method,
      address: input.delivery.address ?? null,
      // Only when given, so a key stored before issue 23 still matches a retry of the same body.
      ...(input.delivery.zone === undefined
        ? {}
        : {
            zone: input.delivery.zone,
            kmBeyondKad: input.delivery.kmBeyondKad ?? null,
            floor: input.delivery.floor ?? null,
            lift: input.delivery.lift ?? null,
            services: [...(input.delivery.services ?? [])].sort(),
          }),
      ...(input.delivery.slot === undefined ? {} : { slot: input.delivery.slot }),
    },
    comment: input.comment ?? null,
    promoCode: input.promoCode ?? null,
    paymentMethod: input.paymentMethod,
  });

export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  /**
   * Places an order. The owner is the session's client; a guest's order belongs to the account of
   * the contact e-mail (created with an e-mailed temporary password when new). An administrator
   * session cannot place shop orders. Prices come from the catalogue only.
   */
  async place(caller: Caller, input: PlaceOrderInput): Promise<PlaceOrderResult> {
    if (caller.kind === 'admin') return { ok: false, error: 'forbidden' };
    if (!input.consent) return { ok: false, error: 'consent_required' };
    const address = input.delivery.address?.trim() ?? '';
    if (input.delivery.method === 'courier' && address === '')
      return { ok: false, error: 'address_required' };

    const { priced } = await this.priceCart(input.cart, input.promoCode);
    if (!priced.ok) return { ok: false, error: 'pricing', problem: priced.problem };
    // The slot first: its price (the calendar's) is a service line of the order.
    const slot = await this.slotOf(input.cart, input.delivery);
    if (!slot.ok) return slot;
    const deliverySlot = slot.slot ?? undefined;
    const services = await this.servicesOf(priced.order, input.delivery, slot.slot);
    const total = priced.order.total + services.total;
    if (total > MAX_KOPECKS) return { ok: false, error: 'pricing', problem: { kind: 'order_too_large' } };

    const onlineMethod = input.paymentMethod === 'online' ? input.onlineMethod : undefined;
    if (
      onlineMethod !== undefined &&
      this.deps.payLinks !== undefined &&
      !this.deps.payLinks.methodsFor(total).includes(onlineMethod)
    ) {
      return { ok: false, error: 'method_not_offered' };
    }
    const clientId =
      caller.kind === 'client'
        ? caller.clientId
        : (
            await this.deps.auth.findOrCreateClient(input.contact.email, 'order', {
              name: input.contact.name,
              phone: input.contact.phone,
            })
          ).user.id;
    const requestHash = this.deps.secrets.hashToken(canonical(input));
    let placed: Awaited<ReturnType<OrdersRepository['create']>>;
    try {
      placed = await this.deps.orders.create({
        clientId,
        items: priced.order.lines,
        subtotal: priced.order.subtotal,
        discount: priced.order.discount,
        total,
        promoCode: priced.order.promoCode,
        contact: input.contact,
        delivery: {
          method: input.delivery.method,
          address: input.delivery.method === 'courier' ? address : null,
        },
        services: services.lines,
        deliveryOptions: services.options,
        ...(deliverySlot === undefined ? {} : { deliverySlot }),
        comment: input.comment?.trim() ? input.comment.trim() : null,
        paymentMethod: input.paymentMethod,
        ...(onlineMethod === undefined ? {} : { onlineMethod }),
        idempotencyKey: input.idempotencyKey,
        requestHash,
      });
    } catch (error) {
      if (error instanceof OutOfStockError) {
        return { ok: false, error: 'out_of_stock', message: describeShortages(error.shortages) };
      }
      if (error instanceof DeliveryDayFullError) {
        return { ok: false, error: 'delivery_day_full', message: DELIVERY_DAY_FULL_MESSAGE };
      }
      if (error instanceof PromoLimitError) {
        return { ok: false, error: 'promo_limit', message: PROMO_LIMIT_MESSAGES[error.reason] };
      }
      throw error;
    }
    const { order, created, requestHash: storedHash } = placed;
    if (!created && storedHash !== null && storedHash !== requestHash) {
      return { ok: false, error: 'idempotency_key_reused' };
    }
    const payLink =
      order.paymentMethod === 'online'
        ? ((await this.deps.payLinks?.pathFor(order.id)) ?? undefined)
        : undefined;
    if (created) {
      this.deps.log.info({ event: 'order_placed', orderId: order.id, clientId }, 'order placed');
      await this.deps.mailer.send(
        orderPlacedMail(
          this.deps.shop,
          order.contact.email,
          {
            id: order.id,
            total: order.total,
            discount: order.discount,
            lines: order.items,
            services: order.services,
          },
          clientId,
          payLink === undefined ? undefined : `${this.deps.shop.publicUrl}${payLink}`,
        ),
      );
    }
    return payLink === undefined ? { ok: true, order, created } : { ok: true, order, created, payLink };
  }

  /**
   * The one pricing step of an order and of its quote: the catalogue entries, the promo code's rule
   * and `priceOrder`. Both call this, so the quote cannot price differently from the order.
   */
  private async priceCart(
    cart: readonly { readonly id: number; readonly quantity: number }[],
    promoCodeInput: string | undefined,
  ): Promise<{
    readonly priced: PricingResult;
    readonly promo: { readonly code: string; readonly rule: PromoRule | null } | null;
  }> {
    const catalogue = await this.deps.products.byIds(cart.map((line) => line.id));
    const promoCode = promoCodeInput?.trim() ? normalisePromoCode(promoCodeInput) : null;
    const promo =
      promoCode === null ? null : { code: promoCode, rule: await this.deps.orders.promoRule(promoCode) };
    const priced = priceOrder(
      cart.map((line) => ({ productId: line.id, quantity: line.quantity })),
      catalogue,
      promo,
      this.deps.now(),
    );
    return { priced, promo };
  }

  /**
   * The delivery services of priced goods (issue 23, docs/delivery.md): the tariffs in force, each
   * line's item class and assembly, and `checkoutServices`. The quote and the order both call this.
   */
  private async servicesOf(
    priced: { readonly lines: readonly PricedLine[]; readonly total: number },
    delivery: CheckoutDeliveryChoice,
    slot: OrderDeliverySlot | null,
  ): Promise<CheckoutServices> {
    const [{ tariffs }, facts] = await Promise.all([
      this.deps.tariffs.current(),
      this.deps.orders.deliveryFactsOf(priced.lines.map((line) => line.productId)),
    ]);
    return checkoutServices(
      tariffs,
      delivery,
      priced.total,
      priced.lines.map((line) => ({
        itemClass: facts.get(line.productId)?.itemClass ?? DEFAULT_ITEM_CLASS,
        quantity: line.quantity,
        netTotal: line.netTotal,
        assemblyAvailable: facts.get(line.productId)?.assemblyAvailable ?? false,
      })),
      slot === null ? null : { label: slot.label, price: slot.price },
    );
  }

  /**
   * The delivery slot a courier order books (issue 23): checked against the calendar — offered for
   * this cart, not full, an active window — with the window's label and price from the calendar.
   * Null without a slot (or for pickup). The quote and the order both call this.
   */
  private async slotOf(
    cart: readonly { readonly id: number; readonly quantity: number }[],
    delivery: CheckoutDeliveryChoice & {
      readonly slot?: { readonly day: string; readonly windowId: number };
    },
  ): Promise<
    | { readonly ok: true; readonly slot: OrderDeliverySlot | null }
    | { readonly ok: false; readonly error: 'delivery_day_not_offered' | 'unknown_window' }
    | { readonly ok: false; readonly error: 'delivery_day_full'; readonly message: string }
  > {
    const choice = delivery.method === 'courier' ? delivery.slot : undefined;
    if (choice === undefined || this.deps.deliverySlots === undefined) return { ok: true, slot: null };
    const checked = await this.deps.deliverySlots.checkSlot(cart, choice);
    if (checked.ok) return { ok: true, slot: checked.slot };
    return checked.error === 'delivery_day_full'
      ? { ok: false, error: 'delivery_day_full', message: DELIVERY_DAY_FULL_MESSAGE }
      : { ok: false, error: checked.error };
  }

  /**
   * The checkout quote (docs/money.md «The checkout quote»): the order's own pricing for the same
   * cart and code, plus delivery, the code's outcome and each line's availability. A code the order
   * would refuse is reported and the goods are priced without it, so the shopper still sees a sum.
   */
  async quote(caller: Caller, input: QuoteInput): Promise<QuoteResult> {
    if (caller.kind === 'admin') return { ok: false, error: 'forbidden' };
    const { priced, promo } = await this.priceCart(input.cart, input.promoCode);
    let goods = priced;
    let outcome: PromoOutcome = { status: 'none' };
    if (priced.ok) {
      const code = priced.order.promoCode;
      if (code !== null) {
        const limit = await this.deps.orders.promoLimitReached(
          code,
          caller.kind === 'client' ? caller.clientId : null,
        );
        outcome =
          limit === null
            ? { status: 'applied', code }
            : { status: 'problem', code, problem: { kind: 'usage_limit', limit } };
        if (limit !== null) goods = (await this.priceCart(input.cart, undefined)).priced;
      }
    } else if (promo !== null) {
      const problem = promoProblemOf(priced.problem, promo.rule, this.deps.now());
      if (problem !== null) {
        outcome = { status: 'problem', code: promo.code, problem };
        goods = (await this.priceCart(input.cart, undefined)).priced;
      }
    }
    if (!goods.ok) return { ok: false, error: 'pricing', problem: goods.problem };
    const slot = await this.slotOf(input.cart, input.delivery);
    if (!slot.ok) return slot;
    const stock = await this.deps.orders.stockOf(goods.order.lines.map((line) => line.productId));
    const services = await this.servicesOf(goods.order, input.delivery, slot.slot);
    return {
      ok: true,
      quote: checkoutQuote({ priced: goods.order, services, stock, promo: outcome }),
    };
  }

  /** The contact and address of the client's own last order; null without one (or for a non-client). */
  async lastContact(caller: Caller): Promise<LastContact | null> {
    if (caller.kind !== 'client') return null;
    const [last] = await this.deps.orders.listByClient(caller.clientId);
    if (last === undefined) return null;
    return { name: last.contact.name, phone: last.contact.phone, address: last.delivery.address };
  }

  listForClient(clientId: number): Promise<OrderRecord[]> {
    return this.deps.orders.listByClient(clientId);
  }

  private async ownOrder(caller: Caller, id: number): Promise<OrderEditResult> {
    if (caller.kind === 'anonymous') return { ok: false, status: 401, error: 'unauthorized' };
    if (caller.kind !== 'client') return { ok: false, status: 403, error: 'forbidden' };
    const order = await this.deps.orders.findById(id);
    // Another client's order answers 404 like a missing one: ids are not confirmed to strangers.
    if (order === null || order.clientId !== caller.clientId)
      return { ok: false, status: 404, error: 'not_found' };
    return { ok: true, order };
  }

  async editDetails(
    caller: Caller,
    id: number,
    patch:
      | {
          readonly kind: 'address';
          readonly delivery: { readonly method: 'courier' | 'pickup'; readonly address?: string };
        }
      | { readonly kind: 'contact'; readonly contact: OrderContact }
      | { readonly kind: 'comment'; readonly comment: string },
  ): Promise<OrderEditResult> {
    const own = await this.ownOrder(caller, id);
    if (!own.ok) return own;
    let change: { contact?: OrderContact; delivery?: OrderDelivery; comment?: string | null };
    if (patch.kind === 'address') {
      const address = patch.delivery.address?.trim() ?? '';
      if (patch.delivery.method === 'courier' && address === '') {
        return { ok: false, status: 422, error: 'address_required' };
      }
      change = {
        delivery: {
          method: patch.delivery.method,
          address: patch.delivery.method === 'courier' ? address : null,
        },
      };
    } else if (patch.kind === 'contact') change = { contact: patch.contact };
    else change = { comment: patch.comment.trim() === '' ? null : patch.comment.trim() };
    const updated = await this.deps.orders.updateDetails(id, change, patch.kind, CLIENT_EDITABLE_STATUSES);
    if (updated === null) return { ok: false, status: 409, error: 'order_locked' };
    return { ok: true, order: updated };
  }
}
