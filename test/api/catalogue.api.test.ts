import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Category } from '../../api/categories';
import { ApiError } from '../../api/errors';
import { ProductDetail, ProductList, ProductSummary } from '../../api/products';
import { getJson, startTestApp, type TestApp } from './support/test-app';
import { testContent, testDrivers } from './support/test-database';

const isApiError = Schema.is(ApiError);
const decodeList = Schema.decodeUnknownSync(ProductList);
const decodeDetail = Schema.decodeUnknownSync(ProductDetail);
const decodeSummaries = Schema.decodeUnknownSync(Schema.Array(ProductSummary));
const decodeCategories = Schema.decodeUnknownSync(Schema.Array(Category));

describe.each(testDrivers())('catalogue calls on %s', (driver) => {
  let test: TestApp;
  const content = testContent();
  const first = content.products[0];
  if (!first) throw new Error('the test catalogue has no products');

  beforeAll(async () => {
    test = await startTestApp(driver);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('lists products newest first with total and facets', async () => {
    const { status, body } = await getJson(test.app, '/api/products?sort=new&limit=12');
    expect(status).toBe(200);
    const list = decodeList(body);
    expect(list.items).toHaveLength(12);
    expect(list.total).toBe(content.products.length);
    const dates = list.items.map((item) => content.products.find((p) => p.id === item.id)?.createdAt ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    const materialCount = list.facets.material.reduce((sum, facet) => sum + facet.count, 0);
    expect(materialCount).toBeGreaterThan(0);
    expect(list.facets.price.min).toBeLessThanOrEqual(list.facets.price.max ?? 0);
  });

  it('sorts by price both ways and by popularity', async () => {
    const asc = decodeList((await getJson(test.app, '/api/products?sort=price_asc&limit=30')).body);
    const prices = asc.items.map((item) => item.price ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = decodeList((await getJson(test.app, '/api/products?sort=price_desc&limit=30')).body);
    const descPrices = desc.items.map((item) => item.price ?? 0);
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
    const popular = decodeList((await getJson(test.app, '/api/products?sort=popular&limit=30')).body);
    const popularity = popular.items.map(
      (item) => content.products.find((p) => p.id === item.id)?.popularity ?? -1,
    );
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it('returns a full random page of distinct products', async () => {
    const list = decodeList((await getJson(test.app, '/api/products?sort=random&limit=12')).body);
    expect(list.items).toHaveLength(12);
    expect(new Set(list.items.map((item) => item.id)).size).toBe(12);
  });

  it('pages with limit and offset without overlap', async () => {
    const page1 = decodeList(
      (await getJson(test.app, '/api/products?sort=price_asc&limit=10&offset=0')).body,
    );
    const page2 = decodeList(
      (await getJson(test.app, '/api/products?sort=price_asc&limit=10&offset=10')).body,
    );
    const ids1 = new Set(page1.items.map((item) => item.id));
    expect(page2.items.some((item) => ids1.has(item.id))).toBe(false);
  });

  it('filters by a category including its descendants', async () => {
    const root = content.categories.find((category) => category.slug === 'mebel');
    expect(root).toBeDefined();
    const inTree = new Set<string>(['mebel']);
    for (const category of content.categories) {
      if (category.path.split('/').includes('mebel')) inTree.add(category.slug);
    }
    const expected = content.products.filter(
      (product) =>
        inTree.has(product.categorySlug) || product.extraCategorySlugs.some((slug) => inTree.has(slug)),
    );
    const list = decodeList((await getJson(test.app, '/api/products?category=mebel&limit=100')).body);
    expect(list.total).toBe(expected.length);
    const expectedIds = new Set(expected.map((product) => product.id));
    expect(list.items.every((item) => expectedIds.has(item.id))).toBe(true);
  });

  it('filters by price and size ranges, material, colour, style and badge', async () => {
    const sample = content.products.find((product) => product.badge !== null) ?? first;
    const query = new URLSearchParams({
      price_min: String(sample.price),
      price_max: String(sample.price),
      width_min: String(sample.width),
      width_max: String(sample.width),
      material: sample.material,
      color: sample.colour,
      style: sample.style,
      limit: '100',
    });
    if (sample.badge) query.append('badge', sample.badge);
    const list = decodeList((await getJson(test.app, `/api/products?${query}`)).body);
    expect(list.items.map((item) => item.id)).toContain(sample.id);
    for (const item of list.items) {
      const product = content.products.find((p) => p.id === item.id);
      expect(product?.material).toBe(sample.material);
      expect(product?.colour).toBe(sample.colour);
      expect(item.price).toBe(sample.price);
    }
  });

  it('accepts a repeated filter parameter as a list', async () => {
    const materials = [...new Set(content.products.map((product) => product.material))].slice(0, 2);
    const query = materials.map((material) => `material=${encodeURIComponent(material)}`).join('&');
    const list = decodeList((await getJson(test.app, `/api/products?${query}&limit=100`)).body);
    const expected = content.products.filter((product) => materials.includes(product.material)).length;
    expect(list.total).toBe(expected);
  });

  it('keeps the category filter panel while filters narrow the list', async () => {
    const all = decodeList((await getJson(test.app, '/api/products?category=mebel&limit=1')).body);
    const material = all.facets.material[0];
    expect(material).toBeDefined();
    const narrowed = decodeList(
      (
        await getJson(
          test.app,
          `/api/products?category=mebel&limit=1&material=${encodeURIComponent(material?.value ?? '')}`,
        )
      ).body,
    );
    expect(narrowed.total).toBe(material?.count);
    expect(narrowed.facets).toEqual(all.facets);
    const styleTotal = all.facets.style.reduce((sum, facet) => sum + facet.count, 0);
    expect(styleTotal).toBeLessThanOrEqual(all.total);
  });

  it('answers 404 for an unknown category and 400 for bad filters', async () => {
    const unknown = await getJson(test.app, '/api/products?category=net-takoy-kategorii');
    expect(unknown.status).toBe(404);
    expect(isApiError(unknown.body)).toBe(true);
    for (const url of [
      '/api/products?limit=100000',
      '/api/products?limit=-1',
      '/api/products?limit=abc',
      '/api/products?offset=1e9',
      '/api/products?sort=cheapest',
      '/api/products?price_min=NaN',
      '/api/products?badge=hot',
      "/api/products?category=mebel'%20OR%201=1--",
    ]) {
      const response = await getJson(test.app, url);
      expect(response.status, url).toBe(400);
      expect(isApiError(response.body), url).toBe(true);
    }
  });

  it('treats SQL-looking filter values as plain text', async () => {
    const response = await getJson(
      test.app,
      `/api/products?material=${encodeURIComponent("x'); DROP TABLE products;--")}`,
    );
    expect(response.status).toBe(200);
    expect(decodeList(response.body).total).toBe(0);
    const after = decodeList((await getJson(test.app, '/api/products?limit=1')).body);
    expect(after.total).toBe(content.products.length);
  });

  it('reads one product by id and by slug with images and visible specs only', async () => {
    const byId = decodeDetail((await getJson(test.app, `/api/products/${first.id}`)).body);
    const bySlug = decodeDetail((await getJson(test.app, `/api/products/slug/${first.slug}`)).body);
    expect(byId).toEqual(bySlug);
    expect(byId.name).toBe(first.name);
    expect(byId.images).toHaveLength(first.imageKeys.length);
    expect(byId.tovar_pic1_url_site).toBe(byId.images[0]?.url);
    expect(Object.keys(byId.specs)).not.toContain('PRICE_DILER');
    expect(Object.keys(byId.specs)).not.toContain('RAZDEL');
    expect(byId.specs.MATERIAL).toBe(first.material);
  });

  it('reads product images in order', async () => {
    const { status, body } = await getJson(test.app, `/api/products/${first.id}/images`);
    expect(status).toBe(200);
    expect((body as { url: string }[]).map((image) => image.url)).toEqual(
      first.imageKeys.map((key) => `/media/${key}-640.webp`),
    );
  });

  it('answers 404 for unknown products and 400 for malformed ids and slugs', async () => {
    for (const url of [
      '/api/products/999999',
      '/api/products/slug/net-takogo-tovara',
      '/api/products/999999/images',
    ]) {
      const response = await getJson(test.app, url);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Товар не найден.' });
    }
    for (const url of [
      '/api/products/abc',
      '/api/products/0',
      '/api/products/1.5',
      '/api/products/99999999999999',
      '/api/products/slug/%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD',
      '/api/products/slug/a%27%20or%201%3D1',
    ]) {
      const response = await getJson(test.app, url);
      expect(response.status, url).toBe(400);
      expect(isApiError(response.body), url).toBe(true);
    }
  });

  it('returns products by ids in the given order, skipping unknown ones', async () => {
    const ids = [content.products[5]?.id, 999_999, content.products[2]?.id, content.products[5]?.id];
    const { status, body } = await getJson(test.app, `/api/products/by-ids?ids=${ids.join(',')}`);
    expect(status).toBe(200);
    expect(decodeSummaries(body).map((item) => item.id)).toEqual([
      content.products[5]?.id,
      content.products[2]?.id,
    ]);
    const repeated = await getJson(test.app, `/api/products/by-ids?ids=${ids[2]}&ids=${ids[0]}`);
    expect(decodeSummaries(repeated.body).map((item) => item.id)).toEqual([ids[2], ids[0]]);
    expect((await getJson(test.app, '/api/products/by-ids?ids=1,x')).status).toBe(400);
    expect((await getJson(test.app, '/api/products/by-ids')).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1).join(',');
    expect((await getJson(test.app, `/api/products/by-ids?ids=${tooMany}`)).status).toBe(400);
  });

  it('lists active categories with parent ids and refs', async () => {
    const { status, body } = await getJson(test.app, '/api/categories');
    expect(status).toBe(200);
    const categories = decodeCategories(body);
    const active = content.categories.filter((category) => category.active);
    expect(categories).toHaveLength(active.length);
    expect(categories.every((category) => category.active)).toBe(true);
    const withRefs = content.categories.find((category) => category.active && category.refs.length > 0);
    if (withRefs) {
      const listed = categories.find((category) => category.slug === withRefs.slug);
      expect(listed?.refs.length).toBeGreaterThan(0);
    }
    const child = categories.find((category) => category.parent_id !== null);
    expect(categories.some((category) => category.id === child?.parent_id)).toBe(true);
  });

  it('reads one category by id; unknown or inactive is 404, malformed is 400', async () => {
    const category = content.categories.find((candidate) => candidate.active);
    const ok = await getJson(test.app, `/api/categories/${category?.id}`);
    expect(ok.status).toBe(200);
    expect((ok.body as { slug: string }).slug).toBe(category?.slug);
    expect((await getJson(test.app, '/api/categories/999999')).status).toBe(404);
    const inactive = content.categories.find((candidate) => !candidate.active);
    if (inactive) expect((await getJson(test.app, `/api/categories/${inactive.id}`)).status).toBe(404);
    expect((await getJson(test.app, '/api/categories/abc')).status).toBe(400);
  });

  it('recommends by collection (4) and by style (12) without the excluded product', async () => {
    const collection = await getJson(
      test.app,
      `/api/recommendations/collection?collection=${encodeURIComponent(first.collection)}&exclude_slug=${first.slug}`,
    );
    expect(collection.status).toBe(200);
    const sameCollection = decodeSummaries(collection.body);
    expect(sameCollection.length).toBeLessThanOrEqual(4);
    expect(sameCollection.some((item) => item.slug === first.slug)).toBe(false);
    for (const item of sameCollection) {
      expect(content.products.find((p) => p.id === item.id)?.collection).toBe(first.collection);
    }
    const style = decodeSummaries(
      (await getJson(test.app, `/api/recommendations/style?style=${encodeURIComponent(first.style)}`)).body,
    );
    const expectedStyle = content.products.filter((product) => product.style === first.style).length;
    expect(style).toHaveLength(Math.min(12, expectedStyle));
    expect((await getJson(test.app, '/api/recommendations/style')).status).toBe(400);
    expect((await getJson(test.app, '/api/recommendations/collection?collection=x&limit=500')).status).toBe(
      400,
    );
  });
});
