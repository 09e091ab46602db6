import { maskPhoneInput } from '../../../shared-rules/phone-number';

/**
 * The input mask of the shop's phone fields (consultation, feedback, checkout, registration): while
 * someone types, the field shows the number grouped as libphonenumber's AsYouType does for Russia
 * («89215554433» → «8 (921) 555-44-33»), from shared-rules/phone-number.ts, the home of the phone rule
 * the contract and the server apply. A deletion is kept as typed, so Backspace over a bracket or a
 * hyphen removes it instead of the mask putting it straight back.
 */
export function nextPhoneFieldValue(previous: string, typed: string): string {
  if (typed.length < previous.length) return typed;
  return maskPhoneInput(typed);
}

/** A stored phone (E.164, from the server) as the field shows it. */
export function phoneFieldValue(stored: string | null | undefined): string {
  return stored ? maskPhoneInput(stored) : '';
}
