/**
 * Contact rules of spec §5, applied again on the server (the browser's check is a convenience only).
 * The phone rule has one home, shared-rules/phone-rule.ts (the contract's `Phone` applies it).
 */
// The e-mail rule has one home too, shared with the contract and the browser (issue 25, item 4).
export { isValidEmail } from '../../shared-rules/email-rule';

/** E-mail identity: trimmed and lower-cased, so «Ivan@Mail.ru» and «ivan@mail.ru» are one account. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
