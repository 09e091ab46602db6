import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isValidPhone, phoneDigits } from './phone-rule';

/**
 * Phone numbers as stored and shown, with libphonenumber-js (the «min» metadata: enough to parse,
 * format and mask, half the size of «max»). Every accepted phone (phone-rule.ts) is stored in E.164
 * («+79215554433»), so one number is one text whatever way it was typed, and is shown formatted
 * («+7 921 555 44 33»). The default country is Russia: «8 921 …» and «921 …» are Russian numbers.
 */
const DEFAULT_PHONE_COUNTRY = 'RU';

/** One normalisation step: libphonenumber when it recognises a possible number, else by the digits. */
function normaliseOnce(phone: string): string {
  const text = phone.trim();
  const digits = phoneDigits(text);
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  if (parsed?.isPossible() && isValidPhone(parsed.number)) return parsed.number;
  if (text.startsWith('+')) return `+${digits}`;
  // A Russian number written the domestic way: trunk prefix 8 (or 7) and ten digits, or ten digits.
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7')))
    return `+7${digits.slice(1)}`;
  if (digits.length === 10) return `+7${digits}`;
  return `+${digits}`;
}

/**
 * The E.164 form of an accepted phone, or null for a text outside the rule. Applying it to its own
 * result changes nothing (a stored number normalises to itself), which the steps below guarantee even
 * where libphonenumber would strip a national prefix on a second look.
 */
export function toE164(phone: string): string | null {
  if (!isValidPhone(phone)) return null;
  let current = normaliseOnce(phone);
  for (let step = 0; step < 3; step += 1) {
    const next = normaliseOnce(current);
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * A stored phone as people read it («+7 921 555 44 33»); a text libphonenumber cannot read stays as is,
 * and so does one whose formatted form would lose a digit (a national trunk zero such as in
 * «+6400000000» is dropped by the international format, which would then store a different number).
 */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim(), DEFAULT_PHONE_COUNTRY);
  if (!parsed?.isPossible()) return stored;
  const formatted = parsed.formatInternational();
  return phoneDigits(formatted) === phoneDigits(stored) ? formatted : stored;
}

/**
 * The input mask: what a phone field shows while someone types («89215» → «8 (921) 5»). Only digits,
 * a leading plus and the mask's own separators survive, so the field never holds text the rule refuses
 * for its characters.
 */
export function maskPhoneInput(typed: string): string {
  const plus = typed.trimStart().startsWith('+');
  const digits = phoneDigits(typed).slice(0, 15);
  if (digits === '') return plus ? '+' : '';
  return new AsYouType(DEFAULT_PHONE_COUNTRY).input(`${plus ? '+' : ''}${digits}`);
}

/**
 * What the server stores for a phone the contract accepted: its E.164 form. A text outside the rule
 * (the contract refuses it before this runs) stays as typed, trimmed, rather than being lost.
 */
export function storedPhone(accepted: string): string {
  return toE164(accepted) ?? accepted.trim();
}
