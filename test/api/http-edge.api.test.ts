import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { getJson, startTestApp, type TestApp } from './support/test-app';

const isApiError = Schema.is(ApiError);

describe('HTTP edge: errors, OpenAPI, caching', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp('pglite', { cacheEntries: 100 });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api', '/api/products/1/unknown', '/media/none.webp']) {
      const response = await getJson(test.app, url);
      expect(response.status, url).toBe(404);
      expect(isApiError(response.body), url).toBe(true);
    }
  });

  it('answers a wrong method with a JSON 404 and malformed JSON with a JSON 400', async () => {
    const wrongMethod = await test.app.inject({ method: 'DELETE', url: '/api/products' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(isApiError(wrongMethod.json())).toBe(true);
    const malformed = await test.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    expect(isApiError(malformed.json())).toBe(true);
  });

  it('never leaks a stack trace', async () => {
    const response = await getJson(test.app, '/api/products?limit=%FF%FE');
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toMatch(/at .+\.ts|Error:/);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const { status, body } = await getJson(test.app, '/api/openapi.json');
    expect(status).toBe(200);
    const document = body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/api/products',
      '/api/products/{id}',
      '/api/products/slug/{slug}',
      '/api/products/{id}/images',
      '/api/products/by-ids',
      '/api/categories',
      '/api/categories/{id}',
      '/api/style-categories',
      '/api/style-categories/{slug}',
      '/api/seo/{key}',
      '/api/popular-tags/{key}',
      '/api/recommendations/collection',
      '/api/recommendations/style',
      '/api/news',
      '/api/news/{slug}',
      '/api/pages/{slug}',
      '/api/search',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
  });

  it('serves cached reads identical to the first answer', async () => {
    const first = await getJson(test.app, '/api/products?category=mebel&limit=24&sort=price_asc');
    const second = await getJson(test.app, '/api/products?category=mebel&limit=24&sort=price_asc');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
  });
});
