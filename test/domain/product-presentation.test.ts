import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '../../src/domain/product';
import {
  BADGE_LABELS,
  badgeKind,
  badgeLabel,
  formatDimensions,
  HIDDEN_SPEC_FIELDS,
  mainImage,
  PRODUCT_IMAGE_PLACEHOLDER,
  parseMeasure,
  parseSizeText,
  productDimensions,
  productDiscountPercent,
  productHref,
  SPEC_LABELS,
  visibleSpecs,
} from '../../src/domain/product-presentation';

/** Test data builder with overrides. */
function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 1,
    slug: 'divan-monreal',
    name: 'Диван Монреаль',
    tovar_pic1_url_site: '/uploads/divan.jpg',
    price: 49_990,
    price_old: 59_990,
    badge: 'new',
    width: null,
    depth: null,
    height: null,
    specs: {},
    ...overrides,
  };
}

describe('spec labels (spec §3)', () => {
  it('are exactly the spec texts, in the spec order', () => {
    expect(Object.entries(SPEC_LABELS)).toEqual([
      ['COLOR', 'Цвет'],
      ['MATERIAL', 'Материал'],
      ['UPAK_VES', 'Вес (в упаковке)'],
      ['UPAK_OBEM', 'Объем (упаковки)'],
      ['UPAK_KOLVO', 'Кол-во коробок'],
      ['SIZE', 'Размер'],
      ['COUNTRY', 'Страна'],
      ['FABRIKA', 'Фабрика'],
      ['SERIA', 'Серия'],
      ['STYLE', 'Стиль'],
    ]);
  });

  it('hide exactly the spec raw fields', () => {
    expect(HIDDEN_SPEC_FIELDS).toEqual([
      'NEW',
      'HIDE',
      'SPEC',
      'SALE',
      'PRICE_EUR',
      'PRICE_DILER',
      'PRICE_EUR_OLD',
      'RAZDEL',
      'RAZDEL2',
      'RAZDEL3',
      'ADD_INFO',
      'PRICE',
      'PRICE_OLD',
      'FILTERS',
      'PRICE_RRP',
      'PRICE_USD',
      'NAME_SMALL',
      'COLOR_ADD1',
      'VES',
    ]);
  });
});

describe('visibleSpecs', () => {
  it('lists labelled keys in label order, whatever order they came in', () => {
    expect(
      visibleSpecs({
        STYLE: 'Лофт',
        COLOR: 'Серый',
        SIZE: '200×90×75 см',
        MATERIAL: 'Велюр',
        COUNTRY: 'Россия',
      }),
    ).toEqual([
      { key: 'COLOR', label: 'Цвет', value: 'Серый' },
      { key: 'MATERIAL', label: 'Материал', value: 'Велюр' },
      { key: 'SIZE', label: 'Размер', value: '200×90×75 см' },
      { key: 'COUNTRY', label: 'Страна', value: 'Россия' },
      { key: 'STYLE', label: 'Стиль', value: 'Лофт' },
    ]);
  });

  it('never shows a hidden field, whatever its case', () => {
    const specs = Object.fromEntries(HIDDEN_SPEC_FIELDS.map((key) => [key, 'секрет']));
    expect(visibleSpecs({ ...specs, price_eur: '100', Razdel2: 'x' })).toEqual([]);
  });

  it('shows RAZMER as the size when SIZE is absent, and SIZE when both are there', () => {
    expect(visibleSpecs({ RAZMER: '160x200' })).toEqual([
      { key: 'RAZMER', label: 'Размер', value: '160x200' },
    ]);
    expect(visibleSpecs({ RAZMER: '160x200', SIZE: '180x200' })).toEqual([
      { key: 'SIZE', label: 'Размер', value: '180x200' },
    ]);
  });

  it('matches labelled keys without regard to case', () => {
    expect(visibleSpecs({ color: 'Белый' })).toEqual([{ key: 'color', label: 'Цвет', value: 'Белый' }]);
  });

  it('shows keys already written in Russian after the labelled ones, but not raw Latin keys', () => {
    expect(
      visibleSpecs({ Механизм: 'Еврокнижка', WIDTH: '200', COLOR: 'Синий', 'Ширина,  см': '200' }),
    ).toEqual([
      { key: 'COLOR', label: 'Цвет', value: 'Синий' },
      { key: 'Механизм', label: 'Механизм', value: 'Еврокнижка' },
      { key: 'Ширина,  см', label: 'Ширина, см', value: '200' },
    ]);
  });

  it('does not repeat a Russian key that equals a label', () => {
    expect(visibleSpecs({ COLOR: 'Синий', Цвет: 'Голубой' })).toEqual([
      { key: 'COLOR', label: 'Цвет', value: 'Синий' },
    ]);
  });

  it('drops blank values and dash placeholders, collapses whitespace, shows numbers with a comma', () => {
    expect(
      visibleSpecs({
        COLOR: '  ',
        MATERIAL: '—',
        SERIA: '-',
        FABRIKA: ' Фабрика\n«Уют» ',
        UPAK_KOLVO: 2,
        UPAK_VES: 12.5,
      }),
    ).toEqual([
      { key: 'UPAK_VES', label: 'Вес (в упаковке)', value: '12,5' },
      { key: 'UPAK_KOLVO', label: 'Кол-во коробок', value: '2' },
      { key: 'FABRIKA', label: 'Фабрика', value: 'Фабрика «Уют»' },
    ]);
  });

  it('is total on missing or odd specs', () => {
    expect(visibleSpecs(null)).toEqual([]);
    expect(visibleSpecs(undefined)).toEqual([]);
    expect(visibleSpecs({ COLOR: null, MATERIAL: { a: 1 }, STYLE: Number.NaN, SIZE: ['a'] })).toEqual([]);
  });
});

describe('productDimensions', () => {
  it('prefers the product fields', () => {
    expect(
      productDimensions(product({ width: 200, depth: 90, height: 75, specs: { WIDTH: '150' } })),
    ).toEqual({
      width: 200,
      depth: 90,
      height: 75,
    });
  });

  it('falls back to WIDTH/DEPTH/HEIGHT specs and their Russian names', () => {
    expect(productDimensions(product({ specs: { WIDTH: '200', DEPTH: '90 см', HEIGHT: '75' } }))).toEqual({
      width: 200,
      depth: 90,
      height: 75,
    });
    expect(
      productDimensions(product({ specs: { ШИРИНА: '160', Глубина: '200', 'Высота, мм': '450' } })),
    ).toEqual({
      width: 160,
      depth: 200,
      height: 45,
    });
  });

  it('reads a unit named in the key', () => {
    expect(productDimensions({ specs: { WIDTH_MM: '1800', HEIGHT: '0,9 м' } })).toEqual({
      width: 180,
      depth: null,
      height: 90,
    });
  });

  it('parses a SIZE or RAZMER text last, per missing measure', () => {
    expect(productDimensions(product({ specs: { SIZE: '200x90x75' } }))).toEqual({
      width: 200,
      depth: 90,
      height: 75,
    });
    expect(productDimensions(product({ height: 80, specs: { RAZMER: '200×90×75 см' } }))).toEqual({
      width: 200,
      depth: 90,
      height: 80,
    });
    expect(productDimensions(product({ specs: { Размер: '2000 х 900 мм' } }))).toEqual({
      width: 200,
      depth: 90,
      height: null,
    });
  });

  it('is null when nothing is known, and ignores zero or negative sizes', () => {
    expect(productDimensions(product())).toBeNull();
    expect(
      productDimensions(product({ width: 0, depth: -5, specs: { SIZE: 'большой', COLOR: '200x90' } })),
    ).toBeNull();
    expect(productDimensions({ specs: null })).toBeNull();
  });
});

describe('parseMeasure and parseSizeText', () => {
  it('reads units into centimetres', () => {
    expect(parseMeasure('200')).toBe(200);
    expect(parseMeasure('200,5 см')).toBe(200.5);
    expect(parseMeasure('1800 мм')).toBe(180);
    expect(parseMeasure('1.6 м')).toBe(160);
    expect(parseMeasure('75 cm')).toBe(75);
    expect(parseMeasure(90)).toBe(90);
    expect(parseMeasure('0')).toBeNull();
    expect(parseMeasure('нет')).toBeNull();
    expect(parseMeasure(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('reads W×D×H texts with any common separator', () => {
    expect(parseSizeText('200*90*75')).toEqual({ width: 200, depth: 90, height: 75 });
    expect(parseSizeText('Габариты: 1,2 x 0,6 x 0,75 м')).toEqual({ width: 120, depth: 60, height: 75 });
    expect(parseSizeText('200')).toBeNull();
    expect(parseSizeText(null)).toBeNull();
  });
});

describe('formatDimensions', () => {
  it('writes Ш × Г × В in centimetres', () => {
    expect(formatDimensions({ width: 200, depth: 90, height: 75 })).toBe('Ш 200 × Г 90 × В 75 см');
  });

  it('leaves out unknown measures and writes decimals with a comma', () => {
    expect(formatDimensions({ width: 200.5, depth: null, height: 75 })).toBe('Ш 200,5 × В 75 см');
    expect(formatDimensions({ width: null, depth: null, height: null })).toBeNull();
    expect(formatDimensions(null)).toBeNull();
  });
});

describe('mainImage', () => {
  it('uses the main image or the placeholder', () => {
    expect(mainImage(product())).toBe('/uploads/divan.jpg');
    expect(mainImage(product({ tovar_pic1_url_site: null }))).toBe(PRODUCT_IMAGE_PLACEHOLDER);
    expect(mainImage(product({ tovar_pic1_url_site: '   ' }))).toBe(PRODUCT_IMAGE_PLACEHOLDER);
    expect(PRODUCT_IMAGE_PLACEHOLDER).toBe('/images/placeholder-product.svg');
  });
});

describe('badges', () => {
  it('labels the four kinds in Russian', () => {
    expect(BADGE_LABELS).toEqual({
      trending: 'Хит',
      new: 'Новинка',
      available: 'В наличии',
      preorder: 'Под заказ',
    });
    expect(badgeLabel(product({ badge: 'preorder' }))).toBe('Под заказ');
  });

  it('shows no badge for an unknown or missing kind', () => {
    expect(badgeKind(product({ badge: null }))).toBeNull();
    expect(badgeKind(product({ badge: 'sale' as never }))).toBeNull();
    expect(badgeLabel(product({ badge: 'toString' as never }))).toBeNull();
  });
});

describe('card helpers', () => {
  it('computes the card discount from price_old and price', () => {
    expect(productDiscountPercent(product())).toBe(17);
    expect(productDiscountPercent(product({ price_old: null }))).toBeNull();
  });

  it('links to the product page', () => {
    expect(productHref(product())).toBe('/product/divan-monreal');
    expect(productHref(product({ slug: 'a/b?c' }))).toBe('/product/a%2Fb%3Fc');
  });
});
