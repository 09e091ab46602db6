/**
 * The checkout quote (issue 22, item 9; docs/money.md «The checkout quote»): what the order will cost
 * before «Подтвердить заказ». The goods are priced by `priceOrder` — the very code that prices the
 * order — and the delivery services by `deliveryQuote` (issue 23, docs/delivery.md); this module adds
 * the promo code's outcome in words and each line's availability. Pure and total.
 */
import {
  type DeliveryZone,
  deliveryWindowLabel,
  OPTIONAL_SERVICES,
  type OptionalService,
} from '../../shared-rules/delivery-service-rule';
import { formatKopecks, type Kopecks } from '../../shared-rules/money-rule';
import type { LiftKind } from '../../shared-rules/order-options-rule';
import {
  DELIVERY_PRICE_LATER,
  deliveryQuote,
  type QuoteGoodsLine,
  type ServiceLine,
  servicesTotal,
} from './delivery-quote';
import type { DeliveryTariffs } from './delivery-tariffs';
import type { PricedLine, PricingProblem, PromoRule } from './order-pricing';

/** Spec §9: delivery is free from 30 000 ₽ of goods (after the promo discount); the tariffs may change it. */
export const FREE_DELIVERY_FROM: Kopecks = 3_000_000;

export type PromoLimit = 'total' | 'per_client' | null;

/** Why a promo code does not apply, as the order would refuse it. */
export type PromoProblem =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'expired' }
  | { readonly kind: 'min_subtotal'; readonly minSubtotal: Kopecks }
  | { readonly kind: 'usage_limit'; readonly limit: 'total' | 'per_client' };

export type PromoOutcome =
  | { readonly status: 'none' }
  | { readonly status: 'applied'; readonly code: string }
  | { readonly status: 'problem'; readonly code: string; readonly problem: PromoProblem };

export interface StockFact {
  /** Units on hand; null when the stock is not tracked. */
  readonly stock: number | null;
  readonly backorderAllowed: boolean;
}

interface QuoteLine extends PricedLine {
  /** Units on hand when the stock is tracked and not sold «под заказ»; null otherwise. */
  readonly available: number | null;
}

export interface CheckoutQuote {
  readonly lines: readonly QuoteLine[];
  readonly subtotal: Kopecks;
  readonly discount: Kopecks;
  /** The service lines the order will carry (issue 23). */
  readonly services: readonly ServiceLine[];
  /** Σ services; null when the manager tells the price (no zone below the threshold, another region). */
  readonly delivery: Kopecks | null;
  readonly deliveryNote: string | null;
  /** Goods after the discount plus Σ services: the placed order's total. */
  readonly total: Kopecks;
  readonly promo: PromoOutcome;
  /** What each service's checkbox adds for this cart and delivery (`CheckoutServices.offers`). */
  readonly offers: readonly ServiceOffer[];
}

/** The promo problem a refused pricing stands for (null when the refusal is not about the code). */
export function promoProblemOf(
  problem: PricingProblem,
  rule: PromoRule | null,
  now: number,
): PromoProblem | null {
  if (problem.kind === 'promo_min_subtotal')
    return { kind: 'min_subtotal', minSubtotal: problem.minSubtotal };
  if (problem.kind !== 'invalid_promo_code') return null;
  return rule?.active && rule.validUntil !== null && now > rule.validUntil
    ? { kind: 'expired' }
    : { kind: 'invalid' };
}

/** Russian text of a promo problem, shown at the promo field. */
export function promoProblemMessage(problem: PromoProblem): string {
  switch (problem.kind) {
    case 'invalid':
      return 'Такого промокода нет или он больше не действует.';
    case 'expired':
      return 'Срок действия промокода истёк.';
    case 'min_subtotal':
      return `Промокод действует для заказов от ${formatKopecks(problem.minSubtotal)}`;
    case 'usage_limit':
      return problem.limit === 'total'
        ? 'Промокод больше не действует: лимит использований исчерпан.'
        : 'Вы уже использовали этот промокод максимальное число раз.';
  }
}

/** Delivery of a courier order with no zone yet (the address is not known): free from the threshold. */
export function deliveryOf(
  method: 'courier' | 'pickup',
  goods: Kopecks,
  freeFrom: Kopecks = FREE_DELIVERY_FROM,
): { readonly delivery: Kopecks | null; readonly deliveryNote: string | null } {
  if (method === 'pickup' || goods >= freeFrom) return { delivery: 0, deliveryNote: null };
  return { delivery: null, deliveryNote: DELIVERY_PRICE_LATER };
}

/** The delivery a shopper asks for at checkout or in the cart (api/orders.ts `DeliveryChoice`). */
export interface CheckoutDeliveryChoice {
  readonly method: 'courier' | 'pickup';
  readonly zone?: DeliveryZone;
  readonly kmBeyondKad?: number;
  readonly floor?: number;
  readonly lift?: LiftKind;
  readonly services?: readonly OptionalService[];
}

/** A booked delivery window as the delivery calendar prices it: «10:00–13:00» and its kopecks. */
export interface BookedWindow {
  readonly label: string;
  readonly price: Kopecks;
}

/** A service's price next to its checkbox: the amount of the line the quote adds when it is ticked. */
interface ServiceOffer {
  readonly service: OptionalService;
  readonly amount: Kopecks;
}

export interface CheckoutServices {
  readonly lines: readonly ServiceLine[];
  /** Σ lines: what the services add to the goods in the quote and in the order. */
  readonly total: Kopecks;
  /** Σ lines, or null when the manager tells the delivery's price (then only a paid window is a line). */
  readonly delivery: Kopecks | null;
  readonly note: string | null;
  /** What the order stores about the delivery; null without a zone (and for pickup). */
  readonly options: {
    readonly zone: DeliveryZone;
    readonly kmBeyondKad: number;
    readonly floor: number;
    readonly lift: LiftKind;
    readonly assembly: boolean;
  } | null;
  /**
   * Each optional service the quote would charge for this cart and delivery, at the amount of its
   * line with the box ticked (the same `deliveryQuote`, never a second price table). A service the
   * quote would not charge (nothing to assemble, pickup, a delivery the manager prices) has no offer.
   */
  readonly offers: readonly ServiceOffer[];
}

/**
 * The services of a checkout: pickup is free; a courier order with a zone is priced by the tariffs;
 * without one (the address not known yet) delivery is free from the threshold, else the manager
 * tells the price, and no service lines are added. A paid window the order books (`window`, priced by
 * the delivery calendar, never by the browser) is a line «Доставка ко времени: …» in every courier
 * case — also when the manager tells the delivery's own price — so the quote, the order and its
 * receipt charge it alike.
 */
export function checkoutServices(
  tariffs: DeliveryTariffs,
  choice: CheckoutDeliveryChoice,
  goods: Kopecks,
  lines: readonly QuoteGoodsLine[],
  window: BookedWindow | null = null,
): CheckoutServices {
  const priced = servicesOfChoice(tariffs, choice, goods, lines, window);
  const chosen = choice.services ?? [];
  const offers = OPTIONAL_SERVICES.flatMap((service): ServiceOffer[] => {
    const ticked = chosen.includes(service)
      ? priced
      : servicesOfChoice(tariffs, { ...choice, services: [...chosen, service] }, goods, lines, window);
    const line = ticked.lines.find((each) => each.kind === service);
    return line === undefined ? [] : [{ service, amount: line.amount }];
  });
  return { ...priced, offers };
}

function servicesOfChoice(
  tariffs: DeliveryTariffs,
  choice: CheckoutDeliveryChoice,
  goods: Kopecks,
  lines: readonly QuoteGoodsLine[],
  window: BookedWindow | null,
): Omit<CheckoutServices, 'offers'> {
  const paidWindow = choice.method === 'courier' && window !== null && window.price > 0 ? window : null;
  const windowLines: readonly ServiceLine[] =
    paidWindow === null
      ? []
      : [{ kind: 'delivery_window', label: deliveryWindowLabel(paidWindow.label), amount: paidWindow.price }];
  if (choice.method === 'courier' && choice.zone === undefined) {
    const { delivery, deliveryNote } = deliveryOf('courier', goods, tariffs.freeDeliveryFrom);
    return {
      lines: windowLines,
      total: servicesTotal(windowLines),
      delivery: delivery === null ? null : delivery + servicesTotal(windowLines),
      note: deliveryNote,
      options: null,
    };
  }
  const zone: DeliveryZone = choice.method === 'pickup' ? 'pickup' : (choice.zone ?? 'region');
  const options = {
    zone,
    kmBeyondKad: zone === 'outside_kad' ? (choice.kmBeyondKad ?? 0) : 0,
    floor: choice.floor ?? 1,
    lift: choice.lift ?? 'none',
    assembly: choice.services?.includes('assembly') ?? false,
  };
  const quote = deliveryQuote(tariffs, goods, lines, {
    ...options,
    services: choice.services ?? [],
    window: paidWindow,
  });
  // deliveryQuote lists the window within a priced zone; another region has no lines of its own.
  const all = quote.note === null ? quote.lines : [...quote.lines, ...windowLines];
  return {
    lines: all,
    total: servicesTotal(all),
    delivery: quote.note === null ? quote.total : null,
    note: quote.note,
    options: zone === 'pickup' ? null : options,
  };
}

export function availableOf(fact: StockFact | undefined): number | null {
  if (fact === undefined || fact.stock === null || fact.backorderAllowed) return null;
  return Math.max(0, fact.stock);
}

/** Builds the quote from the priced goods (exactly the order's figures) and the facts around them. */
export function checkoutQuote(input: {
  readonly priced: {
    readonly lines: readonly PricedLine[];
    readonly subtotal: Kopecks;
    readonly discount: Kopecks;
    readonly total: Kopecks;
  };
  readonly services: CheckoutServices;
  readonly stock: ReadonlyMap<number, StockFact>;
  readonly promo: PromoOutcome;
}): CheckoutQuote {
  return {
    lines: input.priced.lines.map((line) => ({
      ...line,
      available: availableOf(input.stock.get(line.productId)),
    })),
    subtotal: input.priced.subtotal,
    discount: input.priced.discount,
    services: input.services.lines,
    delivery: input.services.delivery,
    deliveryNote: input.services.note,
    total: input.priced.total + input.services.total,
    promo: input.promo,
    offers: input.services.offers,
  };
}
