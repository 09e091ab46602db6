import { formatPhone, toE164 } from '../../../shared-rules/phone-number';

/**
 * A stored phone (E.164, «+79215554433») as the back office shows it («+7 921 555 44 33»), with the
 * formatter of shared-rules/phone-number.ts that the storefront and the server use; no phone → «—».
 * The back office is a lazy chunk, so libphonenumber's metadata does not weigh on the storefront.
 */
export function phoneText(stored: string | null | undefined, missing = '—'): string {
  return stored ? formatPhone(stored) : missing;
}

/**
 * A phone typed through the input mask («8 (921) 555-44-33») as the admin API receives it: E.164 when
 * the phone rule accepts it, else the text as typed so the server answers with its 400 and message.
 */
export function phoneToSend(typed: string): string {
  return toE164(typed) ?? typed.trim();
}
