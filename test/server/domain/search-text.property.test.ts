import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  articleSearchForms,
  articleSearchKey,
  chooseWord,
  cleanWord,
  cyrillicLayoutToLatin,
  latinLayoutToCyrillic,
  MAX_QUERY_WORDS,
  MAX_WORD_LENGTH,
  MIN_ARTICLE_LENGTH,
  normaliseText,
  parseQuery,
  toTsQueryText,
  transliterateToCyrillic,
} from '../../../server/domain/search-text';

const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const CYRILLIC = 'абвгдежзийклмнопрстуфхцчшщъыьэюя';
const latinKeyText = fc.string({
  unit: fc.constantFrom(...LATIN_KEYS.split('')),
  minLength: 1,
  maxLength: 20,
});
const cyrillicWord = fc.string({ unit: fc.constantFrom(...CYRILLIC.split('')), minLength: 1, maxLength: 20 });
const latinWord = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')),
  minLength: 1,
  maxLength: 20,
});

describe('keyboard layout switch', () => {
  it('re-types the classic examples', () => {
    expect(latinLayoutToCyrillic('lbdfy')).toBe('диван');
    expect(latinLayoutToCyrillic('rhtckj')).toBe('кресло');
    expect(latinLayoutToCyrillic('c,jhrf')).toBe('сборка');
    expect(cyrillicLayoutToLatin('шлуф')).toBe('ikea');
  });

  test.prop([latinKeyText])('Latin → Cyrillic → Latin is the identity on layout keys', (text) => {
    expect(cyrillicLayoutToLatin(latinLayoutToCyrillic(text))).toBe(text);
  });

  test.prop([cyrillicWord])('Cyrillic → Latin → Cyrillic is the identity on Russian letters', (word) => {
    expect(latinLayoutToCyrillic(cyrillicLayoutToLatin(word))).toBe(word);
  });
});

describe('transliteration', () => {
  it.each([
    ['divan', 'диван'],
    ['kreslo', 'кресло'],
    ['shkaf', 'шкаф'],
    // No Latin letter stands for «ь»: the lexicon lookup corrects 'журналный' to 'журнальный'.
    ['zhurnalnyy', 'журналный'],
    ['podushka', 'подушка'],
    ['chasy', 'часы'],
  ])('%s → %s', (latin, cyrillic) => {
    expect(transliterateToCyrillic(latin)).toBe(cyrillic);
  });

  test.prop([latinWord])('turns any Latin word into Cyrillic letters only', (word) => {
    expect(transliterateToCyrillic(word)).toMatch(/^[а-яё]+$/);
  });
});

describe('query parsing', () => {
  test.prop([fc.string({ maxLength: 300 })])(
    'words are clean, bounded, distinct and start with the original',
    (query) => {
      const words = parseQuery(query);
      expect(words.length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
      const originals = words.map((word) => word.original);
      expect(new Set(originals).size).toBe(originals.length);
      for (const word of words) {
        expect(word.original).toMatch(/^[a-z0-9а-я]+$/);
        expect(word.original.length).toBeLessThanOrEqual(MAX_WORD_LENGTH);
        expect(word.variants[0]).toBe(word.original);
        for (const variant of word.variants) expect(variant).toMatch(/^[a-z0-9а-я]+$/);
      }
    },
  );

  test.prop([fc.string({ maxLength: 100 })])('cleaning is idempotent', (text) => {
    expect(cleanWord(cleanWord(text))).toBe(cleanWord(text));
  });

  it('folds ё and case, and offers layout and transliteration variants for Latin words', () => {
    expect(normaliseText('Ёлка')).toBe('елка');
    const [word] = parseQuery('lbdfy');
    expect(word?.variants).toEqual(['lbdfy', 'диван', 'лбдфы']);
    const [translit] = parseQuery('divan');
    expect(translit?.variants).toContain('диван');
    const [withPunctuation] = parseQuery('c,jhrf');
    expect(withPunctuation?.variants).toContain('сборка');
  });

  it('yields nothing for a query without letters or digits', () => {
    expect(parseQuery('  !!! ??? ')).toEqual([]);
  });
});

describe('tsquery text', () => {
  test.prop([fc.array(fc.string({ maxLength: 30 }), { maxLength: 10 })])(
    'contains only clean words, operators and a final prefix mark',
    (words) => {
      expect(toTsQueryText(words)).toMatch(/^(?:[a-z0-9а-я]+(?::\*)?(?: & [a-z0-9а-я]+(?::\*)?)*)?$/);
    },
  );

  it('joins with AND, or OR on request, with the last word as a prefix', () => {
    expect(toTsQueryText(['диван', 'серый'])).toBe('диван & серый:*');
    expect(toTsQueryText(['диван', 'серый'], '|')).toBe('диван | серый:*');
    expect(toTsQueryText(["x'); drop", '!!'])).toBe('xdrop:*');
  });
});

describe('articles (issue 25, item 6)', () => {
  const skuText = fc.string({
    unit: fc.constantFrom(...'ABCDEFXYZ0123456789-_ /.'.split('')),
    maxLength: 30,
  });

  it('reads the ways a manager types an article', () => {
    expect(articleSearchForms('DS-000109')).toEqual(['ds000109']);
    expect(articleSearchForms(' ds 000109 ')).toEqual(['ds000109']);
    expect(articleSearchForms('0001')).toEqual(['0001']);
    expect(articleSearchForms('ВЫ-000109')).toEqual(['вы000109', 'ds000109']);
    // A size or a plain word is searched as words only.
    expect(articleSearchForms('120')).toEqual([]);
    expect(articleSearchForms('диван')).toEqual([]);
  });

  test.prop([skuText])(
    'forms hold only letters and digits (no LIKE wildcard), a digit, and at least the minimum length',
    (text) => {
      for (const form of articleSearchForms(text)) {
        expect(form).toMatch(/^[a-z0-9а-я]+$/);
        expect(form).toMatch(/[0-9]/);
        expect(form.length).toBeGreaterThanOrEqual(MIN_ARTICLE_LENGTH);
      }
    },
  );

  test.prop([skuText])('an article typed in full is one of its own search forms', (sku) => {
    const key = articleSearchKey(sku);
    fc.pre(key.length >= MIN_ARTICLE_LENGTH && /[0-9]/.test(key));
    expect(articleSearchForms(sku)).toContain(key);
    expect(articleSearchForms(sku.toLowerCase())).toContain(key);
  });

  test.prop([fc.string({ minLength: 1, maxLength: 24 })])(
    'a word with a digit is never «corrected» into a catalogue word',
    (text) => {
      for (const word of parseQuery(text).filter((parsed) => /[0-9]/.test(parsed.original))) {
        expect(chooseWord(word, () => ({ word: 'терракотовый', similarity: 0.9 }), 0.3)).toBe(word.original);
      }
    },
  );
});
