/**
 * Russian plural forms (spec §9 "Item-count plural forms: товар, товара, товаров"), the one home of
 * them for the browser, the contract and the server (issue 25, item 4).
 *
 * Russian chooses among three forms by the last two digits of the count:
 * one  — ends in 1 but not 11            (1, 21, 101, 1001 товар)
 * few  — ends in 2–4 but not 12–14       (2, 3, 4, 22, 104 товара)
 * many — everything else among integers  (0, 5–20, 111–114, 1000 товаров)
 * A fractional count reads with the genitive singular, the same word as "few" ("1,5 товара"),
 * which is also what Intl.PluralRules('ru') calls "other".
 */

/** The three word forms in the order [one, few, many], e.g. ['товар', 'товара', 'товаров']. */
export type RussianPluralForms = readonly [one: string, few: string, many: string];

export type RussianPluralCategory = 'one' | 'few' | 'many';

export const PRODUCT_FORMS: RussianPluralForms = ['товар', 'товара', 'товаров'];

/** Which of the three forms a count takes. Total: a non-finite count reads as "many" ("∞ товаров"). */
export function russianPluralCategory(count: number): RussianPluralCategory {
  if (!Number.isFinite(count)) return 'many';
  const n = Math.abs(count);
  if (!Number.isInteger(n)) return 'few';
  const lastTwo = n % 100;
  const last = n % 10;
  if (last === 1 && lastTwo !== 11) return 'one';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
}

/** The word form for `count`: pluralRu(3, ['товар', 'товара', 'товаров']) === 'товара'. */
export function pluralRu(count: number, forms: RussianPluralForms): string {
  const [one, few, many] = forms;
  switch (russianPluralCategory(count)) {
    case 'one':
      return one;
    case 'few':
      return few;
    case 'many':
      return many;
  }
}

/** 'товар' / 'товара' / 'товаров' for a number of products (the word only, without the number). */
export function pluralizeProducts(count: number): string {
  return pluralRu(count, PRODUCT_FORMS);
}
