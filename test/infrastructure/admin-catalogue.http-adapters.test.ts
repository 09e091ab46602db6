import { describe, expect, it } from 'vitest';
import { isPortFailure } from '../../src/application/ports/port-failure';
import { AdminCategoriesHttpAdapter } from '../../src/infrastructure/http/admin-categories.http-adapter';
import { AdminProductsHttpAdapter } from '../../src/infrastructure/http/admin-products.http-adapter';
import { AdminPromoHttpAdapter } from '../../src/infrastructure/http/admin-promo.http-adapter';
import { HttpApiClient } from '../../src/infrastructure/http/api-client';
import { type FetchHandler, fakeFetch, json, TEST_BASE_URL } from './fake-fetch';

function setup(handler: FetchHandler) {
  const server = fakeFetch(handler);
  return { server, api: new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch }) };
}

const image = {
  key: 'upload/p12-ab',
  url: '/media/a.webp',
  alt: 'Диван',
  position: 0,
  sources: [],
  avif_sources: [],
};
const product = {
  id: 12,
  sku: 'DS-000012',
  slug: 'divan-oslo',
  name: 'Диван «Осло»',
  description: '<p>Мягкий</p>',
  price: 54990,
  price_old: null,
  badge: null,
  category_id: 5,
  category_name: 'Диваны',
  category_active: true,
  width: 200,
  depth: 90,
  height: 80,
  collection: '',
  style: '',
  material: '',
  colour: '',
  brand: '',
  country: '',
  specs: { COLOR: 'Серый' },
  raw_fields: { PRICE_EUR: '500' },
  seo_title: '',
  seo_description: '',
  stock: 3,
  backorder_allowed: false,
  availability_source: 'warehouse',
  availability_min_days: null,
  availability_max_days: null,
  hidden: false,
  deleted_at: null,
  images: [{ ...image, key: 'b', position: 1 }, image],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
  version: 7,
};

describe('AdminProductsHttpAdapter', () => {
  it('loads a product as a draft with its version, pictures in order, hidden raw fields left out', async () => {
    const { api } = setup(() => json(product));
    const loaded = await new AdminProductsHttpAdapter(api, TEST_BASE_URL).load(12);
    expect(loaded.version).toBe('7');
    expect(loaded.meta.images.map((picture) => picture.key)).toEqual(['upload/p12-ab', 'b']);
    expect(loaded.draft).not.toHaveProperty('raw_fields');
    expect(loaded.draft.specs).toEqual({ COLOR: 'Серый' });
  });

  it('sends only the changed fields with the expected version, and a 409 arrives as version_conflict', async () => {
    let patches = 0;
    const { api, server } = setup((request) => {
      if (request.method !== 'PATCH') return json(product);
      patches += 1;
      return patches === 1
        ? json({ ...product, price: 49990, version: 8 })
        : json({ error: 'version_conflict', message: 'Товар уже изменили' }, 409);
    });
    const adapter = new AdminProductsHttpAdapter(api, TEST_BASE_URL);
    const draft = (await adapter.load(12)).draft;
    const saved = await adapter.save({ id: 12, draft, changes: { price: 49990 }, expectedVersion: '7' });
    expect(saved.version).toBe('8');
    expect(JSON.parse(String(server.requests[1]?.body))).toEqual({ price: 49990, expected_version: 7 });
    const refused = await adapter
      .save({ id: 12, draft, changes: { price: 1 }, expectedVersion: '7' })
      .catch((error: unknown) => error);
    expect(isPortFailure(refused) && refused.code).toBe('version_conflict');
  });

  it('a picture call answers the pictures and the new version; keys travel with ~ for /', async () => {
    const { api, server } = setup((request) =>
      request.method === 'PATCH' ? json([{ ...image, alt: 'Сбоку' }]) : json({ ...product, version: 9 }),
    );
    const change = await new AdminProductsHttpAdapter(api, TEST_BASE_URL).setImageAlt(
      12,
      'upload/p12-ab',
      'Сбоку',
    );
    expect(server.requests[0]?.url).toBe('http://shop.test/api/admin/products/12/images/upload~p12-ab');
    expect(change).toEqual({
      images: [{ key: 'upload/p12-ab', url: '/media/a.webp', alt: 'Сбоку' }],
      version: '9',
    });
  });

  it('bulk edit makes one call per change and collects the refused products; undo keeps only fully restored ones', async () => {
    let operation = 0;
    const { api, server } = setup((request) => {
      if (request.url.endsWith('/undo')) {
        return json({
          results: request.url.includes('op-1')
            ? [
                { id: 1, ok: true },
                { id: 2, ok: false },
              ]
            : [{ id: 1, ok: true }],
        });
      }
      operation += 1;
      return json({
        operation: `op-${operation}`,
        results: [
          { id: 1, ok: true },
          { id: 2, ok: operation === 1 },
        ],
      });
    });
    const adapter = new AdminProductsHttpAdapter(api, TEST_BASE_URL);
    const outcome = await adapter.bulkEdit([
      { field: 'price', value: 100, ids: [1, 2] },
      { field: 'badge', value: null, ids: [1, 2] },
    ]);
    expect(outcome).toEqual({ operations: ['op-1', 'op-2'], failedIds: [2] });
    expect(JSON.parse(String(server.requests[1]?.body))).toEqual({ ids: [1, 2], badge: null });
    expect(await adapter.undoBulkEdit(['op-2', 'op-1'])).toEqual({ restoredIds: [1] });
  });

  it('the export address carries the list filters and the format, not the page', async () => {
    const { api } = setup(() => json({}));
    const url = await new AdminProductsHttpAdapter(api, TEST_BASE_URL).exportUrl(
      { q: ' диван ', hidden: false, stock: 'out', page: 3 },
      'xlsx',
    );
    expect(url).toBe(
      'http://shop.test/api/admin/products/export?format=xlsx&hidden=false&q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD&stock=out',
    );
  });
});

describe('AdminCategoriesHttpAdapter and AdminPromoHttpAdapter', () => {
  it('a move sends the new parent, position and the version it was made on', async () => {
    const { api, server } = setup(() => json([]));
    await new AdminCategoriesHttpAdapter(api).move({
      id: 4,
      parentId: null,
      position: 2,
      expectedVersion: 3,
    });
    expect(server.requests[0]?.url).toBe('http://shop.test/api/categories/4/move');
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({
      parent_id: null,
      position: 2,
      expected_version: 3,
    });
  });

  it('a promo code is created upper-case, and an update never sends the code in the body', async () => {
    const stored = {
      code: 'SPRING',
      kind: 'percent',
      value: 10,
      description: '',
      min_order_total: 0,
      valid_from: '2026-03-01T00:00:00Z',
      valid_until: null,
      active: true,
      usage_limit: 10,
      per_client_limit: 1,
      stats: { uses: 2, revenue: 100_000, discount: 10_000, clients: 2 },
      version: 4,
    };
    const { api, server } = setup(() => json(stored));
    const adapter = new AdminPromoHttpAdapter(api);
    const created = await adapter.save({
      id: null,
      draft: {
        code: ' spring ',
        kind: 'percent',
        value: 10,
        description: '',
        min_order_total: 0,
        valid_from: '2026-03-01',
        valid_until: null,
        active: true,
        usage_limit: 10,
        per_client_limit: 1,
      },
      changes: {},
      expectedVersion: null,
    });
    expect(JSON.parse(String(server.requests[0]?.body)).code).toBe('SPRING');
    expect(created.draft.valid_from).toBe('2026-03-01');
    await adapter.save({
      id: 'SPRING',
      draft: created.draft,
      changes: { code: 'X', value: 15 },
      expectedVersion: '4',
    });
    expect(server.requests[1]?.url).toBe('http://shop.test/api/admin/promo/SPRING');
    expect(JSON.parse(String(server.requests[1]?.body))).toEqual({ value: 15, expected_version: 4 });
  });
});
