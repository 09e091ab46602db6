import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  DEFAULT_CITY_NAME,
  LOWER_CASE_CITY_WORDS,
  MAX_CITY_NAME_LENGTH,
  normaliseCityName,
} from '../../src/domain/city';

const cyrillicWordArb = fc
  .array(fc.constantFrom(...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ'), {
    minLength: 1,
    maxLength: 10,
  })
  .map((letters) => letters.join(''));

/** Names built like Russian city names: words and hyphenated parts, particles included, in any case. */
const cityLikeArb = fc
  .array(
    fc
      .array(fc.oneof(cyrillicWordArb, fc.constantFrom('на', 'НА', 'де', 'Под', 'у', 'и', 'эль')), {
        minLength: 1,
        maxLength: 3,
      })
      .map((parts) => parts.join('-')),
    { minLength: 1, maxLength: 3 },
  )
  .chain((words) =>
    fc
      .array(fc.constantFrom(' ', '  ', '\t', '\u00A0'), {
        minLength: words.length + 1,
        maxLength: words.length + 1,
      })
      .map((spaces) => spaces.map((space, index) => space + (words[index] ?? '')).join('')),
  );

/** Anything a cookie or the geo service could hand over. */
const anyTextArb = fc.oneof(
  cityLikeArb,
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 150 }),
);

describe('normaliseCityName laws', () => {
  test.prop([anyTextArb])('idempotent', (raw) => {
    const once = normaliseCityName(raw);
    expect(normaliseCityName(once)).toBe(once);
  });

  test.prop([anyTextArb])('never empty, never padded, no double spaces, never too long', (raw) => {
    const name = normaliseCityName(raw);
    expect(name.length).toBeGreaterThan(0);
    expect(name).toBe(name.trim());
    expect(name).not.toMatch(/\s\s/);
    expect([...name].length).toBeLessThanOrEqual(Math.max(MAX_CITY_NAME_LENGTH, DEFAULT_CITY_NAME.length));
  });

  test.prop([cityLikeArb])('the case of the input does not matter', (raw) => {
    expect(normaliseCityName(raw.toUpperCase())).toBe(normaliseCityName(raw.toLowerCase()));
  });

  test.prop([cityLikeArb])('the first letter is a capital and the letters are kept (ё included)', (raw) => {
    const name = normaliseCityName(raw);
    expect(name[0]).toBe(name[0]?.toUpperCase());
    expect(name.toLowerCase().replace(/\s+/g, ' ')).toBe(raw.toLowerCase().replace(/\s+/g, ' ').trim());
  });

  test.prop([cityLikeArb])('every part after the first is capitalised unless it is a particle', (raw) => {
    const parts = normaliseCityName(raw).split(/[ -]/).slice(1);
    for (const part of parts) {
      const lower = part.toLowerCase();
      const particle = LOWER_CASE_CITY_WORDS.has(lower);
      expect(part).toBe(particle ? lower : lower.charAt(0).toUpperCase() + lower.slice(1));
    }
  });
});
