/**
 * Server-side order pricing (ASVS 5.0 2.2.2, 8.3.1): the order is priced from catalogue prices and the
 * promo code rules only; whatever price or total a client sends is never read. Money is kept in whole
 * kopecks so sums are exact.
 */
import { percentInWholeRoubles, toWholeRoubles } from '../../shared-rules/money-rule';

const MAX_LINE_QUANTITY = 999;
const MAX_ORDER_LINES = 200;

export interface OrderLineRequest {
  readonly productId: number;
  readonly quantity: number;
}

export interface CatalogueEntry {
  readonly id: number;
  readonly name: string;
  /** Price in roubles as stored in the catalogue; null when the product has no price. */
  readonly price: number | null;
}

export interface PromoRule {
  readonly code: string;
  readonly kind: 'percent' | 'fixed';
  /** Percent (1–100) or a fixed discount in kopecks. */
  readonly value: number;
  /** Smallest subtotal (kopecks) the code applies to. */
  readonly minSubtotal: number;
  readonly active: boolean;
  /** Epoch milliseconds after which the code no longer works; null for no end. */
  readonly validUntil: number | null;
}

export interface PricedLine {
  readonly productId: number;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly lineTotal: number;
}

interface PricedOrder {
  readonly lines: readonly PricedLine[];
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly promoCode: string | null;
}

export type PricingProblem =
  | { readonly kind: 'empty_cart' }
  | { readonly kind: 'too_many_lines' }
  | { readonly kind: 'invalid_quantity'; readonly productId: number }
  | { readonly kind: 'unavailable_products'; readonly productIds: readonly number[] }
  | { readonly kind: 'invalid_promo_code' }
  | { readonly kind: 'promo_min_subtotal'; readonly minSubtotal: number };

export type PricingResult =
  | { readonly ok: true; readonly order: PricedOrder }
  | { readonly ok: false; readonly problem: PricingProblem };

export function roublesToKopecks(roubles: number): number {
  return Math.round(roubles * 100);
}

function isValidQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
}

/** Normalises a promo code as people type it: trimmed, upper case. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

function promoDiscount(rule: PromoRule, subtotal: number, now: number): PricingResult | number {
  if (!rule.active || (rule.validUntil !== null && now > rule.validUntil)) {
    return { ok: false, problem: { kind: 'invalid_promo_code' } };
  }
  if (subtotal < rule.minSubtotal) {
    return { ok: false, problem: { kind: 'promo_min_subtotal', minSubtotal: rule.minSubtotal } };
  }
  // docs/money.md: a discount is whole roubles; a percent rounds half up (15 % of 163 370 ₽ → 24 506 ₽).
  const raw =
    rule.kind === 'percent'
      ? percentInWholeRoubles(subtotal, rule.value, 'half_up')
      : toWholeRoubles(Math.max(rule.value, 0), 'down');
  return Math.min(raw, subtotal);
}

/**
 * Prices a cart. Repeated product ids are merged (quantities add up); a product missing from the
 * catalogue or without a price fails the whole order so the shopper sees the change before paying.
 */
export function priceOrder(
  requested: readonly OrderLineRequest[],
  catalogue: ReadonlyMap<number, CatalogueEntry>,
  promo: { readonly code: string; readonly rule: PromoRule | null } | null,
  now: number,
): PricingResult {
  if (requested.length === 0) return { ok: false, problem: { kind: 'empty_cart' } };
  const quantities = new Map<number, number>();
  for (const line of requested) {
    if (!isValidQuantity(line.quantity)) {
      return { ok: false, problem: { kind: 'invalid_quantity', productId: line.productId } };
    }
    const merged = (quantities.get(line.productId) ?? 0) + line.quantity;
    if (merged > MAX_LINE_QUANTITY) {
      return { ok: false, problem: { kind: 'invalid_quantity', productId: line.productId } };
    }
    quantities.set(line.productId, merged);
  }
  if (quantities.size > MAX_ORDER_LINES) return { ok: false, problem: { kind: 'too_many_lines' } };

  const unavailable: number[] = [];
  const lines: PricedLine[] = [];
  for (const [productId, quantity] of quantities) {
    const entry = catalogue.get(productId);
    if (!entry || entry.price === null || !Number.isFinite(entry.price) || entry.price < 0) {
      unavailable.push(productId);
      continue;
    }
    const unitPrice = roublesToKopecks(entry.price);
    lines.push({ productId, name: entry.name, quantity, unitPrice, lineTotal: unitPrice * quantity });
  }
  if (unavailable.length > 0) {
    return { ok: false, problem: { kind: 'unavailable_products', productIds: unavailable } };
  }

  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  let discount = 0;
  let promoCode: string | null = null;
  if (promo !== null && promo.code.trim() !== '') {
    if (promo.rule === null) return { ok: false, problem: { kind: 'invalid_promo_code' } };
    const result = promoDiscount(promo.rule, subtotal, now);
    if (typeof result !== 'number') return result;
    discount = result;
    promoCode = promo.rule.code;
  }
  return { ok: true, order: { lines, subtotal, discount, total: subtotal - discount, promoCode } };
}
