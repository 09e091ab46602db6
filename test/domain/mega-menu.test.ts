import { describe, expect, it } from 'vitest';
import {
  ACCENT_ROOTS,
  accentLabel,
  categoryHref,
  DIRECT_LINK_ROOTS,
  MENU_BREAKPOINTS,
  menuModeForWidth,
  menuRootKind,
  PROMO_BANNERS,
  promoBannerFor,
} from '../../src/domain/mega-menu';

describe('menu roots', () => {
  it('shows the three accent roots as links with their spec labels', () => {
    expect(ACCENT_ROOTS).toEqual({
      'posledniy-shans': 'Распродажа',
      'brendy-proizvoditeli': 'Бренды',
      vdohnovenie: 'Вдохновение',
    });
    expect(menuRootKind('posledniy-shans')).toBe('accent-link');
    expect(menuRootKind('brendy-proizvoditeli')).toBe('accent-link');
    expect(menuRootKind('vdohnovenie')).toBe('accent-link');
    expect(accentLabel('posledniy-shans')).toBe('Распродажа');
    expect(accentLabel('mebel')).toBeNull();
  });

  it('links bytovaya-tehnika straight to its category', () => {
    expect(DIRECT_LINK_ROOTS).toEqual(['bytovaya-tehnika']);
    expect(menuRootKind('bytovaya-tehnika')).toBe('direct-link');
    expect(categoryHref('bytovaya-tehnika')).toBe('/category/bytovaya-tehnika');
  });

  it('opens a panel for every other root, including inherited object keys', () => {
    expect(menuRootKind('mebel')).toBe('panel');
    expect(menuRootKind('')).toBe('panel');
    expect(menuRootKind('toString')).toBe('panel');
    expect(menuRootKind('__proto__')).toBe('panel');
    expect(accentLabel('constructor')).toBeNull();
  });
});

describe('categoryHref', () => {
  it('puts the slug path under /category/', () => {
    expect(categoryHref('mebel/krovati/dvuspalnye')).toBe('/category/mebel/krovati/dvuspalnye');
    expect(categoryHref(['mebel', 'krovati'])).toBe('/category/mebel/krovati');
    expect(categoryHref('/mebel//krovati/')).toBe('/category/mebel/krovati');
  });

  it('encodes odd segments so they cannot leave the path', () => {
    expect(categoryHref(['mebel', 'a?b#c'])).toBe('/category/mebel/a%3Fb%23c');
    expect(categoryHref('диваны')).toBe(`/category/${encodeURIComponent('диваны')}`);
  });
});

describe('promoBannerFor', () => {
  it('gives the spec banners for beds and mattresses', () => {
    expect(promoBannerFor('krovati').text).toBe('Кровать + матрас = скидка 20%');
    expect(promoBannerFor('matrasy').text).toMatch(/скидка 10%$/);
    expect(promoBannerFor('matrasy').kind).toBe('matrasy');
  });

  it('has a carpets banner and a default one, all in Russian', () => {
    expect(promoBannerFor('kovry').kind).toBe('kovry');
    expect(promoBannerFor('mebel')).toEqual(PROMO_BANNERS.default);
    for (const banner of Object.values(PROMO_BANNERS)) expect(banner.text).toMatch(/[а-яё]/i);
  });

  it('uses the deepest segment of a path that has its own banner', () => {
    expect(promoBannerFor('mebel/krovati/dvuspalnye').kind).toBe('krovati');
    expect(promoBannerFor(['son-i-otdykh', 'matrasy']).kind).toBe('matrasy');
    expect(promoBannerFor('kovry/krovati').kind).toBe('krovati');
    expect(promoBannerFor('').kind).toBe('default');
  });
});

describe('menuModeForWidth', () => {
  it('stacks up to 768, clicks up to 1200, hovers above', () => {
    expect(MENU_BREAKPOINTS).toEqual({ stacked: 768, click: 1200 });
    expect(menuModeForWidth(320)).toBe('stacked');
    expect(menuModeForWidth(768)).toBe('stacked');
    expect(menuModeForWidth(769)).toBe('click');
    expect(menuModeForWidth(1200)).toBe('click');
    expect(menuModeForWidth(1201)).toBe('hover');
    expect(menuModeForWidth(1920)).toBe('hover');
  });

  it('is total on odd widths', () => {
    expect(menuModeForWidth(Number.NaN)).toBe('stacked');
    expect(menuModeForWidth(-1)).toBe('stacked');
    expect(menuModeForWidth(Number.POSITIVE_INFINITY)).toBe('hover');
  });
});

describe('categoryHref against path tricks', () => {
  it('drops dot segments, which would climb out of /category/', () => {
    expect(categoryHref('../admin')).toBe('/category/admin');
    expect(categoryHref(['.', 'mebel', '..'])).toBe('/category/mebel');
  });

  it('encodes an encoded dot so it stays a plain segment', () => {
    expect(categoryHref('%2e%2e')).toBe('/category/%252e%252e');
  });
});

describe('categoryHref on broken text', () => {
  it('does not throw on a lone surrogate', () => {
    expect(categoryHref(['mebel', 'a\uD800'])).toBe('/category/mebel/a%EF%BF%BD');
  });
});
