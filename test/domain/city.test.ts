import { describe, expect, it } from 'vitest';
import { DEFAULT_CITY_NAME, MAX_CITY_NAME_LENGTH, normaliseCityName } from '../../src/domain/city';

describe('normaliseCityName', () => {
  it('has the spec’s default', () => {
    expect(DEFAULT_CITY_NAME).toBe('Другой город');
  });

  it.each([
    ['ростов-на-дону', 'Ростов-на-Дону'],
    ['ростов-НА-дону', 'Ростов-на-Дону'],
    ['РОСТОВ-НА-ДОНУ', 'Ростов-на-Дону'],
    ['комсомольск-на-амуре', 'Комсомольск-на-Амуре'],
    ['могилёв-подольский', 'Могилёв-Подольский'],
    ['санкт-петербург', 'Санкт-Петербург'],
    ['САНКТ-ПЕТЕРБУРГ', 'Санкт-Петербург'],
    ['нижний новгород', 'Нижний Новгород'],
    ['  нижний   новгород  ', 'Нижний Новгород'],
    ['москва', 'Москва'],
    ['Москва', 'Москва'],
    ['орёл', 'Орёл'],
    ['ОРЁЛ', 'Орёл'],
    ['петропавловск-камчатский', 'Петропавловск-Камчатский'],
    ['рио-де-жанейро', 'Рио-де-Жанейро'],
    ['шарм-эль-шейх', 'Шарм-эль-Шейх'],
    ['франкфурт-на-майне', 'Франкфурт-на-Майне'],
    ['ростов на дону', 'Ростов на Дону'],
    ['улан-удэ', 'Улан-Удэ'],
    ['ханты-мансийск', 'Ханты-Мансийск'],
    ['великие луки', 'Великие Луки'],
  ])('%j → %j', (raw, expected) => {
    expect(normaliseCityName(raw)).toBe(expected);
  });

  it('always capitalises the first word, even a preposition', () => {
    expect(normaliseCityName('на дону')).toBe('На Дону');
    expect(normaliseCityName('у-ла')).toBe('У-ла');
    expect(normaliseCityName('в')).toBe('В');
  });

  it('turns dashes inside a name into hyphens', () => {
    expect(normaliseCityName('Ростов–на—Дону')).toBe('Ростов-на-Дону');
    expect(normaliseCityName('санкт\u2011петербург')).toBe('Санкт-Петербург');
  });

  it('drops invisible characters and collapses every kind of space', () => {
    expect(normaliseCityName('\u200Bмосква\uFEFF')).toBe('Москва');
    expect(normaliseCityName('нижний\u00A0\t\nновгород')).toBe('Нижний Новгород');
  });

  it.each(['', '   ', '\t\n', '\u200B\u200D', null, undefined])('gives the default for %j', (raw) => {
    expect(normaliseCityName(raw)).toBe(DEFAULT_CITY_NAME);
  });

  it('keeps the default as it is, whatever its case', () => {
    expect(normaliseCityName(DEFAULT_CITY_NAME)).toBe(DEFAULT_CITY_NAME);
    expect(normaliseCityName('ДРУГОЙ  ГОРОД')).toBe(DEFAULT_CITY_NAME);
  });

  it('capitalises the first letter even after punctuation', () => {
    expect(normaliseCityName('«тверь»')).toBe('«Тверь»');
  });

  it('cuts a name longer than MAX_CITY_NAME_LENGTH', () => {
    const name = normaliseCityName('а'.repeat(1000));
    expect([...name]).toHaveLength(MAX_CITY_NAME_LENGTH);
    expect(name.startsWith('Аа')).toBe(true);
  });

  it('leaves a letter whose capital is two letters as it is, so a second pass agrees', () => {
    expect(normaliseCityName('ŉ')).toBe('ŉ');
    expect(normaliseCityName('straße')).toBe('Straße');
  });
});

describe('normaliseCityName regressions found by property tests', () => {
  it('a tab separates words like a space (seed 1424921848)', () => {
    expect(normaliseCityName(' а\tна ')).toBe('А на');
  });
});

describe('normaliseCityName regressions found by an exhaustive run over every code point', () => {
  it.each(['а-\u1C80', 'а-\u1C82', 'а-\u1C83'])(
    'an old Cyrillic letter form that folds to a particle (%j)',
    (raw) => {
      const once = normaliseCityName(raw);
      expect(normaliseCityName(once)).toBe(once);
      expect(once).toMatch(/^А-[вос]$/);
    },
  );
});
