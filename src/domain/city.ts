/**
 * The visitor's city as shown in the header and the city banner (spec §4 "City": "The name is
 * normalised (capitalised, prepositions lower-case, default 'Другой город')").
 *
 * The name comes from a cookie or the geo service, so it can be in any case, padded, or empty.
 */

/** Shown when no city is known. */
export const DEFAULT_CITY_NAME = 'Другой город';

/** Longest name kept, in characters; a cookie cannot make the header render a page of text. */
export const MAX_CITY_NAME_LENGTH = 100;

/**
 * Words written in lower case inside a name: the prepositions, conjunctions and particles of Russian
 * place names (Ростов-на-Дону, Комсомольск-на-Амуре) and the particles of foreign names as Russian
 * spells them (Рио-де-Жанейро, Шарм-эль-Шейх, Франкфурт-на-Майне, Экс-ан-Прованс). The first word
 * of a name is capitalised even when it is one of these.
 */
export const LOWER_CASE_CITY_WORDS: ReadonlySet<string> = new Set([
  'в',
  'во',
  'на',
  'над',
  'под',
  'при',
  'у',
  'с',
  'со',
  'к',
  'ко',
  'о',
  'об',
  'от',
  'до',
  'по',
  'за',
  'из',
  'и',
  'де',
  'ла',
  'ле',
  'дель',
  'ди',
  'дю',
  'да',
  'ду',
  'дос',
  'эль',
  'ам',
  'ан',
  'сюр',
]);

// Hyphen look-alikes (hyphen, non-breaking hyphen, figure dash, en and em dash, minus) typed or
// pasted inside a name; they all join parts of one name.
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2212]/g;
// Invisible control and format characters (zero-width spaces, direction marks, BOM, soft hyphen).
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const LETTER = /^\p{L}$/u;

// Case is changed one character at a time, and only where the result is again one character
// (ŉ would become ʼN): the name keeps its length, so truncation and a second pass agree.
function mapCharacters(text: string, change: (character: string) => string): string {
  let result = '';
  for (const character of text) {
    const changed = change(character);
    result += [...changed].length === 1 ? changed : character;
  }
  return result;
}

function lowerCase(text: string): string {
  return mapCharacters(text, (character) => character.toLowerCase());
}

// Upper then lower case: the form a particle is recognised by. Lower case alone is not enough:
// old Cyrillic letter forms (ᲀ, U+1C80) are already lower case yet become 'В' when capitalised,
// and a second pass would then read 'в' as a particle.
function caseFold(text: string): string {
  return lowerCase(mapCharacters(text, (character) => character.toUpperCase()));
}

function capitalise(part: string): string {
  let seenLetter = false;
  return mapCharacters(part, (character) => {
    if (seenLetter || !LETTER.test(character)) return character.toLowerCase();
    seenLetter = true;
    return character.toUpperCase();
  });
}

function truncate(text: string): string {
  const characters = [...text];
  return characters.length <= MAX_CITY_NAME_LENGTH
    ? text
    : characters.slice(0, MAX_CITY_NAME_LENGTH).join('').trimEnd();
}

/**
 * 'ростов-НА-дону' → 'Ростов-на-Дону', '  нижний   новгород ' → 'Нижний Новгород'. Whitespace is
 * trimmed and collapsed, dashes inside a name become hyphens, every word and hyphenated part is
 * capitalised except LOWER_CASE_CITY_WORDS, and the very first part is always capitalised.
 * ё is kept. Empty, blank or missing input gives DEFAULT_CITY_NAME. Applying it twice changes nothing.
 */
export function normaliseCityName(raw: string | null | undefined): string {
  if (typeof raw !== 'string') return DEFAULT_CITY_NAME;
  // Whitespace first: a tab or line break is a control character, but it separates words.
  const spaced = raw.replace(/\s+/g, ' ').replace(INVISIBLE, '').replace(/ +/g, ' ');
  const cleaned = truncate(spaced.replace(DASHES, '-').trim());
  if (cleaned === '') return DEFAULT_CITY_NAME;
  // The default itself must come back unchanged from a second pass, not as 'Другой Город'.
  if (caseFold(cleaned) === caseFold(DEFAULT_CITY_NAME)) return DEFAULT_CITY_NAME;
  let first = true;
  return cleaned
    .split(' ')
    .map((word) =>
      word
        .split('-')
        .map((part) => {
          const folded = caseFold(part);
          const keepLower = !first && LOWER_CASE_CITY_WORDS.has(folded);
          if (part !== '') first = false;
          return keepLower ? folded : capitalise(part);
        })
        .join('-'),
    )
    .join(' ');
}
