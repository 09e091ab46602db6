import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type CloseWord,
  MIN_PREFIX_LENGTH,
  parseQuery,
  readPartialQuery,
  toPrefixTsQueryText,
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
