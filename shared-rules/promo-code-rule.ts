/**
 * What a promo code may be (issue 25 item 13): 2–32 Latin letters, digits, «-» and «_». One rule for the
 * back office's field, the contract (api/admin-promo.ts) and so the server: a code typed in Cyrillic is
 * explained at the field instead of being refused by the contract in the browser with nothing sent.
 * Codes are stored upper case (server/domain/order-pricing.ts normalisePromoCode).
 */
const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;
const CYRILLIC = /[\u0400-\u04ff]/;

/** The Russian reason a code cannot be saved, or null when it can. */
export function promoCodeProblem(code: string): string | null {
  if (PROMO_CODE_PATTERN.test(code)) return null;
  if (code.trim() === '') return 'Введите код промокода.';
  if (CYRILLIC.test(code)) return 'В коде русские буквы: наберите его латиницей (A–Z), цифрами, «-» или «_».';
  if (code.length < 2 || code.length > 32) return 'Код — от 2 до 32 знаков.';
  return 'В коде только латинские буквы, цифры, «-» и «_», без пробелов.';
}
