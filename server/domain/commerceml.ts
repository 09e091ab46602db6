/**
 * CommerceML 2 (the 1С «Обмен с сайтом» format that МойСклад speaks too; schema versions 2.03–2.10):
 * what the shop reads from import.xml (Классификатор/Группы → categories, Каталог/Товары → products),
 * offers.xml (ПакетПредложений: ТипыЦен, Предложения with Цены and stock by Склад/Количество) and
 * orders.xml (Документ with «Статус заказа»), and the order documents it writes for 1С. Pure and
 * total over the tree a parser gives (objects, arrays, strings): anything missing or malformed is
 * skipped and named in `problems`, never thrown.
 */
import { formatKopecks, KOPECKS_PER_ROUBLE, type Kopecks } from '../../shared-rules/money-rule';
import {
  DELIVERY_METHOD_LABELS,
  type DeliveryMethod,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '../../shared-rules/order-options-rule';
import { isOrderStatus, ORDER_STATUS_LABELS, type OrderStatus } from '../../shared-rules/order-status-rule';
import { SPEC_LABELS } from '../../shared-rules/product-spec-rule';
import { xmlText } from './crawler-documents';

/** Elements CommerceML repeats: the parser gives them as arrays even when one is present. */
export const CML_REPEATED = new Set([
  'Группа',
  'Товар',
  'Предложение',
  'Цена',
  'ТипЦены',
  'Склад',
  'Остаток',
  'Документ',
  'ЗначениеРеквизита',
  'Ид',
  'Свойство',
  'СвойствоНоменклатуры',
  'Справочник',
  'ЗначенияСвойства',
  'ЗначениеСвойства',
  'Значение',
  'Картинка',
]);

export interface CmlGroup {
  readonly id: string;
  readonly name: string;
  readonly parentId: string | null;
}

export interface CmlProduct {
  readonly id: string;
  readonly sku: string;
  readonly name: string;
  /** The first group the product is in (its home category); null when none. */
  readonly groupId: string | null;
  readonly description: string;
  readonly vendor: string;
  /** Marked for deletion in 1С (Статус «Удален» or ПометкаУдаления): hidden in the shop. */
  readonly deleted: boolean;
  /** Its property values as the shop's spec lines (`specLineOf`): a spec §3 code or the Russian name. */
  readonly specs: Readonly<Record<string, string>>;
  /** Its pictures' files in the package (`import_files/…`), in 1С's order, at most MAX_PICTURES. */
  readonly pictures: readonly string[];
}

export interface CmlCatalogue {
  readonly groups: readonly CmlGroup[];
  readonly products: readonly CmlProduct[];
  readonly problems: readonly string[];
}

interface CmlOffer {
  /** The product's Ид (a characteristic's «товар#характеристика» is reduced to the product). */
  readonly productId: string;
  /** Whole roubles in the chosen price type; null when the offer has no price of that type. */
  readonly price: number | null;
  /** Units on hand summed over the warehouses; null when the offer says nothing about stock. */
  readonly quantity: number | null;
}

export interface CmlOffers {
  readonly offers: readonly CmlOffer[];
  readonly problems: readonly string[];
}

type Tree = Readonly<Record<string, unknown>>;

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): readonly unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of a leaf (a string, a number, or an element with #text); '' otherwise. */
function text(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first.trim();
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  if (isTree(first)) return text(first['#text']);
  return '';
}

function child(tree: unknown, name: string): unknown {
  return isTree(tree) ? tree[name] : undefined;
}

function trees(value: unknown): Tree[] {
  return list(value).filter(isTree);
}

function attribute(tree: unknown, name: string): string {
  return isTree(tree) ? text(tree[`@_${name}`]) : '';
}

/** The root <КоммерческаяИнформация>, or null when the document is something else. */
export function cmlRoot(document: unknown): Tree | null {
  const root = child(document, 'КоммерческаяИнформация');
  return isTree(root) ? root : null;
}

/** A value of the document's ЗначенияРеквизитов by its name ('' when absent). */
function requisite(tree: unknown, name: string): string {
  const values = trees(child(child(tree, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита'));
  const found = values.find((value) => text(value.Наименование).toLowerCase() === name.toLowerCase());
  return found === undefined ? '' : text(found.Значение);
}

const MAX_ID_LENGTH = 200;

function usableId(id: string): boolean {
  return id !== '' && id.length <= MAX_ID_LENGTH;
}

/** Groups of the classifier, parents before children (the tree walked depth first). */
function groupsOf(
  container: unknown,
  parentId: string | null,
  depth: number,
  out: CmlGroup[],
  problems: string[],
): void {
  if (depth > 20) {
    problems.push('Группы вложены глубже 20 уровней: глубже не читаю.');
    return;
  }
  for (const group of trees(child(child(container, 'Группы'), 'Группа'))) {
    const id = text(group.Ид);
    const name = text(group.Наименование);
    if (!usableId(id) || name === '') {
      problems.push(`Группа без Ид или наименования пропущена${id === '' ? '' : ` (${id.slice(0, 60)})`}.`);
      continue;
    }
    out.push({ id, name: name.slice(0, 200), parentId });
    groupsOf(group, id, depth + 1, out, problems);
  }
}

/** A property of the classifier: its name and, for a Справочник, the text of each value's Ид. */
interface CmlProperty {
  readonly name: string;
  readonly values: ReadonlyMap<string, string>;
}

/**
 * Классификатор/Свойства: Свойство (2.05+) or СвойствоНоменклатуры (2.03–2.04), each with Ид,
 * Наименование and, for ТипЗначений «Справочник», ВариантыЗначений/Справочник (ИдЗначения → Значение).
 * A Каталог may carry its own Свойства too (МойСклад): both are read.
 */
function propertiesOf(root: Tree): ReadonlyMap<string, CmlProperty> {
  const properties = new Map<string, CmlProperty>();
  for (const holder of [child(root, 'Классификатор'), child(root, 'Каталог')]) {
    const container = child(holder, 'Свойства');
    for (const property of [
      ...trees(child(container, 'Свойство')),
      ...trees(child(container, 'СвойствоНоменклатуры')),
    ]) {
      const id = text(property.Ид);
      const name = text(property.Наименование).replace(/\s+/g, ' ');
      if (!usableId(id) || name === '') continue;
      const values = new Map<string, string>();
      for (const option of trees(child(property.ВариантыЗначений, 'Справочник'))) {
        const valueId = text(option.ИдЗначения);
        if (valueId !== '') values.set(valueId, text(option.Значение));
      }
      properties.set(id, { name: name.slice(0, MAX_SPEC_NAME), values });
    }
  }
  return properties;
}

const MAX_SPEC_NAME = 100;
const MAX_SPEC_VALUE = 500;
/** The shop shows at most 30 pictures of a product (the back office's limit). */
const MAX_PICTURES = 30;

const SPEC_CODE_BY_LABEL: ReadonlyMap<string, string> = new Map([
  ...Object.entries(SPEC_LABELS).map(([code, label]) => [normalisedName(label), code] as const),
  // The names 1С's standard properties go by for the same lines.
  [normalisedName('Страна происхождения'), 'COUNTRY'],
  [normalisedName('Производитель'), 'FABRIKA'],
  [normalisedName('Коллекция'), 'SERIA'],
  [normalisedName('Размеры'), 'SIZE'],
  [normalisedName('Вес упаковки'), 'UPAK_VES'],
  [normalisedName('Объем упаковки'), 'UPAK_OBEM'],
  [normalisedName('Количество коробок'), 'UPAK_KOLVO'],
]);

function normalisedName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').replace(/ё/g, 'е').replace(/Ё/g, 'Е').toLowerCase();
}

/**
 * The spec line a 1С property fills: a spec §3 label («Цвет», «Материал», «Страна» and the names 1С
 * uses for them, «Страна происхождения») becomes its code (COLOR, MATERIAL, COUNTRY), so the product
 * page and the market feed label it as the spec says; any other property is kept under its own name
 * («Механизм трансформации»), shown when the name is Russian.
 */
export function specLineOf(propertyName: string): string {
  return SPEC_CODE_BY_LABEL.get(normalisedName(propertyName)) ?? propertyName.trim().replace(/\s+/g, ' ');
}

/**
 * A product's ЗначенияСвойств: each ЗначенияСвойства names the property by Ид and gives one or more
 * Значение — for a Справочник the Ид of the variant, read back to its text. Several values are joined
 * with «, »; empty ones, and properties the package does not describe, are left out.
 */
function specsOf(
  item: Tree,
  properties: ReadonlyMap<string, CmlProperty>,
  undescribed: Set<string>,
): Record<string, string> {
  const specs = new Map<string, string>();
  const holder = child(item, 'ЗначенияСвойств');
  for (const entry of [
    ...trees(child(holder, 'ЗначенияСвойства')),
    ...trees(child(holder, 'ЗначениеСвойства')),
  ]) {
    const id = text(entry.Ид);
    const property = properties.get(id);
    if (property === undefined) {
      if (id !== '') undescribed.add(id.slice(0, 60));
      continue;
    }
    const values = list(entry.Значение)
      .map((value) => text(value))
      .map((value) => property.values.get(value) ?? value)
      .map((value) => value.replace(/\s+/g, ' ').trim())
      .filter((value) => value !== '');
    if (values.length === 0) continue;
    specs.set(specLineOf(property.name), values.join(', ').slice(0, MAX_SPEC_VALUE));
  }
  // fromEntries defines own properties: a property named «__proto__» stays a spec line.
  return Object.fromEntries(specs);
}

/** «import_files/7a/7a3b.jpg» (1С writes «\» on Windows at times): a safe relative name, or null. */
function picturePath(value: string): string | null {
  const path = value.trim().replace(/\\/g, '/').replace(/^\.\//, '');
  const safe =
    path.length > 0 &&
    path.length <= 200 &&
    /^[\p{L}\p{N}_.\-/]+$/u.test(path) &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
  return safe ? path : null;
}

/** import.xml: the classifier's groups and properties, the catalogue's products. */
export function readCatalogue(root: Tree): CmlCatalogue {
  const problems: string[] = [];
  const groups: CmlGroup[] = [];
  groupsOf(child(root, 'Классификатор'), null, 0, groups, problems);
  const properties = propertiesOf(root);
  const undescribed = new Set<string>();
  const products: CmlProduct[] = [];
  for (const item of trees(child(child(child(root, 'Каталог'), 'Товары'), 'Товар'))) {
    const id = text(item.Ид);
    const name = text(item.Наименование);
    if (!usableId(id) || name === '') {
      problems.push(`Товар без Ид или наименования пропущен${id === '' ? '' : ` (${id.slice(0, 60)})`}.`);
      continue;
    }
    const status = text(item.Статус).toLowerCase();
    const marked = text(item.ПометкаУдаления).toLowerCase();
    const groupIds = list(child(item.Группы, 'Ид')).map(text);
    const pictures: string[] = [];
    for (const written of list(item.Картинка).map(text)) {
      if (written === '') continue;
      const path = picturePath(written);
      if (path === null)
        problems.push(
          `Картинка «${written.slice(0, 80)}» товара ${id.slice(0, 40)}: недопустимое имя файла.`,
        );
      else if (!pictures.includes(path)) pictures.push(path);
    }
    products.push({
      id,
      sku: text(item.Артикул).slice(0, 100),
      name: name.slice(0, 250),
      groupId: groupIds.find((groupId) => groupId !== '') ?? null,
      description: text(item.Описание).slice(0, 20_000),
      vendor: text(child(item.Изготовитель, 'Наименование')).slice(0, 200),
      deleted: status === 'удален' || status === 'удалён' || marked === 'true',
      specs: specsOf(item, properties, undescribed),
      pictures: pictures.slice(0, MAX_PICTURES),
    });
  }
  if (undescribed.size > 0)
    problems.push(
      `Свойства не описаны в классификаторе, их значения пропущены: ${[...undescribed].slice(0, 10).join(', ')}.`,
    );
  return { groups, products, problems };
}

/**
 * A CommerceML amount («12990.00», «12 990,5») in whole roubles, half up; null when it is not a
 * non-negative number.
 */
export function roublesOf(value: string): number | null {
  const clean = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,12}(\.\d+)?$/.test(clean)) return null;
  return Math.floor(Number(clean) + 0.5);
}

/** A quantity («5», «2.000», «-3»): a whole number of units, never below zero; null when unreadable. */
function quantityOf(value: string): number | null {
  const clean = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^-?\d{1,9}(\.\d+)?$/.test(clean)) return null;
  return Math.max(0, Math.floor(Number(clean)));
}

const ROUBLE_CURRENCIES = new Set(['', 'руб', 'руб.', 'rub', 'rur', '643']);

/** The stock of an offer: Остатки/Остаток/Склад (2.09+), else Склад КоличествоНаСкладе (2.05+), else Количество. */
function offerQuantity(offer: Tree): number | null {
  const rests = trees(child(offer.Остатки, 'Остаток'));
  if (rests.length > 0) {
    const byStore = rests
      .flatMap((rest) => trees(rest.Склад))
      .map((store) => quantityOf(text(store.Количество)));
    const direct = rests.map((rest) => quantityOf(text(rest.Количество)));
    const known = [...byStore, ...direct].filter((value): value is number => value !== null);
    return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0);
  }
  const stores = trees(offer.Склад)
    .map((store) => quantityOf(attribute(store, 'КоличествоНаСкладе')))
    .filter((value): value is number => value !== null);
  if (stores.length > 0) return stores.reduce((sum, value) => sum + value, 0);
  const plain = text(offer.Количество);
  return plain === '' ? null : quantityOf(plain);
}

/**
 * offers.xml: the price of the type named `priceTypeName` (the only type when the package has one)
 * and the stock of each offer. A price in another currency is refused: the shop sells in roubles.
 */
export function readOffers(root: Tree, priceTypeName: string): CmlOffers {
  const problems: string[] = [];
  const pack = child(root, 'ПакетПредложений');
  const types = trees(child(child(pack, 'ТипыЦен'), 'ТипЦены'));
  const chosen =
    types.length === 1
      ? types[0]
      : types.find((type) => text(type.Наименование).toLowerCase() === priceTypeName.toLowerCase());
  const priceTypeId = chosen === undefined ? null : text(chosen.Ид);
  if (types.length > 0 && priceTypeId === null)
    problems.push(`Тип цены «${priceTypeName}» не найден в файле: цены не изменены.`);
  const offers: CmlOffer[] = [];
  for (const offer of trees(child(child(pack, 'Предложения'), 'Предложение'))) {
    const fullId = text(offer.Ид);
    const productId = fullId.split('#')[0] ?? '';
    if (!usableId(productId)) {
      problems.push('Предложение без Ид пропущено.');
      continue;
    }
    let price: number | null = null;
    const priceRow = trees(child(offer.Цены, 'Цена')).find((row) => text(row.ИдТипаЦены) === priceTypeId);
    if (priceRow !== undefined) {
      const currency = text(priceRow.Валюта).toLowerCase();
      const value = roublesOf(text(priceRow.ЦенаЗаЕдиницу));
      if (!ROUBLE_CURRENCIES.has(currency))
        problems.push(`Цена товара ${productId} не в рублях (${currency}): пропущена.`);
      else if (value === null || value <= 0)
        problems.push(`Цена товара ${productId} не число больше нуля: пропущена.`);
      else price = value;
    }
    offers.push({ productId, price, quantity: offerQuantity(offer) });
  }
  return { offers, problems };
}

interface CmlStatusChange {
  readonly orderId: number;
  readonly status: OrderStatus;
}

export interface CmlStatusChanges {
  readonly changes: readonly CmlStatusChange[];
  readonly problems: readonly string[];
}

const STATUS_BY_LABEL = new Map(
  Object.entries(ORDER_STATUS_LABELS).map(([status, label]) => [label.toLowerCase(), status as OrderStatus]),
);

/** A status as 1С writes it: our id («shipped») or its Russian label («Передан в доставку»). */
export function statusOf(value: string): OrderStatus | null {
  const clean = value.trim();
  if (isOrderStatus(clean)) return clean;
  return STATUS_BY_LABEL.get(clean.toLowerCase()) ?? null;
}

/**
 * orders.xml from 1С: each Документ names our order by Номер and its new status by the requisite
 * «Статус заказа»; «Отменен» = true means «Отменён». Documents that say neither are skipped quietly
 * (1С sends back every order it holds); an unknown status is named in `problems`.
 */
export function readStatusChanges(root: Tree): CmlStatusChanges {
  const problems: string[] = [];
  const changes: CmlStatusChange[] = [];
  for (const document of trees(root.Документ)) {
    const number = text(document.Номер);
    const orderId = /^\d{1,9}$/.test(number) ? Number(number) : null;
    if (orderId === null) {
      problems.push(`Документ с номером «${number.slice(0, 40)}» — не заказ магазина: пропущен.`);
      continue;
    }
    const cancelled = requisite(document, 'Отменен').toLowerCase() === 'true';
    const written = requisite(document, 'Статус заказа');
    const status = cancelled ? 'cancelled' : written === '' ? null : statusOf(written);
    if (status === null) {
      if (written !== '') problems.push(`Заказ № ${orderId}: неизвестный статус «${written.slice(0, 60)}».`);
      continue;
    }
    changes.push({ orderId, status });
  }
  return { changes, problems };
}

interface CmlOrderLine {
  /** The 1С Ид of the product when it came from 1С, else the shop's own id. */
  readonly productId: string;
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: Kopecks;
  readonly lineTotal: Kopecks;
}

export interface CmlOrder {
  readonly id: number;
  readonly createdAt: Date;
  readonly status: OrderStatus;
  readonly total: Kopecks;
  readonly discount: Kopecks;
  readonly paid: boolean;
  readonly clientId: number | null;
  readonly contactName: string;
  readonly contactPhone: string;
  readonly contactEmail: string;
  readonly deliveryMethod: DeliveryMethod;
  readonly deliveryAddress: string | null;
  readonly paymentMethod: PaymentMethod;
  readonly comment: string | null;
  readonly lines: readonly CmlOrderLine[];
}

/** An amount as CommerceML writes it: roubles with two decimals and a dot («12990.00»). */
export function cmlAmount(amount: Kopecks): string {
  const whole = Math.trunc(amount / KOPECKS_PER_ROUBLE);
  const rest = Math.abs(amount % KOPECKS_PER_ROUBLE);
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

/** Moscow wall-clock date and time of a moment (CommerceML's Дата and Время carry no zone). */
function moscowParts(moment: Date): { date: string; time: string } {
  const iso = new Date(moment.getTime() + 3 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

const tag = (name: string, value: string): string => `<${name}>${xmlText(value)}</${name}>`;

function requisitesXml(values: readonly (readonly [string, string])[]): string {
  const items = values.map(
    ([name, value]) =>
      `<ЗначениеРеквизита>${tag('Наименование', name)}${tag('Значение', value)}</ЗначениеРеквизита>`,
  );
  return `<ЗначенияРеквизитов>${items.join('')}</ЗначенияРеквизитов>`;
}

function orderDocument(order: CmlOrder): string {
  const { date, time } = moscowParts(order.createdAt);
  const buyerId = order.clientId === null ? `guest-order-${order.id}` : `client-${order.clientId}`;
  const contacts = [
    ['Телефон рабочий', order.contactPhone],
    ['Почта', order.contactEmail],
  ]
    .filter(([, value]) => value !== '')
    .map(([type = '', value = '']) => `<Контакт>${tag('Тип', type)}${tag('Значение', value)}</Контакт>`)
    .join('');
  const address =
    order.deliveryAddress === null || order.deliveryAddress.trim() === ''
      ? ''
      : `<АдресРегистрации>${tag('Представление', order.deliveryAddress)}</АдресРегистрации>`;
  const lines = order.lines.map(
    (line) =>
      `<Товар>${tag('Ид', line.productId)}${tag('Артикул', line.sku)}${tag('Наименование', line.name)}` +
      '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>' +
      `${tag('ЦенаЗаЕдиницу', cmlAmount(line.unitPrice))}${tag('Количество', String(line.quantity))}` +
      `${tag('Сумма', cmlAmount(line.lineTotal))}` +
      requisitesXml([
        ['ВидНоменклатуры', 'Товар'],
        ['ТипНоменклатуры', 'Товар'],
      ]) +
      '</Товар>',
  );
  const discount =
    order.discount > 0
      ? `<Скидки><Скидка>${tag('Наименование', 'Скидка по промокоду')}${tag('Сумма', cmlAmount(order.discount))}<УчтеноВСумме>true</УчтеноВСумме></Скидка></Скидки>`
      : '';
  return (
    '<Документ>' +
    tag('Ид', `order-${order.id}`) +
    tag('Номер', String(order.id)) +
    tag('Дата', date) +
    tag('Время', time) +
    '<ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль><Валюта>RUB</Валюта><Курс>1</Курс>' +
    tag('Сумма', cmlAmount(order.total)) +
    '<Контрагенты><Контрагент>' +
    tag('Ид', buyerId) +
    tag('Наименование', order.contactName) +
    tag('ПолноеНаименование', order.contactName) +
    '<Роль>Покупатель</Роль>' +
    (contacts === '' ? '' : `<Контакты>${contacts}</Контакты>`) +
    address +
    '</Контрагент></Контрагенты>' +
    (order.comment === null || order.comment.trim() === '' ? '' : tag('Комментарий', order.comment)) +
    discount +
    `<Товары>${lines.join('')}</Товары>` +
    requisitesXml([
      ['Статус заказа', ORDER_STATUS_LABELS[order.status]],
      ['Код статуса', order.status],
      ['Заказ оплачен', order.paid ? 'true' : 'false'],
      ['Отменен', order.status === 'cancelled' ? 'true' : 'false'],
      ['Метод оплаты', PAYMENT_METHOD_LABELS[order.paymentMethod]],
      ['Способ доставки', DELIVERY_METHOD_LABELS[order.deliveryMethod]],
      ['Сумма заказа', formatKopecks(order.total)],
    ]) +
    '</Документ>'
  );
}

/** The orders for 1С's `query`: one КоммерческаяИнформация with a Документ per order. */
export function ordersDocument(orders: readonly CmlOrder[], generatedAt: Date): string {
  const { date, time } = moscowParts(generatedAt);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${date}T${time}">\n` +
    orders.map((order) => `${orderDocument(order)}\n`).join('') +
    '</КоммерческаяИнформация>\n'
  );
}
