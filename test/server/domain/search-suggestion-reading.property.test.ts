import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type CloseWord,
  Lexicon,
  MIN_PREFIX_LENGTH,
  parseQuery,
  readPartialQuery,
  toPrefixTsQueryText,
  trigramSimilarity,
} from '../../../server/domain/search-text';

/** A tiny catalogue lexicon, with trigram-like closeness faked by a shared-prefix ratio. */
const LEXICON = ['диван', 'диваны', 'кресло', 'кровать', 'стол', 'серый', 'дуб'];
const MIN_SIMILARITY = 0.3;

function closest(variant: string): CloseWord | undefined {
  let best: CloseWord | undefined;
  for (const word of LEXICON) {
    let shared = 0;
    while (shared < Math.min(word.length, variant.length) && word[shared] === variant[shared]) shared += 1;
    const similarity = shared / Math.max(word.length, variant.length);
    if (!best || similarity > best.similarity) best = { word, similarity };
  }
  return best;
}

/** The most frequent word starting with the prefix; «диваны» is the more frequent of the sofas. */
function completion(prefix: string): string | undefined {
  if (LEXICON.includes(prefix)) return prefix;
  return ['диваны', ...LEXICON].find((word) => word.startsWith(prefix));
}

const read = (query: string) => readPartialQuery(parseQuery(query), closest, completion, MIN_SIMILARITY);

describe('reading a query typed so far', () => {
  it('keeps a prefix some catalogue word starts with, without a correction', () => {
    expect(read('дива')).toEqual({ words: ['дива'], corrected: null });
    expect(read('Дива')).toEqual({ words: ['дива'], corrected: null });
  });

  it('takes the other keyboard layout and shows the completed word', () => {
    expect(read('lbdf')).toEqual({ words: ['дива'], corrected: 'диваны' });
    expect(read('lbdfy')).toEqual({ words: ['диван'], corrected: 'диван' });
  });

  it('corrects a typo in the last word to the closest catalogue word', () => {
    expect(read('дивн')).toEqual({ words: ['диван'], corrected: 'диван' });
  });

  it('chooses finished words as full search does and completes only the last', () => {
    expect(read('lbdfy сер')).toEqual({ words: ['диван', 'сер'], corrected: 'диван сер' });
    expect(read('диван сер')).toEqual({ words: ['диван', 'сер'], corrected: null });
  });

  it('leaves out a one-letter last word, and reads nothing from one letter alone', () => {
    expect(read('д')).toEqual({ words: [], corrected: null });
    expect(read('диван с')).toEqual({ words: ['диван'], corrected: null });
    expect(read('   ')).toEqual({ words: [], corrected: null });
  });

  it('leaves out every short word at the end, not only the last (found by the property below)', () => {
    expect(read('A 0').words).toEqual([]);
  });

  test.prop([fc.string({ maxLength: 200 })])('never reads a last word shorter than the minimum', (query) => {
    const reading = read(query);
    const last = reading.words.at(-1);
    if (last !== undefined) expect(last.length).toBeGreaterThanOrEqual(MIN_PREFIX_LENGTH);
    expect(reading.corrected === null || reading.corrected.trim() !== '').toBe(true);
  });

  test.prop([fc.string({ maxLength: 200 })])(
    'builds a tsquery of letters, digits, & and a final :* only (nothing injectable)',
    (query) => {
      const text = toPrefixTsQueryText(read(query).words);
      expect(text).toMatch(/^([a-zа-я0-9]+( & [a-zа-я0-9]+)*:\*)?$/);
    },
  );
});

const word = fc.string({
  unit: fc.constantFrom(...'абвгдеиклмнопрстуя0123'.split('')),
  minLength: 1,
  maxLength: 12,
});

describe('the in-memory lexicon', () => {
  it('measures similarity as pg_trgm does', () => {
    // pg_trgm: similarity('диван', 'дивн') = 3 shared of 8 distinct trigrams.
    expect(trigramSimilarity('диван', 'дивн')).toBeCloseTo(3 / 8);
    expect(trigramSimilarity('диван', 'диван')).toBe(1);
    expect(trigramSimilarity('кресло', 'zzz')).toBe(0);
  });

  test.prop([word, word])('similarity is symmetric, within 0…1, and 1 only for the same word', (a, b) => {
    const similarity = trigramSimilarity(a, b);
    expect(similarity).toBe(trigramSimilarity(b, a));
    expect(similarity).toBeGreaterThanOrEqual(0);
    expect(similarity).toBeLessThanOrEqual(1);
    if (a !== b) expect(similarity).toBeLessThan(1);
  });

  const lexicon = new Lexicon([
    { word: 'диван', frequency: 40 },
    { word: 'диваны', frequency: 90 },
    { word: 'дивандек', frequency: 1 },
    { word: 'кресло', frequency: 30 },
    { word: 'кровать', frequency: 20 },
  ]);

  it('completes a prefix: the word itself, else the most frequent word it starts', () => {
    expect(lexicon.complete('диван')).toBe('диван');
    expect(lexicon.complete('дива')).toBe('диваны');
    expect(lexicon.complete('кр')).toBe('кресло');
    expect(lexicon.complete('дx')).toBeUndefined();
    expect(lexicon.complete('')).toBeUndefined();
  });

  it('finds the word itself, else the nearest one', () => {
    expect(lexicon.closest('кресло')).toEqual({ word: 'кресло', similarity: 1 });
    expect(lexicon.closest('крсло')?.word).toBe('кресло');
    expect(lexicon.closest('zzz')).toBeUndefined();
  });

  test.prop([fc.array(fc.record({ word, frequency: fc.nat(100) }), { maxLength: 40 }), word])(
    'completion agrees with a scan of every word',
    (entries, prefix) => {
      const unique = [...new Map(entries.map((entry) => [entry.word, entry])).values()];
      const completed = new Lexicon(unique).complete(prefix);
      const starting = unique.filter((entry) => entry.word.startsWith(prefix));
      if (starting.length === 0) expect(completed).toBeUndefined();
      else if (unique.some((entry) => entry.word === prefix)) expect(completed).toBe(prefix);
      else {
        const top = Math.max(...starting.map((entry) => entry.frequency));
        expect(starting.find((entry) => entry.word === completed)?.frequency).toBe(top);
      }
    },
  );
});
