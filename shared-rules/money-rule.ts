/**
 * The shop's one money rule (issue 22, docs/money.md), for the browser, the contract and the server.
 *
 * - Money is an integer number of kopecks (`Kopecks`) everywhere: domain, contract, database (bigint),
 *   gateway (converted to «123.45» only at its adapter), receipts, mails and exports. No float roubles.
 * - Catalogue prices are whole roubles; every amount the shop itself derives is whole roubles too: a
 *   promo discount (percent: rounded half up to a whole rouble; fixed: whole roubles), a prepayment in
 *   percent (rounded up), delivery and services. So an order's totals are whole roubles, and the screen,
 *   the history, the gateway and the receipt show the same figure.
 * - A sum spread over lines (a discount, a prepayment, a refund) is split by the largest remainder, so
 *   the shares add up exactly; an order's discount is split in whole roubles.
 */

/** An amount of money in whole kopecks (a safe integer). */
export type Kopecks = number;

export const KOPECKS_PER_ROUBLE = 100;

/** The largest amount the shop accepts anywhere: 1 000 000 000 ₽. */
export const MAX_KOPECKS: Kopecks = 1_000_000_000 * KOPECKS_PER_ROUBLE;

/** A usable amount: an integer of kopecks from 0 to MAX_KOPECKS. */
export function isKopecks(value: unknown): value is Kopecks {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_KOPECKS;
}

/** Whole roubles (a catalogue price) in kopecks. */
export function kopecksOfRoubles(roubles: number): Kopecks {
  return Math.round(roubles) * KOPECKS_PER_ROUBLE;
}

export type RoublesRounding = 'half_up' | 'up' | 'down';

/** `amount` rounded to whole roubles (still in kopecks). */
export function toWholeRoubles(amount: Kopecks, rounding: RoublesRounding): Kopecks {
  const whole = Math.floor(amount / KOPECKS_PER_ROUBLE);
  const rest = amount - whole * KOPECKS_PER_ROUBLE;
  if (rest === 0) return amount;
  const up = rounding === 'up' || (rounding === 'half_up' && rest * 2 >= KOPECKS_PER_ROUBLE);
  return (whole + (up ? 1 : 0)) * KOPECKS_PER_ROUBLE;
}

/**
 * `percent` % of `amount`, rounded to whole roubles. Exact for any safe amount: the product is taken
 * in BigInt before dividing, so no float ever decides a kopeck. `percent` is clamped to 0–100.
 */
export function percentInWholeRoubles(amount: Kopecks, percent: number, rounding: RoublesRounding): Kopecks {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  // Percent with up to two decimals (e.g. 12.5 %) stays exact in hundredths.
  const hundredths = BigInt(Math.round(clamped * 100));
  const scaled = BigInt(Math.max(0, amount)) * hundredths; // kopecks × 10 000
  const perRouble = BigInt(KOPECKS_PER_ROUBLE * 10_000);
  const whole = scaled / perRouble;
  const rest = scaled % perRouble;
  let roubles = whole;
  if (rest > 0n && (rounding === 'up' || (rounding === 'half_up' && rest * 2n >= perRouble))) roubles += 1n;
  return Number(roubles) * KOPECKS_PER_ROUBLE;
}

/**
 * Splits `amount` into shares proportional to `weights` by the largest remainder, in steps of `unit`
 * kopecks (100 = whole roubles). The shares add up to `amount` exactly when `amount` is a multiple of
 * `unit`; ties go to the earlier line. Negative weights count as 0; all-zero weights give it all to
 * the first line.
 */
export function allocate(amount: Kopecks, weights: readonly number[], unit = 1): Kopecks[] {
  if (weights.length === 0) return [];
  const steps = Math.floor(amount / unit);
  const odd = amount - steps * unit;
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (total === 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const bigSteps = BigInt(steps);
  const bigTotal = BigInt(total);
  const shares = weights.map((weight) => {
    const product = bigSteps * BigInt(Math.max(0, weight));
    return { floor: product / bigTotal, remainder: product % bigTotal };
  });
  const result = shares.map((share) => Number(share.floor));
  let left = steps - result.reduce((sum, share) => sum + share, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  const inKopecks = result.map((share) => share * unit);
  // A remainder below one unit (only when amount is not a multiple of it) goes to the largest share.
  if (odd > 0) {
    const largest = inKopecks.reduce(
      (best, share, index) => (share > (inKopecks[best] ?? 0) ? index : best),
      0,
    );
    inKopecks[largest] = (inKopecks[largest] ?? 0) + odd;
  }
  return inKopecks;
}

const NO_BREAK_SPACE = '\u00a0';
const MINUS = '\u2212';

/** «138 864»: digits grouped by thousands with no-break spaces, as every amount is printed. */
export function groupedDigits(digits: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(NO_BREAK_SPACE);
}

/**
 * «138 864 ₽», «138 864,50 ₽», «−1 200 ₽»: an amount as a Russian shop prints it, kopecks shown only
 * when there are any, never rounded. Non-breaking spaces, as Intl's ru-RU spells them.
 */
export function formatKopecks(amount: Kopecks): string {
  if (!Number.isSafeInteger(amount)) return `0${NO_BREAK_SPACE}₽`;
  const sign = amount < 0 ? MINUS : '';
  const absolute = Math.abs(amount);
  const roubles = Math.floor(absolute / KOPECKS_PER_ROUBLE);
  const kopecks = absolute - roubles * KOPECKS_PER_ROUBLE;
  const fraction = kopecks === 0 ? '' : `,${String(kopecks).padStart(2, '0')}`;
  return `${sign}${groupedDigits(String(roubles))}${fraction}${NO_BREAK_SPACE}₽`;
}

/** «138864.50»: the decimal a gateway, a fiscal receipt or a spreadsheet cell expects. */
export function kopecksToDecimal(amount: Kopecks): string {
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(amount));
  const roubles = Math.floor(absolute / KOPECKS_PER_ROUBLE);
  const kopecks = absolute - roubles * KOPECKS_PER_ROUBLE;
  return `${sign}${roubles}.${String(kopecks).padStart(2, '0')}`;
}

/**
 * Reads an amount a person typed in roubles («138 864», «138 864,5», «1200.50 ₽») as kopecks; null when
 * it is not an amount (letters, three decimals, negative, above MAX_KOPECKS).
 */
export function parseRoubles(text: string): Kopecks | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/₽|руб\.?$/i, '');
  const match = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (match === null) return null;
  const roubles = Number(match[1]);
  const kopecks = Number((match[2] ?? '').padEnd(2, '0'));
  const amount = roubles * KOPECKS_PER_ROUBLE + kopecks;
  return isKopecks(amount) ? amount : null;
}
