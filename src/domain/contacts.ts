/**
 * The shop's contact details (spec §1: "Contact details come from configuration with defaults: phone
 * display form and E.164 form, e-mail, address 'Санкт-Петербург, Невский пр-т 100', schedule
 * 'Пн–Вс: 10:00 – 20:00'").
 */
import { isValidEmail } from '../../shared-rules/email-rule';

export interface Contacts {
  /** '+7 (812) 555-10-20' — as printed in the header and footer. */
  readonly phoneDisplay: string;
  /** '+78125551020' — for tel: links and structured data. */
  readonly phoneE164: string;
  readonly email: string;
  readonly address: string;
  readonly schedule: string;
}

/** Configuration as it may arrive: any field missing, blank or of the wrong type. */
export type ContactsConfig = { readonly [K in keyof Contacts]?: unknown };

export const DEFAULT_CONTACTS: Contacts = {
  phoneDisplay: '+7 (812) 555-10-20',
  phoneE164: '+78125551020',
  email: 'info@domistil.ru',
  address: 'Санкт-Петербург, Невский пр-т 100',
  schedule: 'Пн–Вс: 10:00 – 20:00',
};

/** A trimmed non-blank string (inner whitespace collapsed), or null. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean;
}

/** E.164: a plus and 8–15 digits, the first not zero. */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(value);
}

/**
 * The E.164 form of a phone as people write it: '+7 (812) 555-10-20', '8 812 555 10 20' and
 * '812 555-10-20' all give '+78125551020' (a Russian number: a leading 8 is the trunk prefix, ten
 * digits lack the country code). Other international numbers keep their digits. null when the text
 * is not a phone number.
 */
export function toE164(phone: string): string | null {
  if (!/^[\d\s()+\-.]+$/.test(phone.trim())) return null;
  const plus = phone.trim().startsWith('+');
  const digits = phone.replace(/\D/g, '');
  let candidate: string;
  if (!plus && digits.length === 11 && digits.startsWith('8')) candidate = `+7${digits.slice(1)}`;
  else if (!plus && digits.length === 10) candidate = `+7${digits}`;
  else candidate = `+${digits}`;
  return isE164(candidate) ? candidate : null;
}

/** '+7 (812) 555-10-20' for a Russian E.164 number; any other valid number is shown as it is. */
export function formatPhoneDisplay(e164: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  if (match === null) return e164;
  const [, area, first, second, third] = match;
  return `+7 (${area}) ${first}-${second}-${third}`;
}

/** tel: link for the contacts' phone. */
export function phoneHref(contacts: Contacts): string {
  return `tel:${contacts.phoneE164}`;
}

export function mailtoHref(contacts: Contacts): string {
  return `mailto:${contacts.email}`;
}

/**
 * The phone pair. The two forms must describe the same number, so: a valid configured E.164 wins
 * and is paired with the configured display text (or a display derived from it); a display text
 * alone is converted to E.164; a display that is not a phone number falls back to the default pair.
 */
function resolvePhone(config: ContactsConfig): Pick<Contacts, 'phoneDisplay' | 'phoneE164'> {
  const display = text(config.phoneDisplay);
  const configuredE164 = text(config.phoneE164);
  const e164 = configuredE164 === null ? null : toE164(configuredE164);
  if (e164 !== null) return { phoneE164: e164, phoneDisplay: display ?? formatPhoneDisplay(e164) };
  if (display !== null) {
    const derived = toE164(display);
    if (derived !== null) return { phoneE164: derived, phoneDisplay: display };
  }
  return { phoneDisplay: DEFAULT_CONTACTS.phoneDisplay, phoneE164: DEFAULT_CONTACTS.phoneE164 };
}

/**
 * Contact details from configuration, each missing, blank or malformed value replaced by its default
 * (spec §1 "from configuration with defaults"). Never throws, whatever the configuration holds.
 */
export function resolveContacts(config: ContactsConfig | null | undefined): Contacts {
  const source: ContactsConfig = typeof config === 'object' && config !== null ? config : {};
  const email = text(source.email);
  return {
    ...resolvePhone(source),
    email: email !== null && isValidEmail(email) ? email : DEFAULT_CONTACTS.email,
    address: text(source.address) ?? DEFAULT_CONTACTS.address,
    schedule: text(source.schedule) ?? DEFAULT_CONTACTS.schedule,
  };
}
