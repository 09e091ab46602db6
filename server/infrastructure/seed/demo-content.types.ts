/**
 * Shapes of the demo catalogue that `generateDemoContent` (demo-content.ts) produces and the seeder
 * inserts into the database. Plain data only: no imports, no behaviour, so both the generator and the
 * database side can depend on it without pulling each other in.
 *
 * Conventions:
 * - Money is whole roubles (integers). Dimensions are whole centimetres.
 * - Dates are ISO 8601 strings in UTC (e.g. '2026-10-14T09:30:00.000Z'); they are derived from a fixed
 *   reference date, never from the clock, so the same seed gives the same content.
 * - Category slugs are unique across the whole tree, so a category is identified by its slug alone;
 *   `path` is the slug path the storefront puts after /category/ (parent slugs joined with '/').
 * - An image is referred to by an `imageKey` such as 'product/sofa-03' or 'tile/divany'. Products and
 *   categories share a pool of pictures per kind ('product/<kind>-NN'); banners, tiles, collage, style
 *   and article pictures have their own keys. Every key used anywhere in the content is described once
 *   in `DemoContent.images`; product-images.ts renders them and maps key + width to a file path.
 */

/** Badge shown on a product card (spec §3 Product.badge). */
export type DemoBadge = 'trending' | 'new' | 'available' | 'preorder';

/** What a picture shows; decides the silhouette drawn on a generated image. */
export type DemoImageKind =
  | 'sofa'
  | 'armchair'
  | 'chair'
  | 'bed'
  | 'mattress'
  | 'table'
  | 'coffee-table'
  | 'console'
  | 'dresser'
  | 'wardrobe'
  | 'shelf'
  | 'lamp'
  | 'chandelier'
  | 'vase'
  | 'mirror'
  | 'clock'
  | 'frame'
  | 'plant'
  | 'rug'
  | 'textile'
  | 'pillow'
  | 'tableware'
  | 'cookware'
  | 'appliance'
  | 'fridge'
  | 'bath'
  | 'sink'
  | 'outdoor'
  | 'room';

/**
 * Proportions of a generated image: 'product' 4:3, 'category' 1:1, 'banner' 16:7,
 * 'wide' 2:1 and 'tall' 3:4 (collage tiles), 'article' 3:2 (news and inspiration).
 */
export type DemoImageShape = 'product' | 'category' | 'banner' | 'wide' | 'tall' | 'article';

/** One distinct picture to render. Many products share one pooled picture. */
export interface DemoImage {
  key: string;
  kind: DemoImageKind;
  shape: DemoImageShape;
  /** Picks palette and composition details, so pictures of the same kind differ. */
  variant: number;
  /** Russian alternative text. */
  alt: string;
}

export interface DemoCategory {
  /** Stable numeric id: 1-based position in `DemoContent.categories` (parents come before children). */
  id: number;
  /** Unique across the tree (latin, kebab-case). */
  slug: string;
  /** Slug path used in /category/{path}: the parent slugs and this slug joined with '/'. */
  path: string;
  name: string;
  parentSlug: string | null;
  /** 0 for the spec's roots, 1 and 2 (occasionally 3) beneath. */
  level: number;
  /** Inactive categories exist on purpose (to prove the storefront filters them out). */
  active: boolean;
  /** Order among siblings; roots follow the spec's fixed list. */
  sortOrder: number;
  imageKey: string;
  /** Slugs of cross-linked categories (category_refs), e.g. krovati ↔ matrasy. Symmetric. */
  refs: string[];
  description: string;
}

/**
 * Visible specs use the spec's keys (COLOR, MATERIAL, SIZE, COUNTRY, FABRIKA, SERIA, STYLE, UPAK_VES,
 * UPAK_OBEM, UPAK_KOLVO) plus WIDTH/DEPTH/HEIGHT; hidden raw fields (NEW, HIDE, SPEC, SALE, PRICE_EUR,
 * PRICE_DILER, PRICE_EUR_OLD, RAZDEL, RAZDEL2, RAZDEL3, ADD_INFO, PRICE, PRICE_OLD, FILTERS, PRICE_RRP,
 * PRICE_USD, NAME_SMALL, COLOR_ADD1, VES) are present as strings too. Values are always strings.
 */
export type DemoProductSpecs = Record<string, string>;

export interface DemoProduct {
  /** Stable numeric id: 1-based position in `DemoContent.products`. */
  id: number;
  /** Article number, unique, e.g. 'DS-000123'. */
  sku: string;
  /** Unique latin transliteration of the name, kebab-case. */
  slug: string;
  name: string;
  /** 2–4 Russian sentences. */
  description: string;
  /** Whole roubles, > 0. */
  price: number;
  /** Whole roubles, > price when present. */
  priceOld: number | null;
  badge: DemoBadge | null;
  /** The leaf category the product belongs to (a slug from `DemoContent.categories`). */
  categorySlug: string;
  /**
   * Further categories that list the product without being its home: the brand under
   * brendy-proizvoditeli, the room under po-komnatam, posledniy-shans for deep discounts.
   */
  extraCategorySlugs: string[];
  specs: DemoProductSpecs;
  width: number;
  depth: number;
  height: number;
  /** Collection name (also specs.SERIA); recommendations group by it. */
  collection: string;
  /** Style name in Russian (also specs.STYLE), e.g. 'Скандинавский'. */
  style: string;
  /** Main material (also specs.MATERIAL), e.g. 'Массив дуба'. */
  material: string;
  /** Main colour (also specs.COLOR), e.g. 'Графит'. */
  colour: string;
  /** Brand / factory (also specs.FABRIKA). */
  brand: string;
  country: string;
  /** 0–1000; higher sells better. Drives sort=popular. */
  popularity: number;
  createdAt: string;
  /** 3–5 keys; the first is the main picture (tovar_pic1_url_site). */
  imageKeys: string[];
}

interface DemoInspirationTopic {
  slug: string;
  name: string;
  description: string;
}

export type DemoNewsType = 'news' | 'inspiration';

export interface DemoNewsItem {
  /** Unique across news and inspiration. */
  slug: string;
  type: DemoNewsType;
  /** Set for inspiration articles: a slug from `DemoContent.inspirationTopics`. */
  topicSlug: string | null;
  title: string;
  excerpt: string;
  /** The body as plain text lines: a line starting with '## ' is a heading, '- ' a list item. */
  paragraphs: string[];
  /** ... and the same body as simple HTML (<p>, <h2>, <ul>), safe: generated, no user input. */
  bodyHtml: string;
  publishedAt: string;
  imageKey: string;
}

export interface DemoStaticPage {
  /** One of the spec's static pages: contacts, professionals, trust, delivery, payment, support,
   * how-to-order, gift-cards, installment, privacy, terms, consent. */
  slug: string;
  title: string;
  metaDescription: string;
  /** The body as simple HTML (<h2>, <p>, <ul>, <a>). */
  bodyHtml: string;
  /** The same text as plain lines: a line starting with '## ' is a heading, '- ' a list item. */
  paragraphs: string[];
}

export interface DemoStyleCategory {
  slug: string;
  /** Russian style name; products whose `style` equals it belong to it. */
  name: string;
  description: string;
  imageKey: string;
  sortOrder: number;
}

export interface DemoSeoText {
  /** 'home' for the home page welcome text, otherwise a root category slug. */
  key: string;
  title: string;
  html: string;
}

interface DemoPopularTag {
  label: string;
  /** Storefront path, e.g. '/category/mebel/divany' or '/search?q=...'. */
  href: string;
}

export interface DemoPopularTags {
  /** 'home' or a root category slug. */
  key: string;
  tags: DemoPopularTag[];
}

export interface DemoPromoCode {
  /** Upper-case latin and digits, e.g. 'HOME10'. */
  code: string;
  discountPercent: number;
  active: boolean;
  description: string;
  /** Minimum cart total in roubles for the code to apply (0 = none). */
  minOrderTotal: number;
  /** ISO date after which the code no longer applies, or null for no end. */
  validUntil: string | null;
}

/** One of the home page's six category tiles (spec §2 Home page). */
export interface HomeCategoryTile {
  name: string;
  /** Slug path after /category/. */
  slugPath: string;
  imageKey: string;
}

type HomeCollageAspect = 'wide' | 'tall';

/** A collage tile: links to `href` when set, else /category/{slugPath}. */
export interface HomeCollageTile {
  name: string;
  slugPath: string;
  href: string | null;
  imageKey: string;
  aspect: HomeCollageAspect | null;
}

/** A home page banner; texts are the spec's, character for character. */
export interface HomeBanner {
  row: 1 | 2;
  title: string;
  text: string;
  buttonLabel: string;
  href: string;
  imageKey: string;
}

export interface DemoContent {
  seed: number;
  categories: DemoCategory[];
  products: DemoProduct[];
  inspirationTopics: DemoInspirationTopic[];
  /** News and inspiration articles together, newest first. */
  news: DemoNewsItem[];
  staticPages: DemoStaticPage[];
  styleCategories: DemoStyleCategory[];
  seoTexts: DemoSeoText[];
  popularTags: DemoPopularTags[];
  promoCodes: DemoPromoCode[];
  homeBanners: HomeBanner[];
  homeCategoryTiles: HomeCategoryTile[];
  homeCollageTiles: HomeCollageTile[];
  /** Every distinct picture referenced anywhere above, once each. */
  images: DemoImage[];
}

export interface DemoContentOptions {
  /** How many products to generate (600 by default in the seeder; 100 000+ for benchmarks). */
  products: number;
  seed: number;
}
