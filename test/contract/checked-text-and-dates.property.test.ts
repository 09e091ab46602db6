import { fc, test } from '@fast-check/vitest';
import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { IsoDate, IsoDateTime, isIsoDate } from '../../api/dates';
import { findControlCharacter, MAX_INPUT_DEPTH, MultiLineText, SingleLineText } from '../../api/text';

/**
 * The contract's checked strings (api/text.ts) and dates (api/dates.ts): what they refuse is exactly
 * what made PostgreSQL or the log misbehave (NUL and other controls, lone surrogates, impossible
 * dates), and ordinary Russian text passes.
 */
const single = Schema.is(SingleLineText(200));
const multi = Schema.is(MultiLineText(200));

const controlArb = fc
  .integer({ min: 0, max: 0x9f })
  .filter((code) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code >= 0x7f)
  .map((code) => String.fromCharCode(code));
const ordinaryArb = fc.string({
  unit: fc.constantFrom(...'Привет, мир! 0123 «ёжик» — №5 @.,()-+'),
  maxLength: 60,
});

describe('checked text', () => {
  test.prop([ordinaryArb])('ordinary text passes both', (text) => {
    expect(single(text)).toBe(true);
    expect(multi(text)).toBe(true);
    expect(findControlCharacter({ a: [text] })).toBeNull();
  });

  test.prop([ordinaryArb, controlArb, ordinaryArb])(
    'a control character anywhere is refused',
    (before, control, after) => {
      const text = `${before}${control}${after}`;
      expect(single(text)).toBe(false);
      expect(multi(text)).toBe(false);
      expect(findControlCharacter({ deep: [{ text }] })).toEqual({
        kind: 'control_character',
        path: ['deep', '0', 'text'],
      });
    },
  );

  it.each(['строка\nвторая', 'таб\tуляция', 'возврат\r\n'])(
    'a line break or tab is multi-line text only (%j)',
    (text) => {
      expect(single(text)).toBe(false);
      expect(multi(text)).toBe(true);
    },
  );

  it.each(['\ud800', 'a\udc00b', '\ud83d'])('a lone surrogate is refused (%j)', (text) => {
    expect(multi(text)).toBe(false);
  });

  it('keeps surrogate pairs (emoji)', () => {
    expect(single('диван 🛋️')).toBe(true);
  });

  it('refuses control characters in keys and nesting past the limit', () => {
    expect(findControlCharacter({ 'a\u0000': 1 })?.kind).toBe('control_character');
    let deep: unknown = 'x';
    for (let level = 0; level <= MAX_INPUT_DEPTH; level += 1) deep = [deep];
    expect(findControlCharacter(deep)?.kind).toBe('too_deep');
    let fine: unknown = 'x';
    for (let level = 0; level < MAX_INPUT_DEPTH - 1; level += 1) fine = [fine];
    expect(findControlCharacter(fine)).toBeNull();
  });
});

describe('contract dates', () => {
  test.prop([
    fc.date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('9999-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
  ])('every real date passes, as a date and as a date-time', (date) => {
    const iso = date.toISOString();
    expect(Schema.is(IsoDate)(iso.slice(0, 10))).toBe(true);
    expect(Schema.is(IsoDateTime)(iso)).toBe(true);
  });

  it.each([
    '2026-02-31',
    '2026-66-02',
    '2026-00-10',
    '2025-02-29',
    '0000-01-01',
    '2026-1-1',
    '2026-02-28T25:00',
  ])('refuses %j', (text) => {
    expect(Schema.is(IsoDateTime)(text)).toBe(false);
  });

  it('accepts a leap day', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
  });
});
