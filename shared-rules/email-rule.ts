/**
 * The shop's e-mail rule (spec §5: «text, at sign, text, dot, text, no spaces»; the texts hold no «@»
 * either, so one «@» only), the one home of it: the browser's forms (src/domain), the contract (api/)
 * and the server import this file (issue 25, item 4), so an address one accepts the others accept.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 5321's longest path; longer text is refused before the pattern looks at it. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_FORMAT_MESSAGE = 'Неверный формат email';

/** Whether an e-mail (already trimmed) is in the shop's format and not too long. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
