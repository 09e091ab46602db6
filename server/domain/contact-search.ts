/**
 * How an administrator's search text is read on the requests and clients lists. Phones are stored in
 * many shapes («+7 (921) 555-44-33», «89215554433», E.164), so a phone search compares digits only, and
 * a full Russian number is matched by its last ten digits: «8 921 555 44 33», «+7 921 555 44 33» and
 * «921 555 44 33» all find each other.
 */

/** At least this many digits (and nothing but phone punctuation) make the text a phone search. */
export const PHONE_SEARCH_MIN_DIGITS = 5;

export interface ContactSearch {
  /** The trimmed text for substring search (subject, text, e-mail, name); null when empty. */
  readonly text: string | null;
  /** The digits to find inside a phone's digits; null when the text is not a phone search. */
  readonly phoneDigits: string | null;
}

/** Russian numbers: 11 digits starting with 7 or 8 are the country/trunk prefix plus ten digits. */
export function phoneSearchKey(digits: string): string {
  return digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))
    ? digits.slice(1)
    : digits;
}

export function parseContactSearch(raw: string | undefined): ContactSearch {
  const text = (raw ?? '').trim();
  if (text === '') return { text: null, phoneDigits: null };
  if (/^[\d\s()+\-.]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= PHONE_SEARCH_MIN_DIGITS) return { text, phoneDigits: phoneSearchKey(digits) };
  }
  return { text, phoneDigits: null };
}

/** Escapes LIKE wildcards so a typed «%» or «_» is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}
