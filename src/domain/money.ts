import { groupedDigits } from '../../shared-rules/money-rule';
import { roundedDecimal } from './decimal-text';
/**
 * Prices and discounts as the shop shows them (spec §9: "price in ru-RU format with ₽;
 * 'Цена не указана' if none"; "Card discount percent: rounded (old-new)/old*100").
 */

/** Spec §9: the print header of shared favourites mentions free delivery from 30 000 ₽. */
export const FREE_DELIVERY_FROM = 30_000;

/** Spec §9 mini-cart: shown instead of a price when the product has none. */
export const PRICE_NOT_SET = 'Цена не указана';

// Whole roubles, spelled as Intl spells them for ru-RU ('12 345 ₽' with no-break spaces, kopecks
// rounded half away from zero), but written out here: the first ru-RU Intl formatter of a page loads
// the locale's data, 50–140 ms of a throttled phone's main thread while the page hydrates, and the
// server's ICU and the browser's must not disagree on a space in text React hydrates. A property test
// (test/domain/money.property.test.ts) holds this spelling equal to Intl's on the machine running it.
const NO_BREAK_SPACE = '\u00a0';
let rubles: Intl.NumberFormat | null = null;

function wholeRubles(amount: number): string {
  const rounded = roundedDecimal(amount, 0);
  if (rounded === null) {
    rubles ??= new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    return rubles.format(amount);
  }
  return `${groupedDigits(rounded.whole)}${NO_BREAK_SPACE}₽`;
}

/**
 * A usable price: a finite number that is not negative. Prices arrive from external data, so a
 * string, NaN, Infinity or a negative amount all count as "no price" rather than being shown.
 */
export function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * '12 345 ₽' in whole roubles (kopecks rounded half away from zero, as Intl does), or
 * 'Цена не указана' when the price is absent, not a number, infinite or negative.
 * Zero is a real amount here (an empty cart totals '0 ₽'); callers that treat a zero product price
 * as "on request" decide that themselves.
 */
export function formatPrice(price: number | null | undefined): string {
  if (!isPrice(price)) return PRICE_NOT_SET;
  // -0 and amounts that round to zero print as "0 ₽", never "-0 ₽".
  return wholeRubles(Math.abs(price) < 0.5 ? 0 : price);
}

/**
 * The card discount badge: Math.round((old − new) / old × 100), only when old > new > 0.
 * Returns null when there is no discount to show: a missing or invalid price, no reduction,
 * a new price of 0 (a free item is not "−100%"), or a reduction that rounds to 0 % (a "−0%" badge
 * would say nothing). The result is therefore an integer in 1…100.
 */
export function discountPercent(
  oldPrice: number | null | undefined,
  newPrice: number | null | undefined,
): number | null {
  if (!isPrice(oldPrice) || !isPrice(newPrice)) return null;
  if (!(oldPrice > newPrice && newPrice > 0)) return null;
  const percent = Math.round(((oldPrice - newPrice) / oldPrice) * 100);
  return percent >= 1 ? percent : null;
}
