/**
 * Contact rules of spec §5, applied again on the server (the browser's check is a convenience only).
 * The phone rule has one home, shared-rules/phone-rule.ts (the contract's `Phone` applies it).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** E-mail identity: trimmed and lower-cased, so «Ivan@Mail.ru» and «ivan@mail.ru» are one account. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
