/**
 * The checkout quote (issue 22, item 9; docs/money.md «The checkout quote»): what the order will cost
 * before «Подтвердить заказ». The goods are priced by `priceOrder` — the very code that prices the
 * order — and this module only adds what the order itself does not decide yet: delivery, the promo
 * code's outcome in words, and each line's availability. Pure and total.
 */
import { formatKopecks, type Kopecks } from '../../shared-rules/money-rule';
import type { PricedLine, PricingProblem, PromoRule } from './order-pricing';

/** Spec §9: delivery is free from 30 000 ₽ of goods (after the promo discount). */
export const FREE_DELIVERY_FROM: Kopecks = 3_000_000;

export const DELIVERY_PRICE_LATER = 'Стоимость доставки сообщит менеджер';

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
  /** Null when the manager tells the price (courier below FREE_DELIVERY_FROM); see `deliveryNote`. */
  readonly delivery: Kopecks | null;
  readonly deliveryNote: string | null;
  /** Goods after the discount plus the delivery when it is known. */
  readonly total: Kopecks;
  readonly promo: PromoOutcome;
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

export function deliveryOf(
  method: 'courier' | 'pickup',
  goods: Kopecks,
): { readonly delivery: Kopecks | null; readonly deliveryNote: string | null } {
  if (method === 'pickup' || goods >= FREE_DELIVERY_FROM) return { delivery: 0, deliveryNote: null };
  return { delivery: null, deliveryNote: DELIVERY_PRICE_LATER };
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
  readonly method: 'courier' | 'pickup';
  readonly stock: ReadonlyMap<number, StockFact>;
  readonly promo: PromoOutcome;
}): CheckoutQuote {
  const { delivery, deliveryNote } = deliveryOf(input.method, input.priced.total);
  return {
    lines: input.priced.lines.map((line) => ({
      ...line,
      available: availableOf(input.stock.get(line.productId)),
    })),
    subtotal: input.priced.subtotal,
    discount: input.priced.discount,
    delivery,
    deliveryNote,
    total: input.priced.total + (delivery ?? 0),
    promo: input.promo,
  };
}
