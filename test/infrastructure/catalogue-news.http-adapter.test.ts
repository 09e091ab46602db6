import { describe, expect, it } from 'vitest';
import type { ClockPort } from '../../src/application/ports/clock.port';
import { isPortFailure, type PortFailure } from '../../src/application/ports/port-failure';
import { HttpApiClient } from '../../src/infrastructure/http/api-client';
import { CatalogueHttpAdapter } from '../../src/infrastructure/http/catalogue.http-adapter';
import { NewsHttpAdapter } from '../../src/infrastructure/http/news.http-adapter';
import { PagesHttpAdapter } from '../../src/infrastructure/http/pages.http-adapter';
import { type FetchHandler, fakeFetch, html, json, TEST_BASE_URL } from './fake-fetch';

class FakeClock implements ClockPort {
  time = 1_700_000_000_000;
  now(): number {
    return this.time;
  }
}

function setup(handler: FetchHandler) {
  const server = fakeFetch(handler);
  const api = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });
  return { server, api };
}

async function failureOf(promise: Promise<unknown>): Promise<PortFailure> {
  try {
    await promise;
  } catch (error) {
    if (isPortFailure(error)) return error;
    throw new Error(`expected a PortFailure, got ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

const product = {
  id: 1,
  slug: 'divan',
  name: 'Диван',
  tovar_pic1_url_site: null,
  price: 50000,
  price_old: 60000,
  badge: 'new',
  width: 200,
  depth: 90,
  height: 80,
  specs: { MATERIAL: 'Велюр' },
};
const facets = {
  material: [],
  color: [],
  style: [],
  badge: [],
  price: { min: null, max: null },
  width: { min: null, max: null },
  depth: { min: null, max: null },
  height: { min: null, max: null },
};
const newsPage = { items: [], total: 0, limit: 10, offset: 0 };
const article = {
  id: 3,
  slug: 'leto',
  type: 'news',
  topic_slug: null,
  title: 'Лето',
  excerpt: 'Коротко',
  image: null,
  published_at: '2026-06-01T00:00:00Z',
  body_html: '<p>Текст</p>',
};

describe('NewsHttpAdapter cache', () => {
  it('answers the same key from the cache for 60 s, then asks again', async () => {
    const clock = new FakeClock();
    const { api, server } = setup(() => json(newsPage));
    const news = new NewsHttpAdapter(api, clock);

    await news.list();
    await news.list({ limit: 10, offset: 0 });
    clock.time += 59_999;
    await news.list();
    expect(server.requests).toHaveLength(1);

    clock.time += 1;
    await news.list();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.url).toBe('http://shop.test/api/news?limit=10&offset=0');
  });

  it('keys by the query, lower-cases the type, and forced calls bypass the cache', async () => {
    const clock = new FakeClock();
    const { api, server } = setup(() => json(newsPage));
    const news = new NewsHttpAdapter(api, clock);

    await news.list({ type: 'Inspiration' });
    await news.list({ type: 'inspiration' });
    await news.list({ type: 'news', limit: 4 });
    await news.list({ type: 'inspiration' }, { force: true });

    expect(server.requests.map((request) => request.url)).toEqual([
      'http://shop.test/api/news?limit=10&offset=0&type=inspiration',
      'http://shop.test/api/news?limit=4&offset=0&type=news',
      'http://shop.test/api/news?limit=10&offset=0&type=inspiration',
    ]);
  });

  it('caches a news item by slug for 60 s', async () => {
    const clock = new FakeClock();
    const { api, server } = setup(() => json(article));
    const news = new NewsHttpAdapter(api, clock);

    expect(await news.bySlug('leto')).toEqual(article);
    clock.time += 30_000;
    await news.bySlug('leto');
    expect(server.requests).toHaveLength(1);
    clock.time += 30_000;
    await news.bySlug('leto');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.url).toBe('http://shop.test/api/news/leto');
  });

  it('never caches a failure', async () => {
    const clock = new FakeClock();
    let calls = 0;
    const { api } = setup(() => {
      calls += 1;
      return calls === 1 ? json({ error: 'internal_error', message: 'Ошибка' }, 500) : json(newsPage);
    });
    const news = new NewsHttpAdapter(api, clock);

    expect((await failureOf(news.list())).kind).toBe('bad-response');
    expect(await news.list()).toEqual(newsPage);
    expect(calls).toBe(2);
  });

  it.each(['', '   '])(
    "rejects the slug %j with 'Slug is required for getNewsBySlug' and no call",
    async (slug) => {
      const { api, server } = setup(() => json(article));
      const error = await failureOf(new NewsHttpAdapter(api, new FakeClock()).bySlug(slug));
      expect(error.message).toBe('Slug is required for getNewsBySlug');
      expect(error.kind).toBe('precondition');
      expect(server.requests).toHaveLength(0);
    },
  );

  it('rejects a hostile article', async () => {
    const { api } = setup(() => json({ ...article, type: 'advert' }));
    expect((await failureOf(new NewsHttpAdapter(api, new FakeClock()).bySlug('leto'))).kind).toBe(
      'bad-response',
    );
  });
});

describe('CatalogueHttpAdapter', () => {
  it('drops empty and null filters and repeats list values', async () => {
    const { api, server } = setup(() => json({ items: [product], total: 1, limit: 12, offset: 0, facets }));
    const page = await new CatalogueHttpAdapter(api).listProducts({
      sort: 'new',
      limit: 12,
      category: '',
      price_min: null,
      material: ['Дуб', 'Бук'],
      color: [],
    });
    expect(page.items).toEqual([product]);
    expect(server.requests[0]?.url).toBe(
      `http://shop.test/api/products?limit=12&material=${encodeURIComponent('Дуб')}&material=${encodeURIComponent('Бук')}&sort=new`,
    );
  });

  it('asks for products by ids in one call, and not at all for none', async () => {
    const { api, server } = setup(() => json([product]));
    const catalogue = new CatalogueHttpAdapter(api);
    expect(await catalogue.productsByIds([])).toEqual([]);
    expect(await catalogue.productsByIds([1, 0, 2])).toEqual([product]);
    expect(server.requests.map((request) => request.url)).toEqual([
      'http://shop.test/api/products/by-ids?ids=1%2C2',
    ]);
  });

  it('uses the recommendation limits of the spec', async () => {
    const { api, server } = setup(() => json([]));
    const catalogue = new CatalogueHttpAdapter(api);
    await catalogue.recommendationsByCollection({ collection: 'Осло', excludeSlug: 'divan' });
    await catalogue.recommendationsByStyle({ style: 'Лофт', excludeSlug: null });
    expect(server.requests.map((request) => new URL(request.url).search)).toEqual([
      `?collection=${encodeURIComponent('Осло')}&exclude_slug=divan&limit=4`,
      `?limit=12&style=${encodeURIComponent('Лофт')}`,
    ]);
  });

  it('searches with page 1 and limit 50 by default', async () => {
    const { api, server } = setup(() =>
      json({ query: 'диван', corrected_query: null, items: [product], total: 1, page: 1, limit: 50 }),
    );
    const result = await new CatalogueHttpAdapter(api).search({ q: '  диван ' });
    expect(result.items).toEqual([product]);
    expect(server.requests[0]?.url).toBe(
      `http://shop.test/api/search?limit=50&page=1&q=${encodeURIComponent('диван')}`,
    );
  });

  it.each([
    ['a 500', () => json({ error: 'internal_error', message: 'Ошибка' }, 500)],
    ['HTML', () => html('<html>down</html>', 200)],
    ['a network failure', () => Promise.reject(new TypeError('offline'))],
    ['a foreign shape', () => json({ results: [] })],
  ])("raises 'Search failed' on %s", async (_label, handler) => {
    const { api } = setup(handler);
    const error = await failureOf(new CatalogueHttpAdapter(api).search({ q: 'стол' }));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Search failed');
  });

  it('reads categories, popular tags and an SEO text', async () => {
    const category = {
      id: 1,
      name: 'Мебель',
      slug: 'mebel',
      active: true,
      parent_id: null,
      refs: [],
      path: 'mebel',
      level: 0,
      sort_order: 1,
      image: null,
      description: '',
    };
    const { api } = setup((request) => {
      if (request.url.endsWith('/api/categories')) return json([category]);
      if (request.url.includes('/api/popular-tags/'))
        return json({ key: 'home', tags: [{ label: 'Диваны', href: '/x' }] });
      return json({ key: 'home', title: 'Дом', html: '<p>Уют</p>', meta_title: '', meta_description: '' });
    });
    const catalogue = new CatalogueHttpAdapter(api);
    expect(await catalogue.listCategories()).toEqual([category]);
    expect(await catalogue.popularTags('home')).toEqual([{ label: 'Диваны', href: '/x' }]);
    expect((await catalogue.seoText('home')).title).toBe('Дом');
  });

  it('refuses a slug the contract would reject, without a call', async () => {
    const { api, server } = setup(() => json(product));
    expect((await failureOf(new CatalogueHttpAdapter(api).productBySlug('../admin'))).kind).toBe(
      'precondition',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('PagesHttpAdapter', () => {
  it('reads a static page and reports an unknown one as bad-request 404', async () => {
    const page = {
      id: 1,
      slug: 'delivery',
      title: 'Доставка',
      meta_description: 'Как мы доставляем',
      body_html: '<p>Курьером</p>',
      updated_at: '2026-01-01',
    };
    const { api } = setup((request) =>
      request.url.endsWith('/delivery')
        ? json(page)
        : json({ error: 'not_found', message: 'Не найдено.' }, 404),
    );
    const pages = new PagesHttpAdapter(api);
    expect(await pages.bySlug('delivery')).toEqual(page);
    expect(await failureOf(pages.bySlug('nope'))).toMatchObject({ kind: 'bad-request', status: 404 });
  });
});
