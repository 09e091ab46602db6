/**
 * The shop's phone rule (spec §5, read as issue 12 settles it), the one home of it: the browser's forms
 * (src/domain), the HTTP contract (api/) and the server (server/domain, server/http) all import this
 * file, so a number one of them accepts the others accept too. Dependency-free on purpose: the pure
 * layers may import it (docs/architecture.md, «One phone rule»).
 *
 * The language: optional surrounding spaces, an optional leading «+», then ASCII digits with spaces,
 * hyphens and parentheses between them, holding 10 to 15 digits. «+7 (921) 555-44-33» passes;
 * «----------» (no digits) and «12345» (too few) do not.
 */
export const PHONE_FORMAT_MESSAGE = 'Неверный формат телефона';
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** Longest text worth looking at: 15 digits with a separator around each and a plus. */
export const PHONE_MAX_LENGTH = 40;

const SHAPE = /^\+?[0-9 ()-]+$/;

/** The digits of a phone as typed, separators dropped (also the key admin search matches on). */
export function phoneDigits(phone: string): string {
  return phone.replace(/[^0-9]/g, '');
}

/** Whether a phone as typed is in the shop's language (see the file comment). */
export function isValidPhone(phone: string): boolean {
  const text = phone.trim();
  if (text.length > PHONE_MAX_LENGTH || !SHAPE.test(text)) return false;
  const digits = phoneDigits(text).length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}
