import { normalisePromoCode, type PricingResult, priceOrder } from '../../domain/order-pricing';
import type { ProductLookup } from '../client-data.port';
import type { OrdersRepository } from '../orders.port';

export type OrderLineRequest = { readonly productId: number; readonly quantity: number };

/** Prices lines and a code with checkout's own rule (docs/money.md «Pricing»). */
export type PriceOrderLines = (
  lines: readonly OrderLineRequest[],
  promoCode: string | null,
) => Promise<PricingResult>;

export function priceOrderLines(ports: {
  readonly products: ProductLookup;
  readonly promoRules: Pick<OrdersRepository, 'promoRule'>;
  readonly now: () => number;
}): PriceOrderLines {
  return async (lines, promoCode) => {
    const catalogue = await ports.products.byIds(lines.map((line) => line.productId));
    const code = promoCode?.trim() ? normalisePromoCode(promoCode) : null;
    const promo = code === null ? null : { code, rule: await ports.promoRules.promoRule(code) };
    return priceOrder(lines, catalogue, promo, ports.now());
  };
}
