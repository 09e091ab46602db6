import type { Kopecks } from '../../shared-rules/money-rule';
import { FREE_DELIVERY_FROM } from './checkout-quote';

/** One courier option of the Yandex Market feed: whole roubles and a day range («1-3»). */
export interface FeedDeliveryOption {
  readonly cost: number;
  readonly days: string;
}

/**
 * What the delivery page promises: courier delivery across Saint Petersburg in 1–3 days for goods in
 * stock, from 990 ₽, free from FREE_DELIVERY_FROM (spec §9). The feed states the lowest price.
 */
const CITY_COURIER_FROM_ROUBLES = 990;
const IN_STOCK_DAYS = '1-3';

/**
 * The courier options the feed announces for goods priced `price` (kopecks; 0 for the shop's default
 * block). The one place the feed's delivery terms come from: the delivery tariffs (issue 23) replace
 * the constants here and nothing else changes. Pure and total.
 */
export function feedDeliveryOptions(price: Kopecks): readonly FeedDeliveryOption[] {
  const cost = price >= FREE_DELIVERY_FROM ? 0 : CITY_COURIER_FROM_ROUBLES;
  return [{ cost, days: IN_STOCK_DAYS }];
}
