/**
 * Rounding a number for display the way Intl.NumberFormat does (ICU): the number's shortest decimal
 * spelling (what String(x) gives) rounded half away from zero — not its exact binary value, which is
 * what Number#toFixed rounds (6986.95 is 6986.9499… in binary: toFixed says 6986.9, Intl 6987).
 * For money.ts and product-presentation.ts, which spell ru-RU numbers without Intl (see money.ts).
 */

/** Adds one to a string of decimal digits ('199' → '200'). */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let index = out.length - 1; index >= 0; index -= 1) {
    if (out[index] !== '9') {
      out[index] = String(Number(out[index]) + 1);
      return out.join('');
    }
    out[index] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * The whole part and the fraction (at most `fractionDigits`, trailing zeros dropped) of a finite,
 * non-negative number; null from 1e21 on, where String(x) turns to exponent notation.
 */
export function roundedDecimal(
  value: number,
  fractionDigits: number,
): { readonly whole: string; readonly fraction: string } | null {
  if (!Number.isFinite(value) || value < 0 || value >= 1e21) return null;
  // Below 1e-6 String(x) is in exponent notation; such a value rounds to zero at these precisions.
  if (value < 1e-6) return { whole: '0', fraction: '' };
  const [whole = '0', fraction = ''] = String(value).split('.');
  let kept = whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  if ((fraction[fractionDigits] ?? '0') >= '5') kept = incremented(kept);
  const wholeLength = kept.length - fractionDigits;
  return {
    whole: kept.slice(0, wholeLength),
    fraction: kept.slice(wholeLength).replace(/0+$/, ''),
  };
}
