/**
 * The home page's fixed content (spec §2 "Home page"): banner texts and targets exactly as the spec
 * gives them, the collage and the six category tiles. Images are local drawings in public/images/home
 * until the catalogue's photographs are served under /media.
 */
import type { CategoryTileData } from './category-tile';
import type { CollageTileData } from './collage-tile';

export interface HomeBannerData {
  readonly title: string;
  readonly text: string;
  readonly action: string;
  readonly href: string;
  readonly image: string;
  /** Intrinsic size of the image, so the banner never jumps while it loads. */
  readonly imageWidth: number;
  readonly imageHeight: number;
}

export const BANNER_ROW_1: readonly [HomeBannerData, HomeBannerData] = [
  {
    title: 'Мебель, в которую влюбляются',
    text: 'Коллекции, созданные для уюта и стиля вашего дома',
    action: 'Перейти в каталог',
    href: '/categories',
    image: '/images/home/banner-living.svg',
    imageWidth: 1600,
    imageHeight: 800,
  },
  {
    title: 'Жизнь на свежем воздухе',
    text: 'Коллекции для балконов, террас и садов.',
    action: 'Смотреть подборку',
    href: '/category/leto-i-dacha',
    image: '/images/home/banner-outdoor.svg',
    imageWidth: 1200,
    imageHeight: 800,
  },
];

export const BANNER_ROW_2: readonly [HomeBannerData, HomeBannerData] = [
  {
    title: 'Умная техника для вашего дома',
    text: 'Надёжные помощники для кухни и дома.',
    action: 'Перейти',
    href: '/category/bytovaya-tehnika',
    image: '/images/home/banner-appliances.svg',
    imageWidth: 1600,
    imageHeight: 800,
  },
  {
    title: 'Декор, который вдохновляет',
    text: 'Вазы, светильники и стильные акценты.',
    action: 'Выбрать',
    href: '/category/dekor',
    image: '/images/home/banner-decor.svg',
    imageWidth: 1600,
    imageHeight: 800,
  },
];

// The order fills a 4-column (and a 2-column) grid with no holes under `grid-auto-flow: dense`.
export const COLLAGE_TILES: readonly CollageTileData[] = [
  {
    name: 'Гостиная',
    slug: 'po-komnatam/gostinaya',
    image: '/images/home/collage-living.svg',
    aspect: 'wide',
  },
  { name: 'Спальня', slug: 'po-komnatam/spalnya', image: '/images/home/collage-bedroom.svg', aspect: 'tall' },
  { name: 'Кухня', slug: 'posuda-i-kuhnya', image: '/images/home/collage-kitchen.svg' },
  { name: 'Текстиль', slug: 'tekstil', image: '/images/home/collage-textile.svg', aspect: 'tall' },
  { name: 'Сад и терраса', slug: 'leto-i-dacha', image: '/images/home/collage-garden.svg' },
  { name: 'Освещение', slug: 'osveshchenie', image: '/images/home/collage-light.svg', aspect: 'wide' },
  { name: 'Ковры', slug: 'kovry', image: '/images/home/collage-rugs.svg' },
  { name: 'Детская', slug: 'po-komnatam/detskaya', image: '/images/home/collage-kids.svg' },
];

/** Spec §2: beds, chests of drawers, coffee tables, console tables, armchairs, sofas. */
export const CATEGORY_TILES: readonly CategoryTileData[] = [
  { name: 'Кровати', slugPath: 'mebel/krovati', image: '/images/home/category-beds.svg' },
  { name: 'Комоды', slugPath: 'mebel/komody', image: '/images/home/category-chests.svg' },
  {
    name: 'Журнальные столики',
    slugPath: 'mebel/zhurnalnye-stoliki',
    image: '/images/home/category-coffee-tables.svg',
  },
  { name: 'Консоли', slugPath: 'mebel/konsoli', image: '/images/home/category-consoles.svg' },
  { name: 'Кресла', slugPath: 'mebel/kresla', image: '/images/home/category-armchairs.svg' },
  { name: 'Диваны', slugPath: 'mebel/divany', image: '/images/home/category-sofas.svg' },
];

/** Spec §2 inspiration slider texts. */
export const INSPIRATION_EMPTY = 'Пока нет материалов';
export const INSPIRATION_ERROR = 'Не удалось загрузить материалы';

/**
 * The home page's head (index.html's defaults, restored when the shopper comes back from another
 * page); server/http/page-head.ts writes the same for crawlers.
 */
export const HOME_HEAD = {
  title: 'Мебель, декор и техника для дома',
  description: 'Мебель, декор, текстиль и бытовая техника с доставкой по Санкт-Петербургу и России.',
} as const;
