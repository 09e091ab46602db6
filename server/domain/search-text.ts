/**
 * The pure half of Russian product search: turning what a shopper typed into words worth looking up.
 * A word may arrive in the wrong keyboard layout ("lbdfy" typed for "диван" on a Latin layout) or in
 * Latin transliteration ("divan"); each raw word yields its variants and the lexicon decides which one
 * the catalogue knows (server/application/search.ts).
 */

/** At most this many words are looked up; longer queries keep their first words. */
export const MAX_QUERY_WORDS = 8;
/** Words are cut to this length: no catalogue word is longer, and it bounds the lexicon lookups. */
export const MAX_WORD_LENGTH = 40;

const LATIN_TO_CYRILLIC_KEYS: Readonly<Record<string, string>> = {
  q: 'й',
  w: 'ц',
  e: 'у',
  r: 'к',
  t: 'е',
  y: 'н',
  u: 'г',
  i: 'ш',
  o: 'щ',
  p: 'з',
  '[': 'х',
  ']': 'ъ',
  a: 'ф',
  s: 'ы',
  d: 'в',
  f: 'а',
  g: 'п',
  h: 'р',
  j: 'о',
  k: 'л',
  l: 'д',
  ';': 'ж',
  "'": 'э',
  z: 'я',
  x: 'ч',
  c: 'с',
  v: 'м',
  b: 'и',
  n: 'т',
  m: 'ь',
  ',': 'б',
  '.': 'ю',
  '`': 'ё',
};

const CYRILLIC_TO_LATIN_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LATIN_TO_CYRILLIC_KEYS).map(([latin, cyrillic]) => [cyrillic, latin]),
);

/** Lower-case and fold ё into е, as the search vectors are built (catalog.schema.ts). */
export function normaliseText(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е');
}

/** Keeps letters (Latin, Cyrillic) and digits only. */
export function cleanWord(word: string): string {
  return normaliseText(word)
    .replace(/[^a-z0-9а-я]+/g, '')
    .slice(0, MAX_WORD_LENGTH);
}

const isCyrillic = (word: string): boolean => /[а-я]/.test(word);

/** Re-types text as if the other keyboard layout had been active (Latin ЙЦУКЕН keys → Cyrillic). */
export function latinLayoutToCyrillic(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) out += LATIN_TO_CYRILLIC_KEYS[char] ?? char;
  return out;
}

/** The reverse: Cyrillic typed where Latin was meant (brand names). */
export function cyrillicLayoutToLatin(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) out += CYRILLIC_TO_LATIN_KEYS[char] ?? char;
  return out;
}

// Longest sequences first, so "shch" wins over "sh" + "ch".
const TRANSLITERATION: readonly (readonly [string, string])[] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['yo', 'е'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['ye', 'е'],
  ['ja', 'я'],
  ['ju', 'ю'],
  ['yy', 'ый'],
  ['iy', 'ий'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'ы'],
  ['z', 'з'],
];

/** Latin transliteration of a Russian word back to Cyrillic ("divan" → "диван", "kreslo" → "кресло"). */
export function transliterateToCyrillic(word: string): string {
  const lower = word.toLowerCase();
  let out = '';
  let index = 0;
  while (index < lower.length) {
    const match = TRANSLITERATION.find(([latin]) => lower.startsWith(latin, index));
    if (match) {
      out += match[1];
      index += match[0].length;
    } else {
      out += lower[index];
      index += 1;
    }
  }
  return out;
}

export interface QueryWord {
  /** The word as typed, cleaned. */
  readonly original: string;
  /** Distinct spellings to look up, most likely first; always starts with `original`. */
  readonly variants: readonly string[];
}

/**
 * Splits a query into words with their variants. Splitting happens on whitespace before cleaning,
 * because in the wrong layout punctuation keys are letters (",", ".", ";" are б, ю, ж).
 */
export function parseQuery(query: string): readonly QueryWord[] {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  for (const raw of query.split(/\s+/)) {
    if (words.length >= MAX_QUERY_WORDS) break;
    const original = cleanWord(raw);
    if (original === '' || seen.has(original)) continue;
    seen.add(original);
    const variants = [original];
    const add = (variant: string) => {
      if (variant !== '' && !variants.includes(variant)) variants.push(variant);
    };
    if (/[a-z]/.test(normaliseText(raw)) && !isCyrillic(original)) {
      add(cleanWord(latinLayoutToCyrillic(raw)));
      add(cleanWord(transliterateToCyrillic(original)));
    } else if (isCyrillic(original) && !/[0-9]/.test(original)) {
      add(cleanWord(cyrillicLayoutToLatin(raw)));
    }
    words.push({ original, variants });
  }
  return words;
}

/**
 * A tsquery text from chosen words: all words must match, and the last one may be a prefix (the
 * shopper may still be typing). Words hold only [a-zа-я0-9], so no tsquery syntax can be injected.
 */
export function toTsQueryText(words: readonly string[], operator: '&' | '|' = '&'): string {
  const safe = words.map(cleanWord).filter((word) => word !== '');
  return safe
    .map((word, index) => (index === safe.length - 1 && word.length >= 3 ? `${word}:*` : word))
    .join(` ${operator} `);
}

/** A catalogue word close to a spelling, and how close (trigram similarity, 0…1). */
export interface CloseWord {
  readonly word: string;
  readonly similarity: number;
}

/**
 * The catalogue word a typed word stands for: the spelling itself when the catalogue has it or it holds
 * a digit (sizes, models and articles are typed as meant: «ds000109» is no typo of a word), else the
 * most similar variant's match at or above `minSimilarity` (the earlier variant, as typed, wins ties),
 * else the word as typed.
 */
export function chooseWord(
  word: QueryWord,
  closest: (variant: string) => CloseWord | undefined,
  minSimilarity: number,
): string {
  if (/[0-9]/.test(word.original)) return word.original;
  let best: CloseWord | undefined;
  for (const variant of word.variants) {
    const match = closest(variant);
    if (!match) continue;
    if (match.word === variant) return variant;
    if (match.similarity >= minSimilarity && (!best || match.similarity > best.similarity)) best = match;
  }
  return best?.word ?? word.original;
}

/** An article needs this many letters and digits: «120» is a size, «0109» already a part of an article. */
export const MIN_ARTICLE_LENGTH = 4;

/**
 * The forms an article (артикул, SKU) search looks for inside each product's article, both reduced to
 * letters and digits (`articleSearchKey`): the whole query as one key («DS-000109», «ds 000109» →
 * «ds000109»), and, when it holds Cyrillic, the same keys re-typed on the Latin layout («ВЫ-000109» →
 * «ds000109»). None when the query holds no digit or is shorter than MIN_ARTICLE_LENGTH: a word alone
 * is searched as a word.
 */
export function articleSearchForms(query: string): readonly string[] {
  const key = articleSearchKey(query);
  if (key.length < MIN_ARTICLE_LENGTH || !/[0-9]/.test(key)) return [];
  const forms = [key];
  if (isCyrillic(key)) {
    const latin = articleSearchKey(cyrillicLayoutToLatin(query));
    if (latin !== key && latin.length >= MIN_ARTICLE_LENGTH) forms.push(latin);
  }
  return forms;
}

/** An article (or a query for one) reduced to lower-case letters and digits, as its search index holds it. */
export function articleSearchKey(text: string): string {
  return normaliseText(text)
    .replace(/[^a-z0-9а-я]+/g, '')
    .slice(0, MAX_ARTICLE_KEY_LENGTH);
}

/** The longest article key looked for (the query is at most 200 characters; articles are far shorter). */
const MAX_ARTICLE_KEY_LENGTH = 64;

/** Shorter last words are not completed: one letter would match a good part of the catalogue. */
export const MIN_PREFIX_LENGTH = 2;

/** What a half-typed query is read as: the words to look up, and the correction to show. */
export interface SuggestionReading {
  /** Chosen words; the last one is a prefix (the shopper is still typing it). */
  readonly words: readonly string[];
  /** The query as the shopper probably means it, or null when that is what was typed. */
  readonly corrected: string | null;
}

/**
 * Reads a query typed so far. Every word but the last is chosen as full search does; the last is a
 * prefix: kept as typed when some catalogue word starts with it, else the first variant (other
 * layout, transliteration) that starts a catalogue word, else its closest catalogue word (a typo).
 * The correction shows the completed word for a re-typed prefix («lbdf» → «диван»). A last word
 * shorter than MIN_PREFIX_LENGTH is left out (and so is the word before it when it is that short too);
 * nothing is read from a query without words.
 */
export function readPartialQuery(
  words: readonly QueryWord[],
  closest: (variant: string) => CloseWord | undefined,
  completion: (prefix: string) => string | undefined,
  minSimilarity: number,
): SuggestionReading {
  // Short words at the end are left out, all of them: once the last is dropped, the word before it
  // becomes the prefix, and a one-letter prefix («a» in «A 0») would match nearly every word.
  let end = words.length;
  while (end > 0 && (words[end - 1]?.original.length ?? 0) < MIN_PREFIX_LENGTH) end -= 1;
  const usable = words.slice(0, end);
  if (usable.length === 0) return { words: [], corrected: null };
  const chosen = usable.slice(0, -1).map((word) => chooseWord(word, closest, minSimilarity));
  const shown = [...chosen];
  const typing = usable[usable.length - 1] as QueryWord;
  // A variant may be shorter than the word typed («sh» transliterates to «ш»): too short to complete.
  const completed = typing.variants.find(
    (variant) => variant.length >= MIN_PREFIX_LENGTH && completion(variant) !== undefined,
  );
  if (completed === typing.original) {
    chosen.push(typing.original);
    shown.push(typing.original);
  } else if (completed !== undefined) {
    chosen.push(completed);
    shown.push(completion(completed) ?? completed);
  } else {
    const word = chooseWord(typing, closest, minSimilarity);
    chosen.push(word);
    shown.push(word);
  }
  const corrected = shown.join(' ');
  const typed = usable.map((word) => word.original).join(' ');
  return { words: chosen, corrected: corrected === typed ? null : corrected };
}

/** A tsquery text where every word must match and the last one is always a prefix. */
export function toPrefixTsQueryText(words: readonly string[]): string {
  const safe = words.map(cleanWord).filter((word) => word !== '');
  return safe.map((word, index) => (index === safe.length - 1 ? `${word}:*` : word)).join(' & ');
}

/** The trigrams pg_trgm takes from one word: padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const result = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) result.add(padded.slice(index, index + 3));
  return result;
}

/** pg_trgm's similarity of two single words: shared trigrams over all distinct trigrams (0…1). */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 0 : shared / union;
}

export interface LexiconEntry {
  readonly word: string;
  readonly frequency: number;
}

/**
 * The catalogue's words held in memory for suggestions while typing (a few hundred to a few thousand
 * words): exact and trigram-nearest look-ups as the database does them for full search, and prefix
 * completion by binary search over the sorted words.
 */
export class Lexicon {
  private readonly words: readonly LexiconEntry[];
  private readonly frequencyOf: ReadonlyMap<string, number>;

  constructor(entries: readonly LexiconEntry[]) {
    this.words = [...entries].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    this.frequencyOf = new Map(entries.map((entry) => [entry.word, entry.frequency]));
  }

  /** The word itself when the lexicon has it, else the most similar one (more frequent on a tie). */
  closest(variant: string): CloseWord | undefined {
    if (this.frequencyOf.has(variant)) return { word: variant, similarity: 1 };
    let best: (CloseWord & { readonly frequency: number }) | undefined;
    for (const entry of this.words) {
      const similarity = trigramSimilarity(entry.word, variant);
      if (
        !best ||
        similarity > best.similarity ||
        (similarity === best.similarity && entry.frequency > best.frequency)
      ) {
        best = { word: entry.word, similarity, frequency: entry.frequency };
      }
    }
    return best && best.similarity > 0 ? { word: best.word, similarity: best.similarity } : undefined;
  }

  /** The prefix itself when it is a word, else the most frequent word starting with it. */
  complete(prefix: string): string | undefined {
    if (prefix === '') return undefined;
    if (this.frequencyOf.has(prefix)) return prefix;
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.words[middle] as LexiconEntry).word < prefix) low = middle + 1;
      else high = middle;
    }
    let best: LexiconEntry | undefined;
    for (let index = low; index < this.words.length; index += 1) {
      const entry = this.words[index] as LexiconEntry;
      if (!entry.word.startsWith(prefix)) break;
      if (!best || entry.frequency > best.frequency) best = entry;
    }
    return best?.word;
  }
}
