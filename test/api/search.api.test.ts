import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { SearchResult } from '../../api/search';
import { getJson, startTestApp, type TestApp } from './support/test-app';
import { testContent, testDrivers } from './support/test-database';

const decode = Schema.decodeUnknownSync(SearchResult);
const isApiError = Schema.is(ApiError);

describe.each(testDrivers())('search on %s', (driver) => {
  let test: TestApp;
  const content = testContent();
  const sofas = content.products.filter((product) => /диван/i.test(product.name));

  beforeAll(async () => {
    test = await startTestApp(driver);
  });
  afterAll(async () => {
    await test?.close();
  });

  const search = async (q: string, extra = '') => {
    const response = await getJson(test.app, `/api/search?q=${encodeURIComponent(q)}${extra}`);
    expect(response.status, q).toBe(200);
    return decode(response.body);
  };

  it('the test catalogue has sofas to find', () => {
    expect(sofas.length).toBeGreaterThan(0);
  });

  it.each([
    ['диван', 'exact word'],
    ['диваны', 'plural (morphology)'],
    ['дивн', 'typo: missing letter'],
    ['lbdfy', 'wrong keyboard layout'],
    ['divan', 'Latin transliteration'],
    ['ДИВАН', 'upper case'],
  ])('finds sofas for «%s» (%s), sofas first', async (q) => {
    const result = await search(q);
    expect(result.total).toBeGreaterThan(0);
    expect(result.items[0]?.name.toLowerCase()).toContain('диван');
  });

  it('corrects typos in other words too (кресо → кресло/кресла)', async () => {
    const result = await search('кресо');
    expect(result.corrected_query).toMatch(/^кресл/);
    expect(result.items.length).toBeGreaterThan(0);
    // Armchairs come first; products of the «Кресла…» category (poufs) may follow through the category name.
    expect(result.items[0]?.name).toMatch(/кресл/i);
  });

  it('matches material and colour, and narrows with several words', async () => {
    const sample = content.products.find((product) => /диван/i.test(product.name)) ?? content.products[0];
    const colourWord = sample?.colour.toLowerCase().split(/\s+/)[0] ?? '';
    const byColour = await search(colourWord);
    expect(byColour.total).toBeGreaterThan(0);
    const narrowed = await search(`диван ${colourWord}`);
    expect(narrowed.total).toBeLessThanOrEqual(byColour.total);
    expect(narrowed.items.some((item) => item.id === sample?.id)).toBe(true);
  });

  it('pages results with page and limit', async () => {
    const all = await search('диван', '&limit=100');
    const page2 = await search('диван', '&page=2&limit=2');
    expect(page2.page).toBe(2);
    expect(page2.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));
    expect(page2.total).toBe(all.total);
  });

  it('uses the spec defaults page 1 and limit 50', async () => {
    const result = await search('стол');
    expect(result.page).toBe(1);
    expect(result.limit).toBe(50);
  });

  it('answers an empty result, not an error, for words the catalogue does not know', async () => {
    const result = await search('zzzzqqqq');
    expect(result.total).toBe(0);
    expect(result.items).toEqual([]);
  });

  it('treats SQL and tsquery syntax as text', async () => {
    for (const q of ["'; DROP TABLE products; --", 'диван & | ! ( ) :*', "a' OR '1'='1", '\\x00 ъъъ']) {
      const response = await getJson(test.app, `/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect((await search('диван')).total).toBeGreaterThan(0);
  });

  it('rejects an empty, blank, missing or oversized query and bad paging with 400', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20',
      `/api/search?q=${'д'.repeat(201)}`,
      '/api/search?q=x&page=0',
      '/api/search?q=x&limit=101',
      '/api/search?q=x&limit=abc',
    ]) {
      const response = await getJson(test.app, url);
      expect(response.status, url).toBe(400);
      expect(isApiError(response.body), url).toBe(true);
    }
  });
});
