/**
 * Server-side order pricing (ASVS 5.0 2.2.2, 8.3.1): the order is priced from catalogue prices and the
 * promo code rules only; whatever price or total a client sends is never read. Money is kept in whole
 * kopecks so sums are exact.
 */
import {
  allocate,
  KOPECKS_PER_ROUBLE,
  MAX_KOPECKS,
  percentInWholeRoubles,
  toWholeRoubles,
} from '../../shared-rules/money-rule';

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
  /** unitPrice × quantity, before the order discount. */
  readonly lineTotal: number;
  /** This line's share of the order discount (whole roubles, largest remainder; docs/money.md). */
  readonly discount: number;
  /** lineTotal − discount: what the line costs the buyer, the receipt's line sum for a full payment. */
  readonly netTotal: number;
  /** Sold «под заказ» (the stock ledger marks the stored line); absent otherwise. */
  readonly backorder?: true;
}

/** A line as stored in an order's `items`; rows written before issue 22 carry no discount share. */
interface StoredOrderLine {
  readonly productId: number;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly lineTotal: number;
  readonly discount?: number;
  readonly netTotal?: number;
  readonly backorder?: boolean;
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
  | { readonly kind: 'promo_min_subtotal'; readonly minSubtotal: number }
  /** Above MAX_KOPECKS (1 000 000 000 ₽), the largest amount the contract carries (docs/money.md). */
  | { readonly kind: 'order_too_large' };

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
 * The order discount spread over the lines in whole roubles by the largest remainder (docs/money.md):
 * the shares add up to `discount` exactly, and no share exceeds its line (lines are whole roubles).
 */
function apportionDiscount<Line extends Omit<StoredOrderLine, 'discount' | 'netTotal'>>(
  lines: readonly Line[],
  discount: number,
): (Line & { readonly discount: number; readonly netTotal: number })[] {
  const shares = allocate(
    Math.max(0, discount),
    lines.map((line) => line.lineTotal),
    KOPECKS_PER_ROUBLE,
  );
  return lines.map((line, index) => {
    const share = shares[index] ?? 0;
    return { ...line, discount: share, netTotal: line.lineTotal - share };
  });
}

/**
 * An order's stored lines with their discount shares. Rows written since issue 22 carry them; an
 * older order (or rows whose shares no longer add up to the order's discount) gets them apportioned
 * now by the same rule the order would be priced with today, so every reader sees Σ line discount =
 * discount and Σ netTotal = subtotal − discount without a data migration.
 */
export function orderLinesOf(rows: readonly StoredOrderLine[], discount: number): PricedLine[] {
  const stored = rows.every(
    (row) =>
      Number.isSafeInteger(row.discount) &&
      (row.discount ?? 0) >= 0 &&
      Number.isSafeInteger(row.netTotal) &&
      row.netTotal === row.lineTotal - (row.discount ?? 0),
  );
  const storedDiscount = rows.reduce((sum, row) => sum + (row.discount ?? 0), 0);
  const plain = rows.map(({ productId, name, quantity, unitPrice, lineTotal, backorder }) => ({
    productId,
    name,
    quantity,
    unitPrice,
    lineTotal,
    ...(backorder === true ? { backorder: true as const } : {}),
  }));
  if (stored && storedDiscount === discount) {
    return plain.map((line, index) => {
      const share = rows[index]?.discount ?? 0;
      return { ...line, discount: share, netTotal: line.lineTotal - share };
    });
  }
  return apportionDiscount(plain, discount);
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
  const lines: Omit<PricedLine, 'discount' | 'netTotal'>[] = [];
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
  if (subtotal > MAX_KOPECKS) return { ok: false, problem: { kind: 'order_too_large' } };
  let discount = 0;
  let promoCode: string | null = null;
  if (promo !== null && promo.code.trim() !== '') {
    if (promo.rule === null) return { ok: false, problem: { kind: 'invalid_promo_code' } };
    const result = promoDiscount(promo.rule, subtotal, now);
    if (typeof result !== 'number') return result;
    discount = result;
    promoCode = promo.rule.code;
  }
  return {
    ok: true,
    order: {
      lines: apportionDiscount(lines, discount),
      subtotal,
      discount,
      total: subtotal - discount,
      promoCode,
    },
  };
}
