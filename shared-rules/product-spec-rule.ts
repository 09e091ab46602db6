/**
 * A product's specification vocabulary (spec §3 «Spec labels», «Hidden raw fields»): the labels of the
 * visible lines, in the order the product page lists them, and the raw catalogue fields never shown
 * to shoppers. The storefront (src/domain/product-presentation.ts) and the server (which keeps the
 * hidden ones out of every storefront answer, server/domain/product-specs.ts) import them from here.
 */
export const SPEC_LABELS = {
  COLOR: 'Цвет',
  MATERIAL: 'Материал',
  UPAK_VES: 'Вес (в упаковке)',
  UPAK_OBEM: 'Объем (упаковки)',
  UPAK_KOLVO: 'Кол-во коробок',
  SIZE: 'Размер',
  COUNTRY: 'Страна',
  FABRIKA: 'Фабрика',
  SERIA: 'Серия',
  STYLE: 'Стиль',
} as const;

export const HIDDEN_SPEC_FIELDS = [
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
] as const;
