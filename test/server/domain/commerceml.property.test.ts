import { fc, test } from '@fast-check/vitest';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  CML_REPEATED,
  type CmlOrder,
  cmlAmount,
  cmlRoot,
  ordersDocument,
  readCatalogue,
  readOffers,
  readStatusChanges,
  roublesOf,
  specLineOf,
  statusOf,
} from '../../../server/domain/commerceml';
import { xmlText } from '../../../server/domain/crawler-documents';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../shared-rules/order-status-rule';
import { SPEC_LABELS } from '../../../shared-rules/product-spec-rule';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => CML_REPEATED.has(name),
});
const rootOf = (xml: string) => {
  const root = cmlRoot(parser.parse(xml));
  if (root === null) throw new Error('not CommerceML');
  return root;
};

const order = (overrides: Partial<CmlOrder>): CmlOrder => ({
  id: 7,
  createdAt: new Date('2026-11-27T09:30:00Z'),
  status: 'new',
  total: 4_999_000,
  discount: 0,
  paid: false,
  clientId: null,
  contactName: 'Вера <Кузнецова> & Ко',
  contactPhone: '+78125551234',
  contactEmail: 'vera@mail.ru',
  deliveryMethod: 'courier',
  deliveryAddress: 'Санкт-Петербург, Невский пр., 1',
  paymentMethod: 'on_delivery',
  comment: null,
  lines: [
    { productId: 'abc', sku: 'DS-1', name: 'Диван', quantity: 1, unitPrice: 4_999_000, lineTotal: 4_999_000 },
  ],
  ...overrides,
});

describe('CommerceML', () => {
  test.prop([fc.integer({ min: 0, max: 1_000_000_000 })])(
    'an amount written in roubles reads back to the same kopecks',
    (kopecks) => {
      const written = cmlAmount(kopecks);
      expect(written).toMatch(/^\d+\.\d{2}$/);
      expect(Math.round(Number(written) * 100)).toBe(kopecks);
      // The shop's catalogue price is whole roubles, half up.
      expect(roublesOf(written)).toBe(Math.floor(kopecks / 100 + 0.5));
    },
  );

  it('reads amounts as 1С writes them and refuses what is not one', () => {
    expect(roublesOf('12 990,50')).toBe(12_991);
    expect(roublesOf('12\u00a0990')).toBe(12_990);
    expect(roublesOf('-5')).toBeNull();
    expect(roublesOf('1e9')).toBeNull();
    expect(roublesOf('')).toBeNull();
  });

  test.prop([fc.constantFrom(...ORDER_STATUSES)])(
    'a status reads back from its id and from its Russian label',
    (status) => {
      expect(statusOf(status)).toBe(status);
      expect(statusOf(ORDER_STATUS_LABELS[status].toUpperCase())).toBe(status);
    },
  );

  test.prop([
    fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 1_000_000 }),
        status: fc.constantFrom(...ORDER_STATUSES),
        name: fc.string({ unit: 'binary', maxLength: 30 }),
        total: fc.integer({ min: 0, max: 100_000_000 }),
      }),
      { maxLength: 5 },
    ),
  ])(
    'orders written for 1С parse back: number, sum, status, and 1С reads the status it was given',
    (items) => {
      const orders = items.map((item) =>
        order({ id: item.id, status: item.status, contactName: item.name, total: item.total }),
      );
      const xml = ordersDocument(orders, new Date('2026-11-27T10:00:00Z'));
      const root = rootOf(xml);
      const documents = (root.Документ ?? []) as { Номер: string; Сумма: string }[];
      expect(documents.map((document) => Number(document.Номер))).toEqual(orders.map((item) => item.id));
      expect(documents.map((document) => document.Сумма)).toEqual(
        orders.map((item) => cmlAmount(item.total)),
      );
      // The same file sent back is read as the statuses the orders have.
      expect(readStatusChanges(root).changes).toEqual(
        orders.map((item) => ({ orderId: item.id, status: item.status })),
      );
    },
  );

  it('writes the document in Moscow time with the buyer and the lines, escaped', () => {
    const xml = ordersDocument([order({ discount: 50_000, clientId: 12 })], new Date('2026-11-27T10:00:00Z'));
    expect(xml).toContain('ДатаФормирования="2026-11-27T13:00:00"');
    expect(xml).toContain('<Дата>2026-11-27</Дата><Время>12:30:00</Время>');
    expect(xml).toContain('<Наименование>Вера &lt;Кузнецова&gt; &amp; Ко</Наименование>');
    expect(xml).toContain('<Ид>client-12</Ид>');
    expect(xml).toContain('<Скидка><Наименование>Скидка по промокоду</Наименование><Сумма>500.00</Сумма>');
  });

  it('reads a classifier tree parents first, and skips what has no Ид or name', () => {
    const root = rootOf(`<КоммерческаяИнформация><Классификатор><Группы>
      <Группа><Ид>a</Ид><Наименование>Мебель</Наименование><Группы>
        <Группа><Ид>b</Ид><Наименование>Диваны</Наименование></Группа>
        <Группа><Ид></Ид><Наименование>Без Ид</Наименование></Группа>
      </Группы></Группа></Группы></Классификатор>
      <Каталог><Товары><Товар><Ид>p</Ид><Наименование>Диван</Наименование><Группы><Ид>b</Ид></Группы>
        <Статус>Удален</Статус></Товар><Товар><Наименование>Без Ид</Наименование></Товар></Товары></Каталог>
      </КоммерческаяИнформация>`);
    const catalogue = readCatalogue(root);
    expect(catalogue.groups).toEqual([
      { id: 'a', name: 'Мебель', parentId: null },
      { id: 'b', name: 'Диваны', parentId: 'a' },
    ]);
    expect(catalogue.products).toEqual([
      expect.objectContaining({ id: 'p', groupId: 'b', deleted: true, sku: '', vendor: '' }),
    ]);
    expect(catalogue.problems).toHaveLength(2);
  });

  it('maps properties to spec lines: §3 labels to their codes, Справочник values by Ид, others by name', () => {
    const root = rootOf(`<КоммерческаяИнформация><Классификатор><Свойства>
        <Свойство><Ид>c</Ид><Наименование>ЦВЕТ</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>
        <Свойство><Ид>m</Ид><Наименование>Материал</Наименование><ТипЗначений>Справочник</ТипЗначений>
          <ВариантыЗначений><Справочник><ИдЗначения>v1</ИдЗначения><Значение>Велюр</Значение></Справочник>
          <Справочник><ИдЗначения>v2</ИдЗначения><Значение>Дуб</Значение></Справочник></ВариантыЗначений></Свойство>
        <Свойство><Ид>x</Ид><Наименование>Механизм  трансформации</Наименование></Свойство>
      </Свойства></Классификатор>
      <Каталог><Свойства><СвойствоНоменклатуры><Ид>s</Ид><Наименование>Серия</Наименование></СвойствоНоменклатуры></Свойства>
      <Товары><Товар><Ид>p</Ид><Наименование>Диван</Наименование>
        <Картинка>import_files/ab/p_1.jpg</Картинка><Картинка>import_files\\ab\\p_2.png</Картинка>
        <Картинка>../../etc/passwd</Картинка><Картинка>import_files/ab/p_1.jpg</Картинка><Картинка></Картинка>
        <ЗначенияСвойств>
          <ЗначенияСвойства><Ид>c</Ид><Значение>серый</Значение></ЗначенияСвойства>
          <ЗначенияСвойства><Ид>m</Ид><Значение>v1</Значение><Значение>v2</Значение></ЗначенияСвойства>
          <ЗначенияСвойства><Ид>x</Ид><Значение>Еврокнижка</Значение></ЗначенияСвойства>
          <ЗначенияСвойства><Ид>s</Ид><Значение> </Значение></ЗначенияСвойства>
          <ЗначенияСвойства><Ид>unknown</Ид><Значение>что-то</Значение></ЗначенияСвойства>
        </ЗначенияСвойств></Товар></Товары></Каталог></КоммерческаяИнформация>`);
    const [product] = readCatalogue(root).products;
    expect(product?.specs).toEqual({
      COLOR: 'серый',
      MATERIAL: 'Велюр, Дуб',
      'Механизм трансформации': 'Еврокнижка',
    });
    expect(product?.pictures).toEqual(['import_files/ab/p_1.jpg', 'import_files/ab/p_2.png']);
    const problems = readCatalogue(root).problems;
    expect(problems).toContain('Свойства не описаны в классификаторе, их значения пропущены: unknown.');
    expect(problems.some((line) => line.includes('../../etc/passwd'))).toBe(true);
  });

  test.prop([fc.constantFrom(...Object.entries(SPEC_LABELS)), fc.string({ maxLength: 40 })])(
    'every spec label names its line whatever the case and spacing; any other name is kept trimmed',
    ([code, label], other) => {
      expect(specLineOf(` ${label.toUpperCase().replace(/ /g, '  ')} `)).toBe(code);
      const clean = other.trim().replace(/\s+/g, ' ');
      const known = Object.values(SPEC_LABELS).some(
        (known) => known.toLowerCase().replace(/ё/g, 'е') === clean.toLowerCase().replace(/ё/g, 'е'),
      );
      if (
        !known &&
        clean !== '' &&
        !/^(страна происхождения|производитель|коллекция|размеры|вес упаковки|объем упаковки|количество коробок)$/i.test(
          clean,
        )
      )
        expect(specLineOf(other)).toBe(clean);
    },
  );

  test.prop([
    fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 30 })), {
      maxLength: 8,
    }),
  ])(
    'reads any property values without throwing; each line a described property with a non-empty value',
    (pairs) => {
      const properties = pairs
        .map(
          ([name], index) =>
            `<Свойство><Ид>p${index}</Ид><Наименование>${xmlText(name)}</Наименование></Свойство>`,
        )
        .join('');
      const values = pairs
        .map(
          ([, value], index) =>
            `<ЗначенияСвойства><Ид>p${index}</Ид><Значение>${xmlText(value)}</Значение></ЗначенияСвойства>`,
        )
        .join('');
      const root =
        rootOf(`<КоммерческаяИнформация><Классификатор><Свойства>${properties}</Свойства></Классификатор>
        <Каталог><Товары><Товар><Ид>p</Ид><Наименование>Т</Наименование><ЗначенияСвойств>${values}</ЗначенияСвойств>
        </Товар></Товары></Каталог></КоммерческаяИнформация>`);
      const specs = readCatalogue(root).products[0]?.specs ?? {};
      for (const [key, value] of Object.entries(specs)) {
        expect(key.trim()).not.toBe('');
        expect(value.trim()).not.toBe('');
        expect(value.length).toBeLessThanOrEqual(500);
      }
      // A property named «__proto__» is a spec line like any other, never the object's prototype.
      expect(Object.getPrototypeOf(specs)).toBe(Object.prototype);
    },
  );

  it('takes the named price type, sums the warehouses, and refuses foreign currencies', () => {
    const root = rootOf(`<КоммерческаяИнформация><ПакетПредложений>
      <ТипыЦен><ТипЦены><Ид>r</Ид><Наименование>Розничная</Наименование></ТипЦены>
        <ТипЦены><Ид>o</Ид><Наименование>Оптовая</Наименование></ТипЦены></ТипыЦен>
      <Предложения>
        <Предложение><Ид>p1#x</Ид><Цены><Цена><ИдТипаЦены>o</ИдТипаЦены><ЦенаЗаЕдиницу>10</ЦенаЗаЕдиницу></Цена>
          <Цена><ИдТипаЦены>r</ИдТипаЦены><ЦенаЗаЕдиницу>20</ЦенаЗаЕдиницу></Цена></Цены>
          <Склад ИдСклада="s1" КоличествоНаСкладе="2"/><Склад ИдСклада="s2" КоличествоНаСкладе="3"/></Предложение>
        <Предложение><Ид>p2</Ид><Цены><Цена><ИдТипаЦены>r</ИдТипаЦены><ЦенаЗаЕдиницу>5</ЦенаЗаЕдиницу><Валюта>EUR</Валюта></Цена></Цены></Предложение>
      </Предложения></ПакетПредложений></КоммерческаяИнформация>`);
    const offers = readOffers(root, 'розничная');
    expect(offers.offers).toEqual([
      { productId: 'p1', price: 20, quantity: 5 },
      { productId: 'p2', price: null, quantity: null },
    ]);
    expect(offers.problems).toEqual(['Цена товара p2 не в рублях (eur): пропущена.']);
    expect(readOffers(root, 'Закупочная').problems[0]).toBe(
      'Тип цены «Закупочная» не найден в файле: цены не изменены.',
    );
  });
});
