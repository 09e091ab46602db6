import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { NewsItem, NewsList } from '../../api/news';
import { StaticPage } from '../../api/pages';
import { PopularTags } from '../../api/popular-tags';
import { SeoText } from '../../api/seo';
import { StyleCategory } from '../../api/style-categories';
import { getJson, startTestApp, type TestApp } from './support/test-app';
import { testContent, testDrivers } from './support/test-database';

const isApiError = Schema.is(ApiError);

describe.each(testDrivers())('content calls on %s', (driver) => {
  let test: TestApp;
  const content = testContent();

  beforeAll(async () => {
    test = await startTestApp(driver);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('lists style categories in order and reads one by slug', async () => {
    const list = Schema.decodeUnknownSync(Schema.Array(StyleCategory))(
      (await getJson(test.app, '/api/style-categories')).body,
    );
    expect(list.map((style) => style.slug)).toEqual(
      [...content.styleCategories].sort((a, b) => a.sortOrder - b.sortOrder).map((style) => style.slug),
    );
    const firstStyle = list[0];
    const one = await getJson(test.app, `/api/style-categories/${firstStyle?.slug}`);
    expect(one.status).toBe(200);
    expect(Schema.decodeUnknownSync(StyleCategory)(one.body)).toEqual(firstStyle);
    expect(firstStyle?.product_count).toBe(
      content.products.filter((p) => p.style === firstStyle?.name).length,
    );
    expect((await getJson(test.app, '/api/style-categories/net-takogo')).status).toBe(404);
    expect((await getJson(test.app, '/api/style-categories/NOT%20A%20SLUG')).status).toBe(400);
  });

  it('reads SEO texts by key; a key with no text answers an empty one, not 404 (issue 25)', async () => {
    const seo = content.seoTexts[0];
    const response = await getJson(test.app, `/api/seo/${seo?.key}`);
    expect(response.status).toBe(200);
    expect(Schema.decodeUnknownSync(SeoText)(response.body)).toEqual({
      key: seo?.key,
      title: seo?.title,
      html: seo?.html,
      meta_title: '',
      meta_description: '',
    });
    const missing = await getJson(test.app, '/api/seo/net-takogo-klyucha');
    expect(missing.status).toBe(200);
    expect(Schema.decodeUnknownSync(SeoText)(missing.body)).toEqual({
      key: 'net-takogo-klyucha',
      title: '',
      html: '',
      meta_title: '',
      meta_description: '',
    });
  });

  it('reads popular tags by key; an unknown key is an empty list', async () => {
    const tags = content.popularTags[0];
    const response = await getJson(test.app, `/api/popular-tags/${tags?.key}`);
    expect(Schema.decodeUnknownSync(PopularTags)(response.body)).toEqual({
      key: tags?.key,
      tags: tags?.tags,
    });
    expect((await getJson(test.app, '/api/popular-tags/nichego')).body).toEqual({ key: 'nichego', tags: [] });
    expect((await getJson(test.app, '/api/popular-tags/%3Cscript%3E')).status).toBe(400);
  });

  it('lists news with defaults (limit 10, offset 0) newest first', async () => {
    const list = Schema.decodeUnknownSync(NewsList)((await getJson(test.app, '/api/news')).body);
    expect(list.limit).toBe(10);
    expect(list.offset).toBe(0);
    expect(list.total).toBe(content.news.length);
    const dates = list.items.map((item) => item.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters news by a type in any case and pages with offset', async () => {
    const inspiration = Schema.decodeUnknownSync(NewsList)(
      (await getJson(test.app, '/api/news?type=INSPIRATION&limit=50')).body,
    );
    expect(inspiration.total).toBe(content.news.filter((item) => item.type === 'inspiration').length);
    expect(inspiration.items.every((item) => item.type === 'inspiration')).toBe(true);
    const second = Schema.decodeUnknownSync(NewsList)(
      (await getJson(test.app, '/api/news?limit=2&offset=2')).body,
    );
    const all = Schema.decodeUnknownSync(NewsList)((await getJson(test.app, '/api/news?limit=4')).body);
    expect(second.items.map((item) => item.slug)).toEqual(all.items.slice(2, 4).map((item) => item.slug));
    for (const url of [
      '/api/news?type=ads',
      '/api/news?limit=0',
      '/api/news?limit=1000',
      '/api/news?offset=-5',
    ]) {
      const response = await getJson(test.app, url);
      expect(response.status, url).toBe(400);
      expect(isApiError(response.body), url).toBe(true);
    }
  });

  it('reads a news item by slug with its body; unknown is 404', async () => {
    const item = content.news[0];
    const response = await getJson(test.app, `/api/news/${item?.slug}`);
    expect(response.status).toBe(200);
    const decoded = Schema.decodeUnknownSync(NewsItem)(response.body);
    expect(decoded.title).toBe(item?.title);
    expect(decoded.body_html).toBe(item?.bodyHtml);
    expect((await getJson(test.app, '/api/news/net-takoy-novosti')).status).toBe(404);
  });

  it('serves every static page of the spec; unknown is 404', async () => {
    for (const slug of [
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
    ]) {
      const response = await getJson(test.app, `/api/pages/${slug}`);
      expect(response.status, slug).toBe(200);
      const page = Schema.decodeUnknownSync(StaticPage)(response.body);
      expect(page.body_html.length, slug).toBeGreaterThan(100);
    }
    const missing = await getJson(test.app, '/api/pages/net-takoy');
    expect(missing).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: 'Страница не найдена.' },
    });
  });
});
