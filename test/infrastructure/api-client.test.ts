import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../api/endpoint';
import { isPortFailure, type PortFailure } from '../../src/application/ports/port-failure';
import { HttpApiClient, joinUrl } from '../../src/infrastructure/http/api-client';
import { fakeFetch, hangingFetch, html, json, TEST_BASE_URL } from './fake-fetch';

const Item = Schema.Struct({ id: Schema.Number, name: Schema.String });
const getItem = defineEndpoint({
  method: 'GET',
  path: '/api/items/:id',
  summary: 'test item',
  tag: 'test',
  params: Schema.Struct({ id: Schema.Number }),
  query: Schema.Struct({}),
  response: Item,
});
const saveItem = defineEndpoint({
  method: 'PUT',
  path: '/api/items/:id',
  summary: 'test save',
  tag: 'test',
  params: Schema.Struct({ id: Schema.Int.pipe(Schema.check(Schema.isGreaterThan(0))) }),
  body: Schema.Struct({ name: Schema.String }),
  response: Schema.Struct({ ok: Schema.Boolean }),
});
const remove = defineEndpoint({
  method: 'DELETE',
  path: '/api/items',
  summary: 'test delete',
  tag: 'test',
  response: Schema.Void,
});

async function failureOf(promise: Promise<unknown>): Promise<PortFailure> {
  try {
    await promise;
  } catch (error) {
    if (isPortFailure(error)) return error;
    throw new Error(`expected a PortFailure, got ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

describe('HttpApiClient', () => {
  it('decodes a good answer and sends credentials, the base URL and the query by the spec rules', async () => {
    const server = fakeFetch(() => json({ id: 7, name: 'Стул' }));
    const client = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });

    const item = await client.call(getItem, {
      params: { id: 7 },
      query: { empty: '', none: null, tags: ['a', 'b'], limit: 12 },
    });

    expect(item).toEqual({ id: 7, name: 'Стул' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url).toBe('http://shop.test/api/items/7?limit=12&tags=a&tags=b');
    expect(server.requests[0]?.credentials).toBe('include');
    expect(server.requests[0]?.headers.get('traceparent')).toBeNull();
  });

  it('encodes a JSON body through the contract', async () => {
    const server = fakeFetch(() => json({ ok: true }));
    const client = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });

    await expect(client.call(saveItem, { params: { id: 3 }, body: { name: 'Диван' } })).resolves.toEqual({
      ok: true,
    });
    expect(server.requests[0]?.method).toBe('PUT');
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({ name: 'Диван' });
  });

  it('accepts an empty body where the contract answers nothing', async () => {
    const client = new HttpApiClient({
      baseUrl: TEST_BASE_URL,
      fetch: fakeFetch(() => new Response(null, { status: 204 })).fetch,
    });
    await expect(client.call(remove)).resolves.toBeUndefined();
  });

  it.each([
    ['a wrong field type', json({ id: '7', name: 'Стул' })],
    ['a missing field', json({ id: 7 })],
    ['HTML instead of JSON', html('<!doctype html><title>Shop</title>')],
    ['an empty body', new Response('', { status: 200 })],
    ['JSON null', json(null)],
  ])('rejects %s as bad-response', async (_label, answer) => {
    const client = new HttpApiClient({
      baseUrl: TEST_BASE_URL,
      fetch: fakeFetch(() => answer.clone()).fetch,
    });
    const error = await failureOf(client.call(getItem, { params: { id: 7 } }));
    expect(error.kind).toBe('bad-response');
    expect(error.status).toBe(200);
  });

  it('classifies 4xx as bad-request and keeps the contract error code and Russian message', async () => {
    const client = new HttpApiClient({
      baseUrl: TEST_BASE_URL,
      fetch: fakeFetch(() =>
        json({ error: 'forbidden', message: 'Недостаточно прав для этого действия.' }, 403),
      ).fetch,
    });
    const error = await failureOf(client.call(getItem, { params: { id: 7 } }));
    expect(error).toMatchObject({
      kind: 'bad-request',
      status: 403,
      code: 'forbidden',
      serverMessage: 'Недостаточно прав для этого действия.',
    });
  });

  it('classifies 5xx as bad-response, with or without an error body', async () => {
    const withPage = new HttpApiClient({
      baseUrl: TEST_BASE_URL,
      fetch: fakeFetch(() => html('<h1>502 Bad Gateway</h1>', 502)).fetch,
    });
    const error = await failureOf(withPage.call(getItem, { params: { id: 7 } }));
    expect(error).toMatchObject({
      kind: 'bad-response',
      status: 502,
      code: undefined,
      serverMessage: undefined,
    });

    const withBody = new HttpApiClient({
      baseUrl: TEST_BASE_URL,
      fetch: fakeFetch(() => json({ error: 'internal_error', message: 'Внутренняя ошибка' }, 500)).fetch,
    });
    expect(await failureOf(withBody.call(getItem, { params: { id: 7 } }))).toMatchObject({
      kind: 'bad-response',
      status: 500,
      code: 'internal_error',
    });
  });

  it('reports a network failure', async () => {
    const client = new HttpApiClient({
      baseUrl: TEST_BASE_URL,
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch,
    });
    expect((await failureOf(client.call(getItem, { params: { id: 7 } }))).kind).toBe('network');
  });

  it('reports a timeout when the call has a limit and the server is silent', async () => {
    const server = hangingFetch();
    const client = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });
    const error = await failureOf(client.call(getItem, { params: { id: 7 }, timeoutMs: 5 }));
    expect(error.kind).toBe('timeout');
  });

  it('reports a canceled call when the caller aborts', async () => {
    const server = hangingFetch();
    const client = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });
    const controller = new AbortController();
    const pending = client.call(getItem, { params: { id: 7 }, signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    expect((await failureOf(pending)).kind).toBe('canceled');
  });

  it.each([Number.NaN, 0, -1, 1.5])(
    'refuses to call with a path parameter the contract rejects (%s)',
    async (id) => {
      const server = fakeFetch(() => json({ ok: true }));
      const client = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });
      const error = await failureOf(client.call(saveItem, { params: { id }, body: { name: 'x' } }));
      expect(error.kind).toBe('precondition');
      expect(server.requests).toHaveLength(0);
    },
  );

  it('joins the base URL and a path with exactly one slash', () => {
    expect(joinUrl('/', '/api/x')).toBe('/api/x');
    expect(joinUrl('http://localhost:3000/', '/api/x')).toBe('http://localhost:3000/api/x');
    expect(joinUrl('https://shop.example/base//', '/api/x')).toBe('https://shop.example/base/api/x');
  });
});
