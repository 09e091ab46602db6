/**
 * The demo catalogue of «Дом и Стиль»: a pure, deterministic generator. The same options always give the
 * same content (own seeded PRNG, a fixed reference date), so a re-seed or a benchmark run is repeatable.
 * Category tree, brands and product templates live in demo-catalogue-tree.ts; editorial texts in
 * demo-articles.ts, demo-static-pages.ts and demo-marketing.ts.
 */
import { buildDemoArticles } from './demo-articles';
import {
  DEMO_BRANDS,
  DEMO_CATEGORY_REFS,
  DEMO_CATEGORY_TREE,
  DEMO_INSPIRATION_TOPICS,
  type DemoBrand,
  type DemoBrandGroup,
  type DemoCategoryNode,
  type DemoProductTemplate,
} from './demo-catalogue-tree';
import type {
  DemoBadge,
  DemoCategory,
  DemoContent,
  DemoContentOptions,
  DemoImage,
  DemoImageKind,
  DemoImageShape,
  DemoProduct,
  DemoProductSpecs,
} from './demo-content.types';
import {
  buildPopularTags,
  buildSeoTexts,
  DEMO_PROMO_CODES,
  DEMO_STYLE_CATEGORIES,
  HOME_BANNERS,
  HOME_CATEGORY_TILES,
  HOME_COLLAGE_TILES,
} from './demo-marketing';
import { createDemoRandom, type DemoRandom, slugify } from './demo-random';
import { DEMO_STATIC_PAGES } from './demo-static-pages';

export { HOME_CATEGORY_TILES, HOME_COLLAGE_TILES } from './demo-marketing';

/** Products the first start seeds when nothing else is asked for. */
export const DEFAULT_DEMO_PRODUCT_COUNT = 600;
const DEFAULT_DEMO_SEED = 20_261_122;
/** Upper bound for `products`, so a typo cannot exhaust memory (2 million rows ≈ 4 GB of objects). */
export const MAX_DEMO_PRODUCT_COUNT = 2_000_000;
/** Distinct pictures per image kind that products share (see product-images.ts for why a pool). */
const PRODUCT_IMAGE_POOL_SIZE = 8;
/** "Now" for the demo: every date is counted back from here, never from the clock. */
const DEMO_REFERENCE_TIME = Date.UTC(2026, 10, 15, 9, 0, 0);

const DAY_MS = 86_400_000;

const KIND_ALT: Readonly<Record<DemoImageKind, string>> = {
  sofa: 'Диван в светлом интерьере',
  armchair: 'Кресло в интерьере',
  chair: 'Стул у обеденного стола',
  bed: 'Кровать в спальне',
  mattress: 'Матрас',
  table: 'Обеденный стол',
  'coffee-table': 'Журнальный столик',
  console: 'Консоль у стены',
  dresser: 'Комод',
  wardrobe: 'Шкаф',
  shelf: 'Стеллаж с книгами',
  lamp: 'Светильник',
  chandelier: 'Люстра',
  vase: 'Ваза',
  mirror: 'Зеркало',
  clock: 'Часы',
  frame: 'Картина в раме',
  plant: 'Растение в кашпо',
  rug: 'Ковёр',
  textile: 'Текстиль для дома',
  pillow: 'Подушки',
  tableware: 'Посуда',
  cookware: 'Кухонная посуда',
  appliance: 'Бытовая техника',
  fridge: 'Холодильник',
  bath: 'Ванна',
  sink: 'Раковина',
  outdoor: 'Садовая мебель на террасе',
  room: 'Интерьер комнаты',
};

const MATERIAL_NOTES: Readonly<Record<string, string>> = {
  'Массив дуба':
    'Массив дуба с выразительным рисунком древесины служит десятилетиями и с годами только хорошеет.',
  'Массив сосны': 'Массив сосны — тёплая, лёгкая и экологичная древесина, покрытая защитным маслом.',
  'Массив берёзы': 'Массив берёзы прочен и хорошо держит крепёж, а светлый тон подходит к любому интерьеру.',
  'Массив ясеня': 'Массив ясеня прочнее дуба на изгиб и отличается красивой крупной текстурой.',
  'Массив бука': 'Каркас из массива бука выдерживает ежедневные нагрузки без скрипа.',
  'Шпон ореха': 'Натуральный шпон ореха придаёт изделию глубокий тёплый оттенок.',
  МДФ: 'Корпус из МДФ с плотной эмалью не боится влажной уборки.',
  ЛДСП: 'Корпус из ЛДСП класса E1 с кромкой ПВХ практичен и безопасен.',
  Велюр: 'Обивка из велюра мягкая, бархатистая и устойчива к истиранию — до 60 000 циклов по Мартиндейлу.',
  Рогожка: 'Рогожка с выразительным плетением дышит и не электризуется.',
  Экокожа: 'Экокожа легко очищается влажной салфеткой и не боится пятен.',
  Шенилл: 'Шенилл приятен на ощупь и хорошо переносит когти домашних животных.',
  Букле: 'Фактурное букле выглядит уютно и прощает следы ежедневного использования.',
  'Натуральная кожа': 'Натуральная кожа с годами приобретает благородную патину.',
  Металл: 'Металлический каркас с порошковым покрытием не царапается и не ржавеет.',
  Стекло: 'Закалённое стекло безопасно и легко моется.',
  Мрамор: 'Натуральный мрамор — каждый экземпляр с неповторимым рисунком прожилок.',
  Керамика: 'Керамика ручной формовки покрыта стойкой глазурью.',
  Фарфор: 'Тонкий фарфор звонкий, лёгкий и при этом прочный.',
  Шерсть: 'Натуральная шерсть тёплая, упругая и долго сохраняет вид.',
  Лён: 'Лён дышит, становится мягче с каждой стиркой и отлично смотрится слегка помятым.',
  Хлопок: 'Хлопок гипоаллергенен и приятен для кожи.',
  'Искусственный ротанг': 'Искусственный ротанг не выгорает на солнце и не боится дождя.',
  Тик: 'Тик богат природными маслами, поэтому не гниёт и не трескается на улице.',
  'Независимые пружины':
    'Блок независимых пружин подстраивается под каждое движение и не передаёт колебания.',
  'Пена с памятью': 'Пена с эффектом памяти повторяет контуры тела и снимает давление с плеч и бёдер.',
  Латекс: 'Натуральный латекс упругий, долговечный и хорошо вентилируется.',
  Акрил: 'Санитарный акрил тёплый на ощупь и долго держит температуру воды.',
  Латунь: 'Латунь устойчива к коррозии и сохраняет блеск годами.',
  'Нержавеющая сталь': 'Нержавеющая сталь не окисляется и не впитывает запахи.',
  Чугун: 'Чугун держит тепло и со временем становится только лучше.',
};

const STYLE_NOTES: Readonly<Record<string, string>> = {
  Скандинавский: 'Светлые тона и простые линии скандинавского стиля делают комнату спокойной и просторной.',
  Лофт: 'Сочетание металла и дерева в духе лофта хорошо смотрится рядом с кирпичом и бетоном.',
  Современный: 'Лаконичный современный дизайн легко сочетать с мебелью других коллекций.',
  Классика: 'Классические пропорции и мягкие изгибы создают ощущение основательности.',
  Минимализм: 'Минималистичная форма без лишних деталей оставляет интерьеру воздух.',
  Прованс: 'Мягкие оттенки и фактуры в стиле прованс приносят в дом тепло загородного уюта.',
  Неоклассика: 'Неоклассика соединяет строгость классики с лёгкостью современного интерьера.',
  Бохо: 'Натуральные фактуры в стиле бохо добавляют интерьеру тепла и непринуждённости.',
};

const CLOSERS: readonly string[] = [
  'Доставим по Санкт-Петербургу и области, поднимем на этаж и при необходимости соберём.',
  'Перед отправкой каждый товар проверяют на нашем складе.',
  'Гарантия производителя — 18 месяцев.',
  'Посмотреть и потрогать образцы материалов можно в шоуруме на Невском проспекте.',
];

const ADD_INFO: Readonly<Record<DemoBrandGroup, string>> = {
  cabinet: 'Сборка по инструкции, фурнитура в комплекте',
  soft: 'Съёмные чехлы подушек',
  sleep: 'Ортопедическое основание',
  outdoor: 'Для использования на улице',
  decor: 'Ручная работа',
  tableware: 'Можно мыть в посудомоечной машине',
  cookware: 'Подходит для индукционных плит',
  textile: 'Стирка при 40 °C',
  rugs: 'Подходит для тёплого пола',
  sanitary: 'Монтажный комплект в поставке',
  lighting: 'Лампы в комплект не входят',
  appliances: 'Гарантия 2 года',
};

interface LeafInfo {
  node: DemoCategoryNode;
  template: DemoProductTemplate;
  /** Names of the root, the level-1 ancestor and the leaf (RAZDEL, RAZDEL2, RAZDEL3). */
  razdel: readonly [string, string, string];
  saleSlug: string;
}

/** Lower-cases the first letter unless the word is an abbreviation (МДФ stays МДФ). */
function lowerFirst(text: string): string {
  const second = text.charAt(1);
  if (second !== '' && second === second.toUpperCase() && second !== second.toLowerCase()) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const SIZE_IN_NAME = /(\d+) × (\d+)/;

const slugCache = new Map<string, string>();
/** Product names repeat the same few hundred words, so their slugs are computed once each. */
function cachedSlug(text: string): string {
  let slug = slugCache.get(text);
  if (slug === undefined) {
    slug = slugify(text);
    slugCache.set(text, slug);
  }
  return slug;
}

function roundPrice(raw: number): number {
  if (raw >= 1000) return Math.max(990, Math.round(raw / 100) * 100 - 10);
  return Math.max(90, Math.round(raw / 10) * 10);
}

function roundSize(random: DemoRandom, range: readonly [number, number]): number {
  const value = random.int(range[0], range[1]);
  return range[1] - range[0] >= 40 ? Math.max(range[0], Math.round(value / 5) * 5) : value;
}

function saleSlugFor(group: DemoBrandGroup): string {
  if (group === 'cabinet' || group === 'soft' || group === 'sleep' || group === 'outdoor')
    return 'skidki-na-mebel';
  if (group === 'decor' || group === 'textile' || group === 'rugs' || group === 'lighting') {
    return 'skidki-na-dekor-i-tekstil';
  }
  return 'ostatki-so-sklada';
}

function buildCategories(): { categories: DemoCategory[]; leaves: LeafInfo[] } {
  const categories: DemoCategory[] = [];
  const leaves: LeafInfo[] = [];
  const visit = (
    node: DemoCategoryNode,
    parent: DemoCategory | null,
    sortOrder: number,
    names: readonly string[],
    active: boolean,
  ): void => {
    const isActive = active && node.active !== false;
    const category: DemoCategory = {
      id: categories.length + 1,
      slug: node.slug,
      path: parent === null ? node.slug : `${parent.path}/${node.slug}`,
      name: node.name,
      parentSlug: parent === null ? null : parent.slug,
      level: parent === null ? 0 : parent.level + 1,
      active: isActive,
      sortOrder,
      // Categories show one of the pooled product pictures of their kind (as a shop shows a product
      // photo as the category thumbnail), which keeps the first-start render small.
      imageKey: productImageKey(node.kind, categories.length % PRODUCT_IMAGE_POOL_SIZE),
      refs: [],
      description: node.description,
    };
    categories.push(category);
    const chain = [...names, node.name];
    if (node.template !== undefined && isActive) {
      leaves.push({
        node,
        template: node.template,
        razdel: [chain[0] ?? node.name, chain[1] ?? node.name, node.name],
        saleSlug: saleSlugFor(node.template.group),
      });
    }
    (node.children ?? []).forEach((child, index) => {
      visit(child, category, index + 1, chain, isActive);
    });
  };
  DEMO_CATEGORY_TREE.forEach((root, index) => {
    visit(root, null, index + 1, [], true);
  });
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  for (const [a, b] of DEMO_CATEGORY_REFS) {
    const left = bySlug.get(a);
    const right = bySlug.get(b);
    if (left === undefined || right === undefined) continue;
    if (!left.refs.includes(b)) left.refs.push(b);
    if (!right.refs.includes(a)) right.refs.push(a);
  }
  return { categories, leaves };
}

function weightedPicker(random: DemoRandom, leaves: readonly LeafInfo[]): () => LeafInfo {
  const cumulative: number[] = [];
  let total = 0;
  for (const leaf of leaves) {
    total += leaf.template.share;
    cumulative.push(total);
  }
  return () => {
    const target = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return leaves[lo] as LeafInfo;
  };
}

function pickBadge(random: DemoRandom): DemoBadge | null {
  const r = random.next();
  if (r < 0.12) return 'new';
  if (r < 0.27) return 'trending';
  if (r < 0.45) return 'available';
  if (r < 0.5) return 'preorder';
  return null;
}

function decimal(value: number, digits: number): string {
  return value.toFixed(digits);
}

function buildProduct(
  id: number,
  leaf: LeafInfo,
  random: DemoRandom,
  brandsByGroup: ReadonlyMap<DemoBrandGroup, readonly DemoBrand[]>,
  usedSlugs: Set<string>,
  styleSlugs: ReadonlyMap<string, string>,
): DemoProduct {
  const t = leaf.template;
  const brand = random.pick(brandsByGroup.get(t.group) ?? DEMO_BRANDS);
  const [collection, style] = random.pick(brand.collections);
  const item = random.pick(t.items);
  const [noun, qualifiers] = item;
  const priceRange = item[2] ?? t.price;
  const qualifier = qualifiers.length > 0 ? random.pick(qualifiers) : '';
  const material = random.pick(t.materials);
  const colour = random.pick(t.colours);
  const colourAdd = random.pick(t.colours);
  const nameSmall = `${noun} «${collection}»`;
  const name = `${nameSmall}${qualifier === '' ? '' : ` ${qualifier}`}, ${lowerFirst(material)}, ${lowerFirst(colour)}`;

  let width = roundSize(random, t.width);
  let depth = roundSize(random, t.depth);
  const height = roundSize(random, t.height);
  // A size in the name ('160 × 200') wins over the template's range; a bed frame is a little larger
  // than the mattress it takes.
  const named = SIZE_IN_NAME.exec(qualifier);
  if (named !== null) {
    const frame = t.kind === 'bed' ? random.int(8, 24) : 0;
    width = Number(named[1]) + frame;
    depth = Number(named[2]) + (frame === 0 ? 0 : random.int(8, 20));
  }
  const price = roundPrice(random.int(priceRange[0], priceRange[1]));
  let priceOld: number | null = null;
  let discount = 0;
  if (random.chance(0.3)) {
    discount = random.int(10, 35);
    const old = roundPrice(price / (1 - discount / 100));
    priceOld = old > price ? old : price + (price >= 1000 ? 1000 : 100);
  }
  const badge = pickBadge(random);
  const days = badge === 'new' ? random.int(0, 45) : random.int(30, 720);
  const createdAt = new Date(DEMO_REFERENCE_TIME - days * DAY_MS - random.int(0, 720) * 60_000).toISOString();
  const popularity = badge === 'trending' ? random.int(650, 1000) : random.int(0, 700);
  const weight = random.int(t.weight[0], t.weight[1]);
  const boxes = random.int(t.boxes[0], t.boxes[1]);
  const volume = Math.max(0.01, (width * depth * Math.max(height, 5) * 1.15) / 1_000_000);

  const base = [noun, collection, qualifier, material, colour]
    .map(cachedSlug)
    .filter((part) => part !== '')
    .join('-');
  const slug = usedSlugs.has(base) ? `${base}-${id}` : base;
  usedSlugs.add(slug);

  const description = describe(t, nameSmall, material, style);

  const extraCategorySlugs = [brand.slug];
  if (t.rooms.length > 0) extraCategorySlugs.push(random.pick(t.rooms));
  if (discount >= 25) extraCategorySlugs.push(leaf.saleSlug);

  const specs: DemoProductSpecs = {
    COLOR: colour,
    MATERIAL: material,
    SIZE: `${width} × ${depth} × ${height} см`,
    WIDTH: String(width),
    DEPTH: String(depth),
    HEIGHT: String(height),
    COUNTRY: brand.country,
    FABRIKA: brand.name,
    SERIA: collection,
    STYLE: style,
    UPAK_VES: `${weight} кг`,
    UPAK_OBEM: `${decimal(volume, 2).replace('.', ',')} м³`,
    UPAK_KOLVO: String(boxes),
    NEW: badge === 'new' ? '1' : '0',
    HIDE: '0',
    SPEC: badge === 'trending' ? '1' : '0',
    SALE: priceOld === null ? '0' : '1',
    PRICE: String(price),
    PRICE_RRP: String(priceOld ?? price),
    PRICE_DILER: String(Math.round(price * 0.78)),
    PRICE_EUR: decimal(price / 100.5, 2),
    PRICE_USD: decimal(price / 92.3, 2),
    RAZDEL: leaf.razdel[0],
    RAZDEL2: leaf.razdel[1],
    RAZDEL3: leaf.razdel[2],
    ADD_INFO: ADD_INFO[t.group],
    FILTERS: `style=${styleSlugs.get(style) ?? slugify(style)};material=${slugify(material)};color=${slugify(colour)}`,
    NAME_SMALL: nameSmall,
    COLOR_ADD1: colourAdd,
    VES: String(Math.max(1, Math.round(weight * 0.88))),
  };
  if (priceOld !== null) {
    specs.PRICE_OLD = String(priceOld);
    specs.PRICE_EUR_OLD = decimal(priceOld / 100.5, 2);
  }

  const imageCount = random.int(3, 5);
  const imageKeys = random.sample(poolKeys(t.kind), imageCount);

  return {
    id,
    sku: `DS-${String(id).padStart(6, '0')}`,
    slug,
    name,
    description,
    price,
    priceOld,
    badge,
    categorySlug: leaf.node.slug,
    extraCategorySlugs,
    specs,
    width,
    depth,
    height,
    collection,
    style,
    material,
    colour,
    brand: brand.name,
    country: brand.country,
    popularity,
    createdAt,
    imageKeys,
  };
}

/** The pooled picture `variant` (0-based) of a kind: 'product/sofa-03'. */
function productImageKey(kind: DemoImageKind, variant: number): string {
  return `product/${kind}-${String(variant + 1).padStart(2, '0')}`;
}

const poolKeyCache = new Map<DemoImageKind, string[]>();
/** The pool's keys of a kind, built once: a large catalogue shares these strings instead of copying them. */
function poolKeys(kind: DemoImageKind): readonly string[] {
  let keys = poolKeyCache.get(kind);
  if (keys === undefined) {
    keys = Array.from({ length: PRODUCT_IMAGE_POOL_SIZE }, (_, v) => productImageKey(kind, v));
    poolKeyCache.set(kind, keys);
  }
  return keys;
}

/** FNV-1a: a stable small hash, so a description's wording depends on what it describes, not on order. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const descriptionCache = new Map<string, string>();
/**
 * 2–4 sentences about a model. The same model (name, material, style) always gets the same text — as in
 * a real catalogue, where colours of one model share a description — and a large catalogue reuses these
 * strings instead of allocating one per product.
 */
function describe(t: DemoProductTemplate, nameSmall: string, material: string, style: string): string {
  const key = `${nameSmall}|${material}|${style}`;
  const cached = descriptionCache.get(key);
  if (cached !== undefined) return cached;
  const hash = hashText(key);
  const sentences = [
    `${nameSmall} — ${t.about[hash % t.about.length]}`,
    MATERIAL_NOTES[material] ??
      `${material} — практичный материал, который легко поддерживать в порядке и который долго сохраняет вид.`,
  ];
  const styleNote = STYLE_NOTES[style];
  if (styleNote !== undefined && (hash >>> 8) % 5 !== 0) sentences.push(styleNote);
  if ((hash >>> 12) % 2 === 0) sentences.push(CLOSERS[(hash >>> 16) % CLOSERS.length] as string);
  const text = sentences.join(' ');
  descriptionCache.set(key, text);
  return text;
}

function clampCount(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(MAX_DEMO_PRODUCT_COUNT, Math.floor(value));
}

/**
 * Generates the whole demo content. Pure: no I/O, no clock, no Math.random. `products` is clamped to
 * [0, MAX_DEMO_PRODUCT_COUNT]; with at least as many products as leaf categories every active leaf gets
 * one, the rest are spread by each leaf's share.
 */
export function generateDemoContent(options: DemoContentOptions): DemoContent {
  const count = clampCount(options.products);
  const seed = Number.isFinite(options.seed) ? Math.trunc(options.seed) : DEFAULT_DEMO_SEED;
  const random = createDemoRandom(seed);
  const { categories, leaves } = buildCategories();

  const brandsByGroup = new Map<DemoBrandGroup, DemoBrand[]>();
  for (const brand of DEMO_BRANDS) {
    for (const group of brand.groups) {
      const list = brandsByGroup.get(group) ?? [];
      list.push(brand);
      brandsByGroup.set(group, list);
    }
  }
  const styleSlugs = new Map(DEMO_STYLE_CATEGORIES.map((s) => [s.name, s.slug]));
  const pickLeaf = weightedPicker(random, leaves);
  const usedSlugs = new Set<string>();
  const products: DemoProduct[] = new Array(count);
  const coverEveryLeaf = count >= leaves.length;
  for (let i = 0; i < count; i++) {
    const leaf = coverEveryLeaf && i < leaves.length ? (leaves[i] as LeafInfo) : pickLeaf();
    products[i] = buildProduct(i + 1, leaf, random, brandsByGroup, usedSlugs, styleSlugs);
  }

  const news = buildDemoArticles(DEMO_REFERENCE_TIME);
  const images = new Map<string, DemoImage>();
  const addImage = (
    key: string,
    kind: DemoImageKind,
    shape: DemoImageShape,
    variant: number,
    alt: string,
  ) => {
    if (!images.has(key)) images.set(key, { key, kind, shape, variant, alt });
  };

  const usedImageKeys = new Set<string>();
  for (const product of products) for (const key of product.imageKeys) usedImageKeys.add(key);
  for (const category of categories) usedImageKeys.add(category.imageKey);
  // The pool: every picture of every kind a product or category can show, in a stable order.
  const poolKinds = new Set<DemoImageKind>(leaves.map((leaf) => leaf.template.kind));
  const walk = (nodes: readonly DemoCategoryNode[]) => {
    for (const node of nodes) {
      poolKinds.add(node.kind);
      walk(node.children ?? []);
    }
  };
  walk(DEMO_CATEGORY_TREE);
  for (const kind of poolKinds) {
    for (let v = 0; v < PRODUCT_IMAGE_POOL_SIZE; v++) {
      const key = productImageKey(kind, v);
      if (usedImageKeys.has(key)) addImage(key, kind, 'product', v, KIND_ALT[kind]);
    }
  }
  for (const item of news.items) {
    addImage(item.imageKey, news.kinds.get(item.slug) ?? 'room', 'article', item.slug.length, item.title);
  }
  DEMO_STYLE_CATEGORIES.forEach((style, index) => {
    addImage(style.imageKey, 'room', 'category', index * 3, `Интерьер в стиле «${style.name}»`);
  });
  HOME_BANNERS.forEach((banner, index) => {
    addImage(banner.imageKey, banner.kind, 'banner', index, banner.title);
  });
  HOME_CATEGORY_TILES.forEach((tile, index) => {
    addImage(tile.imageKey, tile.kind, 'category', index + 1, tile.name);
  });
  HOME_COLLAGE_TILES.forEach((tile, index) => {
    addImage(tile.imageKey, tile.kind, tile.aspect ?? 'category', index + 2, tile.name);
  });

  return {
    seed,
    categories,
    products,
    inspirationTopics: DEMO_INSPIRATION_TOPICS.map((topic) => ({ ...topic })),
    news: news.items,
    staticPages: DEMO_STATIC_PAGES.map((page) => ({ ...page, paragraphs: [...page.paragraphs] })),
    styleCategories: DEMO_STYLE_CATEGORIES.map(({ slug, name, description, imageKey, sortOrder }) => ({
      slug,
      name,
      description,
      imageKey,
      sortOrder,
    })),
    seoTexts: buildSeoTexts(categories),
    popularTags: buildPopularTags(categories),
    promoCodes: DEMO_PROMO_CODES.map((promo) => ({ ...promo })),
    homeBanners: HOME_BANNERS.map(({ kind: _kind, ...banner }) => banner),
    homeCategoryTiles: HOME_CATEGORY_TILES.map(({ kind: _kind, ...tile }) => tile),
    homeCollageTiles: HOME_COLLAGE_TILES.map(({ kind: _kind, ...tile }) => tile),
    images: [...images.values()],
  };
}
