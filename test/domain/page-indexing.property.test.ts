import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { NOINDEX_PATH_PREFIXES, robotsForPath, truncateDescription } from '../../src/domain/page-indexing';
import { collapseWhitespace } from '../../src/domain/text-cut';

const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const prefix = fc.constantFrom(...NOINDEX_PATH_PREFIXES);
const words = fc
  .array(fc.oneof(fc.stringMatching(/^[а-яё]{1,14}$/), fc.stringMatching(/^[a-z,.—]{1,20}$/)), {
    maxLength: 60,
  })
  .map((list) => list.join(' '));

describe('robots laws', () => {
  test.prop([prefix, fc.array(segment, { maxLength: 4 })])(
    'everything under a private prefix is noindex',
    (base, rest) => {
      expect(robotsForPath([base, ...rest].join('/'))).toBe('noindex,nofollow');
    },
  );

  test.prop([prefix, fc.stringMatching(/^[a-z0-9-]{1,8}$/)])(
    'a path that merely starts with the same letters is indexed',
    (base, tail) => {
      const path = `${base}${tail}`;
      fc.pre(!NOINDEX_PATH_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`)));
      expect(robotsForPath(path)).toBe('index,follow');
    },
  );

  test.prop([fc.string({ unit: 'binary' })])('always one of the two directives', (path) => {
    expect(['noindex,nofollow', 'index,follow']).toContain(robotsForPath(path));
  });
});

describe('description laws', () => {
  test.prop([
    fc.oneof(words, fc.string({ unit: 'binary', maxLength: 400 })),
    fc.integer({ min: 0, max: 300 }),
  ])('never longer than max + 1, and whole when it fits', (text, max) => {
    const clean = collapseWhitespace(text);
    const cut = truncateDescription(text, max);
    expect(cut.length).toBeLessThanOrEqual(max + 1);
    if (clean.length <= max) expect(cut).toBe(clean);
    else expect(cut.endsWith('…')).toBe(true);
  });

  test.prop([words, fc.integer({ min: 1, max: 200 })])(
    'a cut text is a prefix of the text that ends where a word ends',
    (text, max) => {
      const clean = collapseWhitespace(text);
      fc.pre(clean.length > max);
      const kept = truncateDescription(text, max).slice(0, -1);
      expect(clean.startsWith(kept)).toBe(true);
      const firstSpace = clean.indexOf(' ');
      // Cut by word unless the first word alone is longer than the limit.
      if (kept !== '' && firstSpace > 0 && firstSpace <= max) {
        const after = clean.slice(kept.length);
        expect(after).toMatch(/^[\s,.;:—–!?-]/);
      }
    },
  );

  test.prop([words])('the default limit is 157', (text) => {
    expect(truncateDescription(text)).toBe(truncateDescription(text, 157));
  });
});
