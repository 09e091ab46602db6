import { describe, expect, it } from 'vitest';
import { DEMO_ROOT_ORDER } from '../../../server/infrastructure/seed/demo-catalogue-tree';
import {
  DEFAULT_DEMO_PRODUCT_COUNT,
  generateDemoContent,
  HOME_CATEGORY_TILES,
  HOME_COLLAGE_TILES,
} from '../../../server/infrastructure/seed/demo-content';
import type { DemoCategory, DemoContent } from '../../../server/infrastructure/seed/demo-content.types';
import { isImageKey } from '../../../server/infrastructure/seed/product-images';

const content: DemoContent = generateDemoContent({ products: DEFAULT_DEMO_PRODUCT_COUNT, seed: 42 });
const bySlug = new Map(content.categories.map((c) => [c.slug, c]));
const byPath = new Map(content.categories.map((c) => [c.path, c]));
const hasChildren = new Set(content.categories.map((c) => c.parentSlug).filter((s) => s !== null));

const SPEC_STATIC_PAGES = [
  'contacts',
  'professionals',
  'trust',
  'delivery',
  'payment',
  'support',
  'how-to-order',
  'gift-cards',
  'installment',
  'privacy',
  'terms',
  'consent',
  // Issue 26, item 3: the marketing consent is a document of its own (docs/privacy.md).
  'marketing-consent',
];

describe('generateDemoContent: determinism', () => {
  it('gives the same content for the same seed', () => {
    expect(generateDemoContent({ products: 300, seed: 7 })).toEqual(
      generateDemoContent({ products: 300, seed: 7 }),
    );
  });

  it('gives different products for a different seed', () => {
    const a = generateDemoContent({ products: 50, seed: 1 }).products.map((p) => p.name);
    const b = generateDemoContent({ products: 50, seed: 2 }).products.map((p) => p.name);
    expect(a).not.toEqual(b);
  });

  it('a smaller catalogue is not a prefix-dependent variant: the same seed keeps editorial content equal', () => {
    const small = generateDemoContent({ products: 10, seed: 42 });
    expect(small.categories).toEqual(content.categories);
    expect(small.news).toEqual(content.news);
    expect(small.staticPages).toEqual(content.staticPages);
  });
});

describe('generateDemoContent: hostile options', () => {
  it.each([
    [-5, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [3.7, 3],
    [0, 0],
  ])('products %s → %s products', (requested, expected) => {
    expect(generateDemoContent({ products: requested, seed: 1 }).products).toHaveLength(expected);
  });

  it('a non-finite seed still gives valid, repeatable content', () => {
    const a = generateDemoContent({ products: 20, seed: Number.NaN });
    expect(a).toEqual(generateDemoContent({ products: 20, seed: Number.NaN }));
    expect(a.products).toHaveLength(20);
  });

  it('fewer products than leaf categories still lands every product in an active leaf', () => {
    const few = generateDemoContent({ products: 5, seed: 3 });
    for (const product of few.products) expect(bySlug.get(product.categorySlug)?.active).toBe(true);
  });
});

describe('categories', () => {
  const roots = content.categories
    .filter((c) => c.parentSlug === null)
    .sort((a, b) => a.sortOrder - b.sortOrder);

  it("has the spec's roots in the spec's order, all active", () => {
    expect(roots.map((c) => c.slug)).toEqual([...DEMO_ROOT_ORDER]);
    expect(roots.every((c) => c.active && c.level === 0)).toBe(true);
  });

  it('names the accent roots as the mega menu expects', () => {
    expect(bySlug.get('posledniy-shans')?.name).toBe('Распродажа');
    expect(bySlug.get('brendy-proizvoditeli')?.name).toBe('Бренды');
    expect(bySlug.get('vdohnovenie')?.name).toBe('Вдохновение');
  });

  it('has ids 1..n, unique slugs, parents before children and paths built from parent slugs', () => {
    expect(content.categories.map((c) => c.id)).toEqual(content.categories.map((_, i) => i + 1));
    expect(new Set(content.categories.map((c) => c.slug)).size).toBe(content.categories.length);
    const seen = new Set<string>();
    for (const category of content.categories) {
      expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (category.parentSlug !== null) {
        expect(seen.has(category.parentSlug)).toBe(true);
        const parent = bySlug.get(category.parentSlug) as DemoCategory;
        expect(category.path).toBe(`${parent.path}/${category.slug}`);
        expect(category.level).toBe(parent.level + 1);
        if (!parent.active) expect(category.active).toBe(false);
      } else {
        expect(category.path).toBe(category.slug);
      }
      expect(category.name.length).toBeGreaterThan(1);
      seen.add(category.slug);
    }
  });

  it('goes two to three levels beneath the product roots', () => {
    const maxLevel = Math.max(...content.categories.map((c) => c.level));
    expect(maxLevel).toBeGreaterThanOrEqual(2);
    expect(maxLevel).toBeLessThanOrEqual(3);
    expect(bySlug.get('pryamye-divany')?.path).toBe('mebel/divany/pryamye-divany');
  });

  it('contains every slug the home page links, active', () => {
    for (const slug of [
      'krovati',
      'komody',
      'hranenie',
      'zhurnalnye-stoliki',
      'konsoli',
      'kresla',
      'divany',
      'matrasy',
      'kovry',
      'sadovaya-mebel',
    ]) {
      expect(bySlug.get(slug)?.active, slug).toBe(true);
    }
    expect(bySlug.get('sadovaya-mebel')?.path.startsWith('leto-i-dacha/')).toBe(true);
  });

  it('has symmetric cross-links to existing categories, including krovati ↔ matrasy', () => {
    expect(bySlug.get('krovati')?.refs).toContain('matrasy');
    expect(bySlug.get('matrasy')?.refs).toContain('krovati');
    for (const category of content.categories) {
      for (const ref of category.refs) {
        expect(bySlug.get(ref)?.refs, `${category.slug} → ${ref}`).toContain(category.slug);
        expect(ref).not.toBe(category.slug);
      }
    }
  });

  it('has a few inactive categories and no product in them', () => {
    const inactive = content.categories.filter((c) => !c.active);
    expect(inactive.length).toBeGreaterThanOrEqual(2);
    const inactiveSlugs = new Set(inactive.map((c) => c.slug));
    for (const product of content.products) {
      expect(inactiveSlugs.has(product.categorySlug)).toBe(false);
      for (const extra of product.extraCategorySlugs) expect(inactiveSlugs.has(extra)).toBe(false);
    }
  });

  it('has the inspiration topics as children of vdohnovenie', () => {
    for (const topic of content.inspirationTopics) {
      expect(bySlug.get(topic.slug)?.parentSlug).toBe('vdohnovenie');
    }
  });
});

describe('home page constants', () => {
  it('has six category tiles pointing at active category paths', () => {
    expect(HOME_CATEGORY_TILES).toHaveLength(6);
    expect(content.homeCategoryTiles).toHaveLength(6);
    for (const tile of content.homeCategoryTiles)
      expect(byPath.get(tile.slugPath)?.active, tile.slugPath).toBe(true);
    // The same paths as the storefront's home page (src/ui/components/home-content.ts).
    expect(content.homeCategoryTiles.map((t) => t.slugPath)).toEqual([
      'mebel/krovati',
      'mebel/komody',
      'mebel/zhurnalnye-stoliki',
      'mebel/konsoli',
      'mebel/kresla',
      'mebel/divany',
    ]);
  });

  it('has collage tiles with a valid target and aspect', () => {
    expect(HOME_COLLAGE_TILES.length).toBeGreaterThanOrEqual(6);
    for (const tile of content.homeCollageTiles) {
      expect(byPath.get(tile.slugPath)?.active, tile.slugPath).toBe(true);
      expect([null, 'wide', 'tall']).toContain(tile.aspect);
      if (tile.href !== null) expect(tile.href.startsWith('/')).toBe(true);
    }
  });

  it("has the spec's banner texts character for character", () => {
    expect(content.homeBanners.map((b) => [b.title, b.text, b.buttonLabel, b.href])).toEqual([
      [
        'Мебель, в которую влюбляются',
        'Коллекции, созданные для уюта и стиля вашего дома',
        'Перейти в каталог',
        '/categories',
      ],
      [
        'Жизнь на свежем воздухе',
        'Коллекции для балконов, террас и садов.',
        'Смотреть подборку',
        '/category/leto-i-dacha',
      ],
      [
        'Умная техника для вашего дома',
        'Надёжные помощники для кухни и дома.',
        'Перейти',
        '/category/bytovaya-tehnika',
      ],
      ['Декор, который вдохновляет', 'Вазы, светильники и стильные акценты.', 'Выбрать', '/category/dekor'],
    ]);
  });
});

describe('products', () => {
  const products = content.products;

  it(`has ${DEFAULT_DEMO_PRODUCT_COUNT} products with unique ids, skus and latin slugs`, () => {
    expect(products).toHaveLength(DEFAULT_DEMO_PRODUCT_COUNT);
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => i + 1));
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const product of products) expect(product.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has positive integer prices and old prices above the price on about 30 %', () => {
    for (const product of products) {
      expect(Number.isInteger(product.price) && product.price > 0).toBe(true);
      if (product.priceOld !== null) {
        expect(Number.isInteger(product.priceOld)).toBe(true);
        expect(product.priceOld).toBeGreaterThan(product.price);
      }
    }
    const share = products.filter((p) => p.priceOld !== null).length / products.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
  });

  it('uses every badge and leaves some products without one', () => {
    const badges = new Set(products.map((p) => p.badge));
    expect([...badges].sort()).toEqual(['available', 'new', 'preorder', 'trending', null].sort());
  });

  it('places each product in an active leaf category, and every active product leaf has products', () => {
    for (const product of products) {
      expect(bySlug.get(product.categorySlug)?.active).toBe(true);
      expect(hasChildren.has(product.categorySlug)).toBe(false);
      for (const extra of product.extraCategorySlugs) expect(bySlug.has(extra), extra).toBe(true);
    }
    const used = new Set(products.map((p) => p.categorySlug));
    for (const slug of ['pryamye-divany', 'kresla', 'dvuspalnye-krovati', 'matrasy', 'komody', 'konsoli']) {
      expect(used.has(slug), slug).toBe(true);
    }
  });

  it('lists each product under its brand, so brand categories are not empty', () => {
    const brands = content.categories.filter((c) => c.parentSlug === 'brendy-proizvoditeli');
    const extra = new Set(products.flatMap((p) => p.extraCategorySlugs));
    for (const brand of brands) expect(extra.has(brand.slug), brand.slug).toBe(true);
  });

  it("carries the spec's visible specs and the hidden raw fields, consistent with the product", () => {
    const visible = [
      'COLOR',
      'MATERIAL',
      'SIZE',
      'COUNTRY',
      'FABRIKA',
      'SERIA',
      'STYLE',
      'UPAK_VES',
      'UPAK_OBEM',
      'UPAK_KOLVO',
    ];
    const hidden = [
      'NEW',
      'HIDE',
      'SPEC',
      'SALE',
      'PRICE_EUR',
      'PRICE_DILER',
      'RAZDEL',
      'RAZDEL2',
      'RAZDEL3',
      'ADD_INFO',
      'PRICE',
      'FILTERS',
      'PRICE_RRP',
      'PRICE_USD',
      'NAME_SMALL',
      'COLOR_ADD1',
      'VES',
    ];
    for (const product of products) {
      for (const key of [...visible, ...hidden])
        expect(product.specs[key], `${product.sku} ${key}`).toBeTruthy();
      expect(product.specs.COLOR).toBe(product.colour);
      expect(product.specs.MATERIAL).toBe(product.material);
      expect(product.specs.SERIA).toBe(product.collection);
      expect(product.specs.STYLE).toBe(product.style);
      expect(product.specs.PRICE).toBe(String(product.price));
      expect(product.specs.SIZE).toBe(`${product.width} × ${product.depth} × ${product.height} см`);
      expect(product.specs.SALE).toBe(product.priceOld === null ? '0' : '1');
      expect(product.specs.PRICE_OLD).toBe(product.priceOld === null ? undefined : String(product.priceOld));
      expect(product.specs.NEW).toBe(product.badge === 'new' ? '1' : '0');
    }
  });

  it('has whole-centimetre dimensions, popularity 0–1000 and ISO dates before the reference date', () => {
    for (const product of products) {
      for (const size of [product.width, product.depth, product.height]) {
        expect(Number.isInteger(size) && size > 0).toBe(true);
      }
      expect(product.popularity).toBeGreaterThanOrEqual(0);
      expect(product.popularity).toBeLessThanOrEqual(1000);
      expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
      expect(product.createdAt < '2026-11-16').toBe(true);
    }
  });

  it('has believable, searchable Russian names and 2–4 sentence descriptions', () => {
    const names = products.map((p) => p.name.toLowerCase()).join('\n');
    for (const word of ['диван', 'кресло', 'кровать', 'стол', 'комод', 'ковёр', 'матрас', 'люстра', 'ваза']) {
      expect(names, word).toContain(word);
    }
    for (const product of products) {
      expect(product.name).toMatch(/«[^»]+»/);
      const sentences = product.description.split(/(?<=[.!?])\s+(?=[А-ЯЁA-Z])/);
      expect(sentences.length, product.description).toBeGreaterThanOrEqual(2);
      expect(sentences.length, product.description).toBeLessThanOrEqual(4);
    }
  });

  it('spreads materials, colours, styles, collections and countries', () => {
    const distinct = (f: (p: (typeof products)[number]) => string) => new Set(products.map(f)).size;
    expect(distinct((p) => p.material)).toBeGreaterThan(30);
    expect(distinct((p) => p.colour)).toBeGreaterThan(15);
    expect(distinct((p) => p.style)).toBe(8);
    expect(distinct((p) => p.collection)).toBeGreaterThan(30);
    const countries = new Set(products.map((p) => p.country));
    for (const country of ['Россия', 'Италия', 'Беларусь', 'Китай', 'Малайзия'])
      expect(countries.has(country)).toBe(true);
  });

  it('prices sofas above mugs', () => {
    const median = (slug: string) => {
      const prices = products
        .filter((p) => p.categorySlug === slug)
        .map((p) => p.price)
        .sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)] ?? 0;
    };
    expect(median('pryamye-divany')).toBeGreaterThan(30_000);
    expect(median('chaynye-pary')).toBeLessThan(15_000);
  });

  it('gives each product 3–5 distinct image keys from the pool', () => {
    for (const product of products) {
      expect(product.imageKeys.length).toBeGreaterThanOrEqual(3);
      expect(product.imageKeys.length).toBeLessThanOrEqual(5);
      expect(new Set(product.imageKeys).size).toBe(product.imageKeys.length);
    }
  });
});

describe('editorial content', () => {
  it('has at least 12 news and 12 inspiration articles across at least 4 topics', () => {
    const news = content.news.filter((n) => n.type === 'news');
    const inspiration = content.news.filter((n) => n.type === 'inspiration');
    expect(news.length).toBeGreaterThanOrEqual(12);
    expect(inspiration.length).toBeGreaterThanOrEqual(12);
    const topics = new Set(content.inspirationTopics.map((t) => t.slug));
    expect(topics.size).toBeGreaterThanOrEqual(4);
    for (const item of inspiration) expect(topics.has(item.topicSlug ?? '')).toBe(true);
    for (const item of news) expect(item.topicSlug).toBeNull();
    for (const topic of topics)
      expect(
        inspiration.some((i) => i.topicSlug === topic),
        topic,
      ).toBe(true);
  });

  it('has unique slugs, several paragraphs each, newest first', () => {
    expect(new Set(content.news.map((n) => n.slug)).size).toBe(content.news.length);
    for (const item of content.news) {
      expect(item.paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(item.bodyHtml.startsWith('<p>') || item.bodyHtml.startsWith('<h2>')).toBe(true);
      expect(item.excerpt.length).toBeGreaterThan(20);
    }
    const dates = content.news.map((n) => n.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('has every static page of the spec with real content', () => {
    expect(content.staticPages.map((p) => p.slug).sort()).toEqual([...SPEC_STATIC_PAGES].sort());
    for (const page of content.staticPages) {
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.metaDescription.length).toBeGreaterThan(40);
      expect(page.bodyHtml.length, page.slug).toBeGreaterThan(400);
      expect(page.bodyHtml).not.toMatch(/<script|javascript:/i);
    }
  });

  it("has the spec's contact defaults on the contacts page and 152-ФЗ in the privacy policy", () => {
    const page = (slug: string) => content.staticPages.find((p) => p.slug === slug)?.bodyHtml ?? '';
    expect(page('contacts')).toContain('Санкт-Петербург, Невский пр-т 100');
    expect(page('contacts')).toContain('Пн–Вс: 10:00 – 20:00');
    expect(page('contacts')).toContain('+7 (812) 555-10-20');
    expect(page('contacts')).toContain('info@domistil.ru');
    expect(page('delivery')).toContain('30 000 ₽');
    expect(page('privacy')).toContain('152-ФЗ');
    expect(page('consent')).toContain('согласие');
  });

  it('has at least six style categories, each with products', () => {
    expect(content.styleCategories.length).toBeGreaterThanOrEqual(6);
    for (const style of content.styleCategories) {
      expect(
        content.products.some((p) => p.style === style.name),
        style.name,
      ).toBe(true);
    }
  });

  it('has the home SEO text and one per active root, and popular tags per root', () => {
    const roots = content.categories.filter((c) => c.parentSlug === null);
    const seoKeys = content.seoTexts.map((s) => s.key);
    expect(seoKeys).toContain('home');
    for (const root of roots) expect(seoKeys).toContain(root.slug);
    const tagKeys = content.popularTags.map((t) => t.key);
    for (const root of roots) expect(tagKeys).toContain(root.slug);
    for (const group of content.popularTags) {
      expect(group.tags.length).toBeGreaterThan(0);
      for (const tag of group.tags) expect(tag.href.startsWith('/')).toBe(true);
    }
  });

  it('has HOME10 at 10 %, WELCOME5, SOFA15 and an inactive code', () => {
    const codes = new Map(content.promoCodes.map((p) => [p.code, p]));
    expect(codes.get('HOME10')).toMatchObject({ discountPercent: 10, active: true });
    expect(codes.get('WELCOME5')?.active).toBe(true);
    expect(codes.get('SOFA15')?.discountPercent).toBe(15);
    expect(content.promoCodes.some((p) => !p.active)).toBe(true);
    expect(codes.size).toBe(content.promoCodes.length);
  });
});

describe('images', () => {
  it('describes every referenced image key exactly once, with valid keys', () => {
    const described = new Set(content.images.map((i) => i.key));
    expect(described.size).toBe(content.images.length);
    const referenced = [
      ...content.categories.map((c) => c.imageKey),
      ...content.products.flatMap((p) => p.imageKeys),
      ...content.news.map((n) => n.imageKey),
      ...content.styleCategories.map((s) => s.imageKey),
      ...content.homeBanners.map((b) => b.imageKey),
      ...content.homeCategoryTiles.map((t) => t.imageKey),
      ...content.homeCollageTiles.map((t) => t.imageKey),
    ];
    for (const key of referenced) expect(described.has(key), key).toBe(true);
    for (const key of described) expect(isImageKey(key), key).toBe(true);
    for (const image of content.images) expect(image.alt.length).toBeGreaterThan(2);
  });

  it('keeps the picture count bounded by the pool, not by the number of products', () => {
    const productImages = content.images.filter((i) => i.shape === 'product').length;
    expect(productImages).toBeLessThanOrEqual(8 * 30);
    expect(content.images.length).toBeLessThan(500);
  });
});
