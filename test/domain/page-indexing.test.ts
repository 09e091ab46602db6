import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_MAX_LENGTH,
  NOINDEX_PATH_PREFIXES,
  robotsForPath,
  truncateDescription,
} from '../../src/domain/page-indexing';

describe('robotsForPath', () => {
  it.each([
    '/admin',
    '/admin/orders/5',
    '/pay/123',
    '/checkout',
    '/orders/42?tab=promo',
    '/cart',
    '/cart/',
    '/thank-you',
    '/favorites/share/abc123',
    '/login',
    '/register',
    '/forgot-password',
  ])('%s is not indexed', (path) => {
    expect(robotsForPath(path)).toBe('noindex,nofollow');
  });

  it.each([
    '/',
    '/categories',
    '/category/mebel/krovati',
    '/product/divan-monreal',
    '/search?q=диван',
    '/pages/news',
    '/favorites',
    '/privacy',
  ])('%s is indexed', (path) => {
    expect(robotsForPath(path)).toBe('index,follow');
  });

  it('matches a prefix only at a segment boundary', () => {
    expect(robotsForPath('/cartoon')).toBe('index,follow');
    expect(robotsForPath('/payment-info')).toBe('index,follow');
    expect(robotsForPath('/administrator-tips')).toBe('index,follow');
    expect(robotsForPath('/loginx')).toBe('index,follow');
    expect(robotsForPath('/favorites/shared-ideas')).toBe('index,follow');
  });

  it('cannot be fooled by case, doubled slashes, a missing slash, a query or a fragment', () => {
    expect(robotsForPath('/ADMIN/Orders')).toBe('noindex,nofollow');
    expect(robotsForPath('//admin')).toBe('noindex,nofollow');
    expect(robotsForPath('cart')).toBe('noindex,nofollow');
    expect(robotsForPath('/cart?x=1')).toBe('noindex,nofollow');
    expect(robotsForPath('/cart#top')).toBe('noindex,nofollow');
    expect(robotsForPath('/category/x?next=/admin')).toBe('index,follow');
  });

  it('is total on the empty path', () => {
    expect(robotsForPath('')).toBe('index,follow');
  });

  it('lists exactly the spec prefixes', () => {
    expect([...NOINDEX_PATH_PREFIXES].sort()).toEqual(
      [
        '/admin',
        '/pay',
        '/checkout',
        '/orders',
        '/cart',
        '/thank-you',
        '/favorites/share',
        '/login',
        '/register',
        '/forgot-password',
      ].sort(),
    );
  });
});

describe('truncateDescription', () => {
  it('defaults to 157 characters', () => {
    expect(DESCRIPTION_MAX_LENGTH).toBe(157);
    const text = 'Диваны, кресла и столы для дома. '.repeat(10);
    const cut = truncateDescription(text);
    expect(cut.length).toBeLessThanOrEqual(158);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('keeps a short text whole, with whitespace collapsed', () => {
    expect(truncateDescription('  Мебель\nи\u00A0декор  ')).toBe('Мебель и декор');
  });

  it('cuts at the last word boundary inside the limit', () => {
    expect(truncateDescription('Кровать двуспальная с подъёмным механизмом', 20)).toBe(
      'Кровать двуспальная…',
    );
    expect(truncateDescription('Кровать двуспальная с подъёмным механизмом', 22)).toBe(
      'Кровать двуспальная с…',
    );
  });

  it('keeps a whole last word when the limit falls right after it', () => {
    expect(truncateDescription('Стол обеденный раздвижной', 14)).toBe('Стол обеденный…');
  });

  it('drops punctuation left before the ellipsis', () => {
    expect(truncateDescription('Диваны, кресла, столы и стулья', 8)).toBe('Диваны…');
    expect(truncateDescription('Ковры — тепло и уют', 7)).toBe('Ковры…');
  });

  it('cuts a single over-long word hard', () => {
    expect(truncateDescription('Суперкомфортабельнейший', 10)).toBe('Суперкомфо…');
  });

  it('is total on odd limits', () => {
    expect(truncateDescription('Стол', 0)).toBe('…');
    expect(truncateDescription('Стол', Number.NaN)).toBe('…');
    expect(truncateDescription('', 0)).toBe('');
    expect(truncateDescription('Стол', Number.POSITIVE_INFINITY)).toBe('Стол');
  });
});
