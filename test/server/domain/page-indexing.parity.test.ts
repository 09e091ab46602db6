import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as server from '../../../server/domain/page-indexing';
import * as browser from '../../../src/domain/page-indexing';

/**
 * The server writes head tags for crawlers and the browser rewrites them once the app runs; the two
 * hexagons share no code beyond api/, so this proves they apply the spec's rules identically.
 */
const pathSegment = fc.oneof(
  fc.constantFrom(
    'admin',
    'ADMIN',
    'pay',
    'payment-info',
    'cart',
    'cartoon',
    'favorites',
    'share',
    'login',
    '',
  ),
  fc.string({ maxLength: 8 }),
);
const path = fc
  .tuple(fc.array(pathSegment, { maxLength: 4 }), fc.constantFrom('', '?x=1', '#top', '//'))
  .map(([segments, tail]) => `/${segments.join('/')}${tail}`);

describe('page indexing rules: server and browser agree', () => {
  it('gives every path the same robots rule', () => {
    fc.assert(
      fc.property(fc.oneof(path, fc.string()), (candidate) => {
        expect(server.robotsForPath(candidate)).toBe(browser.robotsForPath(candidate));
      }),
      { numRuns: 2000 },
    );
    expect(server.NOINDEX_PATH_PREFIXES).toEqual(browser.NOINDEX_PATH_PREFIXES);
  });

  it('cuts every description the same way', () => {
    const words = fc
      .array(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('диван,', '—', '«угловой»', '😀', ' ', '\n')),
        {
          maxLength: 60,
        },
      )
      .map((parts) => parts.join(' '));
    fc.assert(
      fc.property(words, fc.option(fc.integer({ min: -5, max: 300 }), { nil: undefined }), (text, max) => {
        expect(server.truncateDescription(text, max)).toBe(browser.truncateDescription(text, max));
      }),
      { numRuns: 2000 },
    );
    expect(server.DESCRIPTION_MAX_LENGTH).toBe(browser.DESCRIPTION_MAX_LENGTH);
  });
});
