import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { feedDeliveryOptions } from '../../../server/domain/feed-delivery';
import {
  type FeedOffer,
  feedAvailability,
  feedModel,
  feedParams,
  feedWeightKg,
  ymlCatalog,
} from '../../../server/domain/yml-feed';
import { HIDDEN_SPEC_FIELDS } from '../../../shared-rules/product-spec-rule';
import { ymlOffers, ymlStructureProblems } from '../../support/yml-structure';

const ORIGIN = 'https://domistil.example';
const SHOP = { name: 'Дом и Стиль', company: 'Дом и Стиль', origin: ORIGIN };
const CATEGORIES = [
  { id: 1, parentId: null, name: 'Мебель' },
  { id: 2, parentId: 1, name: 'Диваны & кресла' },
  { id: 3, parentId: 99, name: 'Сирота' },
];
const AT = new Date('2026-11-23T10:20:00Z');

function offer(overrides: Partial<FeedOffer>): FeedOffer {
  return {
    id: 1,
    slug: 'divan',
    name: 'Диван Осло',
    price: 1000,
    oldPrice: null,
    categoryId: 2,
    stock: null,
    backorderAllowed: false,
    pictureUrls: ['/media/product/sofa-640.webp'],
    vendor: 'Фабрика',
    vendorCode: 'SKU-1',
    description: 'Описание',
    country: 'Россия',
    specs: {
      COLOR: 'серый',
      UPAK_VES: '85 кг',
      UPAK_OBEM: '1,2 м³',
      FABRIKA: 'Фабрика',
      Механизм: 'еврокнижка',
    },
    typePrefix: 'Диван',
    dimensions: { length: 220, width: 95, height: 85 },
    ...overrides,
  };
}

const childText = (xml: string, id: string, name: string): string[] =>
  ymlOffers(xml)
    .get(id)
    ?.children.filter((child) => child.name === name)
    .map((child) => child.text) ?? [];

describe('the Yandex Market feed', () => {
  it('carries vendor and model, params with units, weight, dimensions, delivery and sales notes', () => {
    const xml = ymlCatalog(SHOP, CATEGORIES, [offer({ id: 10, price: 50_000, oldPrice: 60_000 })], AT);
    expect(ymlStructureProblems(xml)).toEqual([]);
    expect(xml).toContain('<yml_catalog date="2026-11-23T13:20:00+03:00">');
    expect(xml).toContain('<category id="2" parentId="1">Диваны &amp; кресла</category>');
    expect(xml).toContain('<category id="3">Сирота</category>');
    expect(xml).toContain('<offer id="10" type="vendor.model" available="true">');
    expect(xml).toContain(
      '<typePrefix>Диван</typePrefix><vendor>Фабрика</vendor><vendorCode>SKU-1</vendorCode><model>Осло</model>',
    );
    expect(xml).toContain('<oldprice>60000</oldprice>');
    expect(xml).toContain(`<picture>${ORIGIN}/media/product/sofa-640.webp</picture>`);
    expect(xml).toContain('<param name="Цвет">серый</param>');
    expect(xml).toContain('<param name="Объем (упаковки)" unit="м³">1.2</param>');
    expect(xml).toContain('<param name="Механизм">еврокнижка</param>');
    expect(xml).not.toContain('name="Фабрика"');
    expect(childText(xml, '10', 'weight')).toEqual(['85']);
    expect(childText(xml, '10', 'dimensions')).toEqual(['220/95/85']);
    // 50 000 ₽ is above the free-delivery threshold; the shop's default block names the paid price
    // (the seeded tariffs: 1 500 ₽ inside КАД).
    expect(xml).toContain('<delivery-options><option cost="0" days="1-3"/></delivery-options>');
    expect(xml).toContain('<delivery-options><option cost="1500" days="1-3"/></delivery-options>');
    expect(childText(xml, '10', 'sales_notes')[0]?.length).toBeLessThanOrEqual(50);
  });

  it('keeps real discounts only, offers «под заказ» as not available and leaves out what cannot be sold', () => {
    const xml = ymlCatalog(
      SHOP,
      CATEGORIES,
      [
        offer({ id: 11, price: 50_000, oldPrice: 40_000, stock: 0, backorderAllowed: true }),
        offer({ id: 12, categoryId: 42 }),
        offer({ id: 13, stock: 0, backorderAllowed: false }),
        offer({ id: 14, price: 0 }),
        offer({ id: 15, vendor: '', typePrefix: '', stock: 3 }),
      ],
      AT,
    );
    expect(ymlStructureProblems(xml)).toEqual([]);
    expect([...ymlOffers(xml).keys()]).toEqual(['11', '15']);
    expect(xml).toContain('<offer id="11" type="vendor.model" available="false">');
    expect(xml).not.toContain('<oldprice>');
    expect(childText(xml, '11', 'delivery-options')).toEqual([]);
    expect(childText(xml, '11', 'sales_notes')).toEqual(['Под заказ, менеджер может попросить предоплату']);
    expect(xml).toContain('<offer id="15" available="true">');
    expect(childText(xml, '15', 'name')).toEqual(['Диван Осло']);
  });

  test.prop([
    fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 1_000_000 }),
        name: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
        vendor: fc.string({ unit: 'binary', maxLength: 12 }),
        typePrefix: fc.string({ unit: 'binary', maxLength: 12 }),
        price: fc.integer({ min: 0, max: 5_000_000 }),
        oldPrice: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
        categoryId: fc.integer({ min: 1, max: 4 }),
        stock: fc.option(fc.integer({ min: 0, max: 5 })),
        backorderAllowed: fc.boolean(),
        pictures: fc.integer({ min: 0, max: 14 }),
        description: fc.string({ unit: 'binary', maxLength: 60 }),
        specs: fc.dictionary(
          fc.constantFrom('COLOR', 'MATERIAL', 'UPAK_VES', 'PRICE_DILER', 'Механизм', 'WIDTH', 'Ширина, см'),
          fc.string({ unit: 'binary', maxLength: 12 }),
        ),
        dimensions: fc.option(
          fc.record({
            length: fc.integer({ min: -1, max: 400 }),
            width: fc.integer({ min: 0, max: 400 }),
            height: fc.integer({ min: 1, max: 400 }),
          }),
        ),
      }),
      { maxLength: 8, selector: (item) => item.id },
    ),
  ])('any catalogue gives a feed that follows the YML structure', (items) => {
    const offers = items.map((item) =>
      offer({
        ...item,
        pictureUrls: Array.from({ length: item.pictures }, (_, index) => `/media/p-${index}.webp`),
      }),
    );
    const xml = ymlCatalog(SHOP, CATEGORIES, offers, AT);
    expect(ymlStructureProblems(xml)).toEqual([]);
    for (const key of HIDDEN_SPEC_FIELDS) expect(xml).not.toContain(`name="${key}"`);
  });

  it('the structure check catches what Yandex refuses', () => {
    const good = ymlCatalog(SHOP, CATEGORIES, [offer({ id: 20 })], AT);
    const swapped = good.replace(
      /<price>1000<\/price>(<currencyId>RUR<\/currencyId>)/,
      '$1<price>1000</price>',
    );
    expect(ymlStructureProblems(swapped).join()).toMatch(/out of order/);
    expect(ymlStructureProblems(good.replace('<model>Осло</model>', '')).join()).toMatch(/<model>/);
    expect(ymlStructureProblems(good.replace('<categoryId>2<', '<categoryId>77<')).join()).toMatch(
      /unknown category/,
    );
    expect(ymlStructureProblems(good.replace('days="1-3"', 'days="скоро"')).join()).toMatch(/days/);
  });

  test.prop([
    fc.integer({ min: 0, max: 10_000_000_000 }),
    fc.integer({ min: 0, max: 100_000 }).map((roubles) => roubles * 100),
    fc.integer({ min: 0, max: 1_000_000 }).map((roubles) => roubles * 100),
  ])(
    'delivery costs the tariffs’ city price in roubles, free from their threshold',
    (price, insideKad, freeFrom) => {
      const [option] = feedDeliveryOptions(price, { insideKad, freeDeliveryFrom: freeFrom });
      expect(option?.cost).toBe(price >= freeFrom ? 0 : insideKad / 100);
      expect(option?.days).toBe('1-3');
    },
  );

  test.prop([fc.integer({ min: 0, max: 10_000_000_000 })])(
    'without tariffs read, the seeded ones: 1 500 ₽, free from 30 000 ₽',
    (price) => {
      const [option] = feedDeliveryOptions(price);
      expect(option?.cost).toBe(price >= 3_000_000 ? 0 : 1_500);
    },
  );

  it('availability, params, weight and model follow the shop', () => {
    expect(feedAvailability(null, false)).toBe('in_stock');
    expect(feedAvailability(2, false)).toBe('in_stock');
    expect(feedAvailability(0, true)).toBe('on_order');
    expect(feedAvailability(0, false)).toBe('absent');
    expect(feedParams({ PRICE_DILER: '100', WIDTH: '200', 'Высота, см': '—', Материал: 'дуб' })).toEqual([
      { name: 'Материал', value: 'дуб', unit: null },
    ]);
    expect(feedWeightKg({ UPAK_VES: '12,5 кг' })).toBe(12.5);
    expect(feedWeightKg({ UPAK_VES: 'тяжёлый' })).toBeNull();
    expect(feedModel('Диван Осло', 'Диван')).toBe('Осло');
    expect(feedModel('Кресло Осло', 'Диван')).toBe('Кресло Осло');
    expect(feedModel('Диван', 'Диван')).toBe('Диван');
  });
});
