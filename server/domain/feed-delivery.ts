import { KOPECKS_PER_ROUBLE, type Kopecks } from '../../shared-rules/money-rule';
import { type DeliveryTariffs, SEEDED_TARIFFS } from './delivery-tariffs';

/** One courier option of the Yandex Market feed: whole roubles and a day range («1-3»). */
export interface FeedDeliveryOption {
  readonly cost: number;
  readonly days: string;
}

/** What the feed needs of the tariffs in force (issue 23): the city's price and the free threshold. */
export type FeedDeliveryTerms = Pick<DeliveryTariffs, 'insideKad' | 'freeDeliveryFrom'>;

/** Until the tariffs are read (and for a feed built without them): the seeded prices. */
export const SEEDED_FEED_TERMS: FeedDeliveryTerms = SEEDED_TARIFFS;

/** Goods in stock reach a Saint Petersburg address in 1–3 working days (docs/delivery-dates.md). */
const IN_STOCK_DAYS = '1-3';

/**
 * The courier options the feed announces for goods priced `price` (kopecks; 0 for the shop's default
 * block), from the delivery tariffs in force: delivery inside КАД at its tariff, free from the
 * tariffs' threshold. The feed states the lowest city price (beyond КАД costs more). Pure and total.
 */
export function feedDeliveryOptions(
  price: Kopecks,
  terms: FeedDeliveryTerms = SEEDED_FEED_TERMS,
): readonly FeedDeliveryOption[] {
  const cost = price >= terms.freeDeliveryFrom ? 0 : Math.ceil(terms.insideKad / KOPECKS_PER_ROUBLE);
  return [{ cost, days: IN_STOCK_DAYS }];
}
