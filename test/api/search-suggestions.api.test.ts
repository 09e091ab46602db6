import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { SearchSuggestions } from '../../api/search';
import { getJson, startTestApp, type TestApp } from './support/test-app';
import { testContent, testDrivers } from './support/test-database';

const decode = Schema.decodeUnknownSync(SearchSuggestions);
const isApiError = Schema.is(ApiError);

describe.each(testDrivers())('search suggestions on %s', (driver) => {
  let test: TestApp;
  const content = testContent();

  beforeAll(async () => {
    test = await startTestApp(driver);
  });
  afterAll(async () => {
    await test?.close();
  });

  const suggest = async (q: string) => {
    const response = await getJson(test.app, `/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(response.status, q).toBe(200);
    return decode(response.body);
  };

  it.each([
    ['дива', 'a prefix as typed', null],
    ['диван', 'the whole word', null],
    ['дивн', 'a typo', /^диван/],
    // A re-typed prefix is shown completed, as the catalogue's most frequent word starting with it.
    ['lbdf', 'a prefix in the wrong keyboard layout', /^диван/],
    ['lbdfy', 'a word in the wrong keyboard layout', /^диван$/],
    ['lbdfy rj', 'a finished word and a prefix, both re-typed', /^диван ко/],
    ['ДИВА', 'upper case', null],
  ])('suggests sofas for «%s» (%s)', async (q, _what, corrected) => {
    const result = await suggest(q);
    expect(result.query).toBe(q);
    if (corrected === null) expect(result.corrected_query).toBeNull();
    else expect(result.corrected_query).toMatch(corrected);
    expect(result.products.length).toBeGreaterThan(0);
    expect(result.products.length).toBeLessThanOrEqual(5);
    expect(result.products[0]?.name.toLowerCase()).toContain('диван');
  });

  it('gives each product its page, price and a small picture of the product', async () => {
    const result = await suggest('дива');
    for (const product of result.products) {
      const source = content.products.find((candidate) => candidate.slug === product.slug);
      expect(source, product.slug).toBeDefined();
      expect(product.url).toBe(`/product/${product.slug}`);
      expect(product.name).toBe(source?.name);
      expect(product.price).toBe(source?.price ?? null);
      expect(product.thumb_url).toMatch(/^\/media\/.+-320\./);
    }
  });

  it('suggests active categories whose name starts with the typed word, at most three', async () => {
    const sofaCategories = content.categories.filter(
      (category) => category.active && /(^|\s)диван/i.test(category.name),
    );
    expect(sofaCategories.length).toBeGreaterThan(0);
    const result = await suggest('дива');
    expect(result.categories.length).toBeGreaterThan(0);
    expect(result.categories.length).toBeLessThanOrEqual(3);
    for (const category of result.categories) {
      const source = content.categories.find((candidate) => candidate.id === category.id);
      expect(source?.active, category.slug).toBe(true);
      expect(category.name.toLowerCase()).toMatch(/(^|\s)диван/);
      expect(category.url).toMatch(new RegExp(`^/category/(.+/)?${category.slug}$`));
    }
  });

  it('narrows with a finished word before the one being typed', async () => {
    const sample = content.products.find((product) => /^диван/i.test(product.name));
    const colour = sample?.colour.toLowerCase().split(/\s+/)[0] ?? '';
    expect(colour.length).toBeGreaterThan(2);
    const result = await suggest(`диван ${colour.slice(0, 3)}`);
    expect(result.products.length).toBeGreaterThan(0);
  });

  it('answers an empty list for one letter and for words the catalogue does not know', async () => {
    for (const q of ['д', 'x', 'zzzzqqqq', '😀', '😀😀😀', '!!!', '—']) {
      const result = await suggest(q);
      expect(result.products, q).toEqual([]);
      expect(result.categories, q).toEqual([]);
    }
  });

  it('suggests the product whose article is being typed (issue 25, item 6), never «correcting» it', async () => {
    const product = content.products[122];
    const sku = product?.sku ?? '';
    expect(sku).toMatch(/^DS-\d{6}$/);
    for (const typed of [sku, sku.toLowerCase(), sku.replace('-', ''), sku.slice(3)]) {
      const result = await suggest(typed);
      expect(result.corrected_query, typed).toBeNull();
      expect(result.products[0]?.slug, typed).toBe(product?.slug);
    }
  });

  it('treats SQL and tsquery syntax as text, never failing', async () => {
    for (const q of [
      "'; DROP TABLE products; --",
      'дива & | ! ( ) :*',
      "a' OR '1'='1",
      '%_\\',
      'дива%',
      "дива'",
      '\\x00 ъъъ',
      'диван 😀',
    ]) {
      const response = await getJson(test.app, `/api/search/suggestions?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      decode(response.body);
    }
    expect((await suggest('дива')).products.length).toBeGreaterThan(0);
  });

  it('rejects an empty, blank, missing, oversized or control-character query with 400', async () => {
    for (const url of [
      '/api/search/suggestions',
      '/api/search/suggestions?q=',
      '/api/search/suggestions?q=%20%20',
      `/api/search/suggestions?q=${'д'.repeat(500)}`,
      `/api/search/suggestions?q=${'a'.repeat(201)}`,
      '/api/search/suggestions?q=%00',
      '/api/search/suggestions?q=a&q=b',
    ]) {
      const response = await getJson(test.app, url);
      expect(response.status, url).toBe(400);
      expect(isApiError(response.body), url).toBe(true);
    }
  });
});

describe('search suggestions through the read cache', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp('pglite', { cacheEntries: 100 });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers a repeated query from the cache with the same answer, each spelling its own', async () => {
    const get = async (q: string) =>
      decode((await getJson(test.app, `/api/search/suggestions?q=${encodeURIComponent(q)}`)).body);
    const first = await get('дива');
    expect(await get('дива')).toEqual(first);
    const upper = await get('ДИВА');
    expect(upper.query).toBe('ДИВА');
    expect(upper.products).toEqual(first.products);
  });
});
