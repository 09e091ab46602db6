/**
 * How an administrator's search text is read on the requests and clients lists. Phones are stored in
 * many shapes («+7 (921) 555-44-33», «89215554433», E.164), so a phone search compares digits only, and
 * a full Russian number is matched by its last ten digits: «8 921 555 44 33», «+7 921 555 44 33» and
 * «921 555 44 33» all find each other.
 */

/** At least this many digits (and nothing but phone punctuation) make the text a phone search. */
const PHONE_SEARCH_MIN_DIGITS = 5;

export interface ContactSearch {
  /** The trimmed text for substring search (subject, text, e-mail, name); null when empty. */
  readonly text: string | null;
  /** The digits to find inside a phone's digits; null when the text is not a phone search. */
  readonly phoneDigits: string | null;
  /**
   * Every digit string to look for (any one matching is a hit): `phoneDigits`, and for a part of a
   * number typed with the trunk 8 also the same with 7 (see phoneSearchVariants). Empty when not a
   * phone search.
   */
  readonly phoneVariants: readonly string[];
}

/** Russian numbers: 11 digits starting with 7 or 8 are the country/trunk prefix plus ten digits. */
function phoneSearchKey(digits: string): string {
  return digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))
    ? digits.slice(1)
    : digits;
}

/**
 * The digit strings a typed phone (its bare digits) is looked for as. A Russian number is written
 * with the trunk 8 as often as with +7 («8921…» for +7 921…), so a part of a number — fewer than 11
 * digits — that starts with 8 is also looked for with 7 in its place. A full number needs no
 * variant: it is compared by its last ten digits.
 */
export function phoneSearchVariants(typedDigits: string, key: string = typedDigits): readonly string[] {
  return typedDigits.length < 11 && typedDigits.startsWith('8') ? [key, `7${typedDigits.slice(1)}`] : [key];
}

export function parseContactSearch(raw: string | undefined): ContactSearch {
  const text = (raw ?? '').trim();
  if (text === '') return { text: null, phoneDigits: null, phoneVariants: [] };
  if (/^[\d\s()+\-.]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= PHONE_SEARCH_MIN_DIGITS) {
      const key = phoneSearchKey(digits);
      return { text, phoneDigits: key, phoneVariants: phoneSearchVariants(digits, key) };
    }
  }
  return { text, phoneDigits: null, phoneVariants: [] };
}

/** Escapes LIKE wildcards so a typed «%» or «_» is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}
