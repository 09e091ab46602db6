/**
 * Marketing content of the demo shop: the home page's banners and tiles (spec §2 Home page, texts
 * character for character), style categories, SEO texts, popular tags and promo codes.
 */
import type {
  DemoCategory,
  DemoImageKind,
  DemoPopularTags,
  DemoPromoCode,
  DemoSeoText,
  DemoStyleCategory,
  HomeBanner,
  HomeCategoryTile,
  HomeCollageTile,
} from './demo-content.types';
import { formatRoubles } from './demo-random';

/** The four banners of rows 1 and 2, with the spec's exact texts. `kind` picks the generated picture. */
export const HOME_BANNERS: ReadonlyArray<HomeBanner & { kind: DemoImageKind }> = [
  {
    row: 1,
    title: 'Мебель, в которую влюбляются',
    text: 'Коллекции, созданные для уюта и стиля вашего дома',
    buttonLabel: 'Перейти в каталог',
    href: '/categories',
    imageKey: 'banner/home-mebel',
    kind: 'sofa',
  },
  {
    row: 1,
    title: 'Жизнь на свежем воздухе',
    text: 'Коллекции для балконов, террас и садов.',
    buttonLabel: 'Смотреть подборку',
    href: '/category/leto-i-dacha',
    imageKey: 'banner/home-leto',
    kind: 'outdoor',
  },
  {
    row: 2,
    title: 'Умная техника для вашего дома',
    text: 'Надёжные помощники для кухни и дома.',
    buttonLabel: 'Перейти',
    href: '/category/bytovaya-tehnika',
    imageKey: 'banner/home-tehnika',
    kind: 'appliance',
  },
  {
    row: 2,
    title: 'Декор, который вдохновляет',
    text: 'Вазы, светильники и стильные акценты.',
    buttonLabel: 'Выбрать',
    href: '/category/dekor',
    imageKey: 'banner/home-dekor',
    kind: 'vase',
  },
];

/**
 * The six category tiles: beds, chests of drawers, coffee tables, console tables, armchairs, sofas.
 * Paths match the storefront's home page (src/ui/components/home-content.ts).
 */
export const HOME_CATEGORY_TILES: ReadonlyArray<HomeCategoryTile & { kind: DemoImageKind }> = [
  { name: 'Кровати', slugPath: 'mebel/krovati', imageKey: 'tile/krovati', kind: 'bed' },
  { name: 'Комоды', slugPath: 'mebel/komody', imageKey: 'tile/komody', kind: 'dresser' },
  {
    name: 'Журнальные столики',
    slugPath: 'mebel/zhurnalnye-stoliki',
    imageKey: 'tile/zhurnalnye-stoliki',
    kind: 'coffee-table',
  },
  { name: 'Консоли', slugPath: 'mebel/konsoli', imageKey: 'tile/konsoli', kind: 'console' },
  { name: 'Кресла', slugPath: 'mebel/kresla', imageKey: 'tile/kresla', kind: 'armchair' },
  { name: 'Диваны', slugPath: 'mebel/divany', imageKey: 'tile/divany', kind: 'sofa' },
];

/**
 * The collage grid, in the storefront's order (it fills a 4- and a 2-column grid without holes).
 * A tile links to `href` when set, else /category/{slugPath}.
 */
export const HOME_COLLAGE_TILES: ReadonlyArray<HomeCollageTile & { kind: DemoImageKind }> = [
  {
    name: 'Гостиная',
    slugPath: 'po-komnatam/gostinaya',
    href: null,
    imageKey: 'collage/gostinaya',
    aspect: 'wide',
    kind: 'room',
  },
  {
    name: 'Спальня',
    slugPath: 'po-komnatam/spalnya',
    href: null,
    imageKey: 'collage/spalnya',
    aspect: 'tall',
    kind: 'bed',
  },
  {
    name: 'Кухня',
    slugPath: 'posuda-i-kuhnya',
    href: null,
    imageKey: 'collage/kuhnya',
    aspect: null,
    kind: 'tableware',
  },
  {
    name: 'Текстиль',
    slugPath: 'tekstil',
    href: null,
    imageKey: 'collage/tekstil',
    aspect: 'tall',
    kind: 'textile',
  },
  {
    name: 'Сад и терраса',
    slugPath: 'leto-i-dacha',
    href: null,
    imageKey: 'collage/sad-i-terrasa',
    aspect: null,
    kind: 'outdoor',
  },
  {
    name: 'Освещение',
    slugPath: 'osveshchenie',
    href: null,
    imageKey: 'collage/osveshchenie',
    aspect: 'wide',
    kind: 'chandelier',
  },
  { name: 'Ковры', slugPath: 'kovry', href: null, imageKey: 'collage/kovry', aspect: null, kind: 'rug' },
  {
    name: 'Детская',
    slugPath: 'po-komnatam/detskaya',
    href: null,
    imageKey: 'collage/detskaya',
    aspect: null,
    kind: 'shelf',
  },
];

/** Style categories; `name` equals DemoProduct.style of the products that belong to the style. */
export const DEMO_STYLE_CATEGORIES: readonly DemoStyleCategory[] = [
  {
    slug: 'skandinavskiy',
    name: 'Скандинавский',
    description:
      'Светлое дерево, белые стены, натуральный текстиль и много света. Скандинавский интерьер прост, функционален и очень уютен.',
    imageKey: 'style/skandinavskiy',
    sortOrder: 1,
  },
  {
    slug: 'loft',
    name: 'Лофт',
    description:
      'Кирпич, металл, состаренное дерево и открытые пространства. Мебель в стиле лофт — честные материалы и грубоватые фактуры.',
    imageKey: 'style/loft',
    sortOrder: 2,
  },
  {
    slug: 'sovremennyy',
    name: 'Современный',
    description:
      'Чистые линии, спокойные цвета и удобство прежде всего. Современный стиль легко дополнять вещами из других коллекций.',
    imageKey: 'style/sovremennyy',
    sortOrder: 3,
  },
  {
    slug: 'klassika',
    name: 'Классика',
    description:
      'Благородные породы дерева, резьба, симметрия и глубокие цвета. Классическая мебель служит поколениям.',
    imageKey: 'style/klassika',
    sortOrder: 4,
  },
  {
    slug: 'minimalizm',
    name: 'Минимализм',
    description:
      'Только нужные вещи и ничего лишнего: простые формы, скрытое хранение и монохромная палитра.',
    imageKey: 'style/minimalizm',
    sortOrder: 5,
  },
  {
    slug: 'provans',
    name: 'Прованс',
    description:
      'Выбеленное дерево, лён, лаванда и цветочные узоры — тепло французской деревни в городской квартире.',
    imageKey: 'style/provans',
    sortOrder: 6,
  },
  {
    slug: 'neoklassika',
    name: 'Неоклассика',
    description: 'Классические пропорции без тяжести: светлые оттенки, латунь, мрамор и мягкие ткани.',
    imageKey: 'style/neoklassika',
    sortOrder: 7,
  },
  {
    slug: 'boho',
    name: 'Бохо',
    description:
      'Ротанг, джут, макраме, растения и смелые узоры. Свободный стиль для тех, кто любит путешествия и натуральные фактуры.',
    imageKey: 'style/boho',
    sortOrder: 8,
  },
];

export const DEMO_PROMO_CODES: readonly DemoPromoCode[] = [
  {
    code: 'HOME10',
    discountPercent: 10,
    active: true,
    description: 'Скидка 10 % на первый заказ для подписчиков рассылки.',
    minOrderTotal: 0,
    validUntil: null,
  },
  {
    code: 'WELCOME5',
    discountPercent: 5,
    active: true,
    description: 'Приветственная скидка 5 % на любой заказ.',
    minOrderTotal: 0,
    validUntil: null,
  },
  {
    code: 'SOFA15',
    discountPercent: 15,
    active: true,
    description: 'Скидка 15 % на диваны и кресла при заказе от 50 000 ₽.',
    minOrderTotal: 50_000,
    validUntil: '2026-12-31T20:59:59.000Z',
  },
  {
    code: 'SLEEP20',
    discountPercent: 20,
    active: true,
    description: 'Кровать + матрас = скидка 20 % на комплект.',
    minOrderTotal: 60_000,
    validUntil: '2027-01-31T20:59:59.000Z',
  },
  {
    code: 'SUMMER25',
    discountPercent: 25,
    active: false,
    description: 'Летняя распродажа садовой мебели. Акция завершена.',
    minOrderTotal: 0,
    validUntil: '2026-08-31T20:59:59.000Z',
  },
];

function rootsOf(categories: readonly DemoCategory[]): DemoCategory[] {
  return categories.filter((c) => c.parentSlug === null && c.active);
}

function childrenOf(categories: readonly DemoCategory[], slug: string): DemoCategory[] {
  return categories.filter((c) => c.parentSlug === slug && c.active);
}

const HOME_SEO_HTML = [
  '<h2>«Дом и Стиль» — мебель и товары для дома в Санкт-Петербурге</h2>',
  '<p>Мы собираем в одном каталоге мебель, свет, текстиль, посуду, декор и бытовую технику, чтобы обставить квартиру или дом можно было без долгих поисков. В ассортименте — диваны, кресла, кровати и матрасы, столы и стулья, комоды, шкафы и стеллажи от российских, белорусских, итальянских и азиатских фабрик.</p>',
  `<p>Доставляем по Санкт-Петербургу и Ленинградской области, поднимаем на этаж и собираем мебель. Доставка бесплатна для заказов от ${formatRoubles(30_000)} ₽. Оплатить покупку можно картой онлайн, при получении или в рассрочку.</p>`,
  '<p>Приходите в шоурум на Невском проспекте, 100: там можно посидеть на диванах, выбрать ткань обивки и получить бесплатную консультацию дизайнера. Мы открыты каждый день с 10:00 до 20:00.</p>',
].join('');

/** The home welcome text (key 'home') and one text per active root category. */
export function buildSeoTexts(categories: readonly DemoCategory[]): DemoSeoText[] {
  const texts: DemoSeoText[] = [
    { key: 'home', title: 'Интернет-магазин мебели и товаров для дома «Дом и Стиль»', html: HOME_SEO_HTML },
  ];
  for (const root of rootsOf(categories)) {
    const children = childrenOf(categories, root.slug).map((c) => c.name.toLowerCase());
    const list = children.length > 0 ? ` В разделе: ${children.join(', ')}.` : '';
    texts.push({
      key: root.slug,
      title: `${root.name} — купить в Санкт-Петербурге`,
      html:
        `<h2>${root.name} в магазине «Дом и Стиль»</h2>` +
        `<p>${root.description}${list}</p>` +
        '<p>Все товары есть в наличии на складе в Санкт-Петербурге или поставляются под заказ напрямую с фабрик. ' +
        `Доставка по городу бесплатна для заказов от ${formatRoubles(30_000)} ₽, возможна оплата в рассрочку.</p>` +
        '<p>Не уверены в выборе? Оставьте заявку на консультацию — менеджер подберёт варианты по размерам, бюджету и стилю интерьера.</p>',
    });
  }
  return texts;
}

/** Popular tags: a few search and category links per root (and 'home'). */
export function buildPopularTags(categories: readonly DemoCategory[]): DemoPopularTags[] {
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const link = (slug: string) => {
    const category = bySlug.get(slug);
    return category === undefined ? null : { label: category.name, href: `/category/${category.path}` };
  };
  const search = (label: string) => ({ label, href: `/search?q=${encodeURIComponent(label)}` });
  const result: DemoPopularTags[] = [
    {
      key: 'home',
      tags: [
        search('угловой диван'),
        search('кровать с подъёмным механизмом'),
        search('ортопедический матрас'),
        search('журнальный столик'),
        search('ковёр'),
        search('торшер'),
      ],
    },
  ];
  for (const root of rootsOf(categories)) {
    const tags = childrenOf(categories, root.slug)
      .slice(0, 6)
      .map((c) => link(c.slug))
      .filter((t): t is { label: string; href: string } => t !== null);
    result.push({ key: root.slug, tags });
  }
  return result;
}
