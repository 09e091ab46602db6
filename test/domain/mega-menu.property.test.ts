import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { joinSlugPath } from '../../src/domain/category-tree';
import { categoryHref, menuModeForWidth, promoBannerFor } from '../../src/domain/mega-menu';

const MODE_ORDER = ['stacked', 'click', 'hover'];
const slug = fc.stringMatching(/^[a-z0-9-]{1,12}$/);

describe('mega menu laws', () => {
  test.prop([fc.double({ noNaN: true }), fc.double({ noNaN: true })])(
    'a wider screen never gets a more restricted mode',
    (a, b) => {
      const [narrow, wide] = a <= b ? [a, b] : [b, a];
      expect(MODE_ORDER.indexOf(menuModeForWidth(narrow))).toBeLessThanOrEqual(
        MODE_ORDER.indexOf(menuModeForWidth(wide)),
      );
    },
  );

  test.prop([fc.array(slug, { maxLength: 5 })])(
    'a clean slug path is kept as it is under /category/',
    (parts) => {
      expect(categoryHref(parts)).toBe(`/category/${joinSlugPath(parts)}`);
    },
  );

  const hostileSegment = fc.oneof(
    fc.constantFrom('.', '..', ' .. ', '?', '#', '%2e%2e', '/', '', '\uD800', '\uDC00x'),
    fc.string({ unit: 'binary', maxLength: 8 }),
  );

  test.prop([fc.array(hostileSegment, { maxLength: 5 })])(
    'the href is always one path under /category/: no query, fragment, empty or dot segment',
    (parts) => {
      const href = categoryHref(parts);
      expect(href.startsWith('/category/')).toBe(true);
      const segments = href.slice('/category/'.length).split('/');
      expect(href).not.toMatch(/[?#]/);
      if (href !== '/category/') {
        for (const segment of segments) {
          expect(segment).not.toBe('');
          // Browsers treat %2E like '.', so decode before checking for dot segments.
          expect(['.', '..']).not.toContain(decodeURIComponent(segment));
        }
      }
    },
  );

  const plainSlug = slug.filter((s) => !['kovry', 'krovati', 'matrasy'].includes(s));

  test.prop([
    fc.array(slug, { maxLength: 4 }),
    fc.constantFrom('kovry', 'krovati', 'matrasy'),
    fc.array(plainSlug, { maxLength: 3 }),
  ])('a category under a promoted one shows the promoted banner', (above, promoted, below) => {
    expect(promoBannerFor([...above, promoted, ...below]).kind).toBe(promoted);
  });

  test.prop([fc.array(plainSlug, { maxLength: 5 })])(
    'a path without a promoted slug shows the default',
    (parts) => {
      expect(promoBannerFor(parts).kind).toBe('default');
    },
  );
});
