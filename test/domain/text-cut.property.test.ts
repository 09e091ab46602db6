import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { pluralizeProducts } from '../../shared-rules/plural-rule';
import { collapseWhitespace, cutName, NAME_CUT_MARK, overflowLabel } from '../../src/domain/text-cut';

const anyText = fc.string({ unit: 'binary', maxLength: 80 });
const limit = fc.integer({ min: 0, max: 60 });

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

describe('cutName laws', () => {
  test.prop([anyText, limit])('never longer than max plus the mark', (name, max) => {
    expect(cutName(name, max).length).toBeLessThanOrEqual(max + NAME_CUT_MARK.length);
  });

  test.prop([anyText, limit])('a name that fits is returned clean and whole', (name, max) => {
    const clean = collapseWhitespace(name);
    fc.pre(clean.length <= max);
    expect(cutName(name, max)).toBe(clean);
  });

  test.prop([anyText, limit])('a cut name is a prefix of the name followed by the mark', (name, max) => {
    const clean = collapseWhitespace(name);
    fc.pre(clean.length > max);
    const cut = cutName(name, max);
    expect(cut.endsWith(NAME_CUT_MARK)).toBe(true);
    const kept = cut.slice(0, -NAME_CUT_MARK.length);
    expect(clean.startsWith(kept)).toBe(true);
    // The cut never separates the two halves of a surrogate pair (an emoji).
    const splitsPair = isHigh(kept.charCodeAt(kept.length - 1)) && isLow(clean.charCodeAt(kept.length));
    expect(splitsPair).toBe(false);
  });

  test.prop([anyText, limit])('the result has no doubled, leading or trailing whitespace', (name, max) => {
    const cut = cutName(name, max);
    expect(cut).not.toMatch(/\s\s|^\s|\s$/);
  });
});

describe('overflowLabel laws', () => {
  test.prop([fc.nat(10_000), fc.nat(10_000)])('labels exactly the hidden items', (total, shown) => {
    const label = overflowLabel(total, shown);
    if (total <= shown) {
      expect(label).toBeNull();
    } else {
      const hidden = total - shown;
      expect(label).toBe(`+${hidden} ${pluralizeProducts(hidden)}...`);
    }
  });
});
