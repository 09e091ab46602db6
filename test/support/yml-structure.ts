import { XMLParser } from 'fast-xml-parser';

/**
 * The YML structure check: the rules of Yandex's published format (the shops.dtd of YML and the
 * element reference at yandex.ru/support/partnermarket/elements), written as code because Yandex
 * publishes no schema a validator could load. Element order, required elements and attributes,
 * references between them (categoryId, parentId, currencyId) and the documented limits. Returns the
 * problems found; an empty list is a valid feed.
 */

type OrderedNode = Record<string, unknown> & { readonly ':@'?: Record<string, string> };

interface Element {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly Element[];
  readonly text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  processEntities: true,
});

function elementsOf(nodes: readonly OrderedNode[]): Element[] {
  const elements: Element[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (name === undefined || name === '#text') continue;
    const content = (node[name] ?? []) as OrderedNode[];
    const text = content
      .filter((child) => '#text' in child)
      .map((child) => String(child['#text']))
      .join('');
    elements.push({ name, attributes: node[':@'] ?? {}, children: elementsOf(content), text });
  }
  return elements;
}

/** Whether `names` follow `sequence` (each name in it, in its order; repeats of one name allowed). */
function orderProblem(names: readonly string[], sequence: readonly string[], where: string): string | null {
  let position = 0;
  for (const name of names) {
    const index = sequence.indexOf(name, position);
    if (index === -1) {
      return sequence.includes(name)
        ? `${where}: <${name}> out of order (${names.join(', ')})`
        : `${where}: unknown element <${name}>`;
    }
    position = index;
  }
  return null;
}

const SHOP_SEQUENCE = [
  'name',
  'company',
  'url',
  'platform',
  'version',
  'agency',
  'email',
  'currencies',
  'categories',
  'delivery-options',
  'pickup-options',
  'enable_auto_discounts',
  'offers',
  'gifts',
  'promos',
];
const OFFER_HEAD = [
  'url',
  'price',
  'oldprice',
  'currencyId',
  'categoryId',
  'picture',
  'store',
  'pickup',
  'delivery',
  'delivery-options',
];
const OFFER_TAIL = [
  'description',
  'sales_notes',
  'manufacturer_warranty',
  'country_of_origin',
  'barcode',
  'param',
  'weight',
  'dimensions',
];
/** type="vendor.model": typePrefix?, vendor, vendorCode?, model. */
const VENDOR_MODEL_SEQUENCE = [...OFFER_HEAD, 'typePrefix', 'vendor', 'vendorCode', 'model', ...OFFER_TAIL];
/** The simplified type: name, vendor?, vendorCode?. */
const SIMPLIFIED_SEQUENCE = [...OFFER_HEAD, 'name', 'vendor', 'vendorCode', ...OFFER_TAIL];

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/;
const DAYS = /^(\d{1,2}(-\d{1,2})?)?$/;
const DIMENSIONS = /^\d+(\.\d+)?\/\d+(\.\d+)?\/\d+(\.\d+)?$/;
const POSITIVE_NUMBER = /^\d+(\.\d+)?$/;

function absoluteUrlProblem(value: string, where: string): string | null {
  if (value.length > 512) return `${where}: address longer than 512 characters`;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : `${where}: not an http(s) address`;
  } catch {
    return `${where}: not an absolute address: ${value}`;
  }
}

function deliveryOptionProblems(element: Element, where: string): string[] {
  const problems: string[] = [];
  if (element.children.length === 0 || element.children.length > 5)
    problems.push(`${where}: delivery-options holds 1 to 5 options, has ${element.children.length}`);
  for (const option of element.children) {
    if (option.name !== 'option') problems.push(`${where}: <${option.name}> inside delivery-options`);
    if (!/^\d+$/.test(option.attributes.cost ?? ''))
      problems.push(`${where}: option cost must be whole roubles`);
    if (option.attributes.days === undefined || !DAYS.test(option.attributes.days))
      problems.push(`${where}: option days must be «n» or «n-m»`);
  }
  return problems;
}

function offerProblems(
  offer: Element,
  categories: ReadonlySet<string>,
  currencies: ReadonlySet<string>,
): string[] {
  const id = offer.attributes.id ?? '';
  const where = `offer ${id}`;
  const problems: string[] = [];
  if (!/^[0-9A-Za-z]{1,20}$/.test(id)) problems.push(`${where}: id must be 1–20 letters or digits`);
  const available = offer.attributes.available;
  if (available !== undefined && available !== 'true' && available !== 'false')
    problems.push(`${where}: available must be true or false`);
  const type = offer.attributes.type;
  if (type !== undefined && type !== 'vendor.model') problems.push(`${where}: unsupported type ${type}`);
  const names = offer.children.map((child) => child.name);
  const order = orderProblem(
    names,
    type === 'vendor.model' ? VENDOR_MODEL_SEQUENCE : SIMPLIFIED_SEQUENCE,
    where,
  );
  if (order !== null) problems.push(order);
  const required = type === 'vendor.model' ? ['vendor', 'model'] : ['name'];
  for (const name of ['url', 'price', 'currencyId', 'categoryId', ...required]) {
    if (names.filter((child) => child === name).length !== 1)
      problems.push(`${where}: needs exactly one <${name}>`);
  }
  for (const name of [
    'oldprice',
    'delivery-options',
    'description',
    'sales_notes',
    'weight',
    'dimensions',
    'typePrefix',
    'vendorCode',
  ]) {
    if (names.filter((child) => child === name).length > 1)
      problems.push(`${where}: more than one <${name}>`);
  }
  const text = (name: string) => offer.children.find((child) => child.name === name)?.text;
  const price = Number(text('price'));
  if (!(price > 0)) problems.push(`${where}: price must be positive`);
  const oldPrice = text('oldprice');
  if (oldPrice !== undefined && !(Number(oldPrice) > price))
    problems.push(`${where}: oldprice must exceed price`);
  const currency = text('currencyId');
  if (currency !== undefined && !currencies.has(currency))
    problems.push(`${where}: unknown currency ${currency}`);
  const category = text('categoryId');
  if (category !== undefined && !categories.has(category))
    problems.push(`${where}: unknown category ${category}`);
  const url = text('url');
  if (url !== undefined) {
    const problem = absoluteUrlProblem(url, `${where} url`);
    if (problem !== null) problems.push(problem);
  }
  const pictures = offer.children.filter((child) => child.name === 'picture');
  if (pictures.length > 10) problems.push(`${where}: more than 10 pictures`);
  for (const picture of pictures) {
    const problem = absoluteUrlProblem(picture.text, `${where} picture`);
    if (problem !== null) problems.push(problem);
  }
  const salesNotes = text('sales_notes');
  if (salesNotes !== undefined && salesNotes.length > 50)
    problems.push(`${where}: sales_notes over 50 characters`);
  const description = text('description');
  if (description !== undefined && description.length > 3000)
    problems.push(`${where}: description over 3000 characters`);
  const weight = text('weight');
  if (weight !== undefined && !(POSITIVE_NUMBER.test(weight) && Number(weight) > 0))
    problems.push(`${where}: weight must be positive kilograms`);
  const dimensions = text('dimensions');
  if (dimensions !== undefined && !DIMENSIONS.test(dimensions))
    problems.push(`${where}: dimensions must be length/width/height in centimetres`);
  for (const param of offer.children.filter((child) => child.name === 'param')) {
    if ((param.attributes.name ?? '').trim() === '') problems.push(`${where}: param without a name`);
    if (param.text.trim() === '') problems.push(`${where}: param «${param.attributes.name}» without a value`);
  }
  const delivery = offer.children.find((child) => child.name === 'delivery-options');
  if (delivery !== undefined) problems.push(...deliveryOptionProblems(delivery, where));
  return problems;
}

/** The problems of a YML feed; empty when it follows the published structure. */
export function ymlStructureProblems(xml: string): string[] {
  const root = elementsOf(parser.parse(xml) as OrderedNode[]);
  const catalog = root[0];
  if (root.length !== 1 || catalog?.name !== 'yml_catalog') return ['the root must be one <yml_catalog>'];
  const problems: string[] = [];
  if (!RFC3339.test(catalog.attributes.date ?? ''))
    problems.push('yml_catalog date must be RFC 3339 with a zone');
  const shop = catalog.children[0];
  if (catalog.children.length !== 1 || shop?.name !== 'shop')
    return [...problems, '<yml_catalog> holds one <shop>'];
  const shopNames = shop.children.map((child) => child.name);
  const order = orderProblem(shopNames, SHOP_SEQUENCE, 'shop');
  if (order !== null) problems.push(order);
  for (const name of ['name', 'company', 'url', 'currencies', 'categories', 'offers']) {
    if (shopNames.filter((child) => child === name).length !== 1)
      problems.push(`shop: needs exactly one <${name}>`);
  }
  const child = (name: string) => shop.children.find((element) => element.name === name);
  const shopUrl = child('url');
  if (shopUrl !== undefined) {
    const problem = absoluteUrlProblem(shopUrl.text, 'shop url');
    if (problem !== null) problems.push(problem);
  }
  const currencies = new Set<string>();
  for (const currency of child('currencies')?.children ?? []) {
    const id = currency.attributes.id ?? '';
    if (currency.name !== 'currency' || !['RUR', 'RUB'].includes(id) || currency.attributes.rate !== '1')
      problems.push('currencies: only <currency id="RUR" rate="1"/> (the shop sells in roubles)');
    currencies.add(id);
  }
  const categoryIds = new Set<string>();
  const categories = child('categories')?.children ?? [];
  for (const category of categories) {
    const id = category.attributes.id ?? '';
    if (category.name !== 'category' || !/^[1-9]\d{0,17}$/.test(id)) problems.push(`category ${id}: bad id`);
    if (categoryIds.has(id)) problems.push(`category ${id}: repeated`);
    if (category.text.trim() === '') problems.push(`category ${id}: no name`);
    categoryIds.add(id);
  }
  for (const category of categories) {
    const parent = category.attributes.parentId;
    if (parent !== undefined && !categoryIds.has(parent))
      problems.push(`category ${category.attributes.id}: parentId ${parent} is not a category`);
  }
  const shopDelivery = child('delivery-options');
  if (shopDelivery !== undefined) problems.push(...deliveryOptionProblems(shopDelivery, 'shop'));
  const offerIds = new Set<string>();
  for (const offer of child('offers')?.children ?? []) {
    if (offer.name !== 'offer') {
      problems.push(`offers: unknown element <${offer.name}>`);
      continue;
    }
    const id = offer.attributes.id ?? '';
    if (offerIds.has(id)) problems.push(`offer ${id}: repeated id`);
    offerIds.add(id);
    problems.push(...offerProblems(offer, categoryIds, currencies));
  }
  return problems;
}

/** The offers of a feed as plain records (id → element name → texts), for assertions on content. */
export function ymlOffers(
  xml: string,
): Map<string, { attributes: Record<string, string>; children: Element[] }> {
  const root = elementsOf(parser.parse(xml) as OrderedNode[]);
  const offers = root[0]?.children[0]?.children.find((element) => element.name === 'offers')?.children ?? [];
  return new Map(
    offers.map((offer) => [
      offer.attributes.id ?? '',
      { attributes: { ...offer.attributes }, children: [...offer.children] },
    ]),
  );
}
