import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_BOOTSTRAP_LIFETIME_MS } from '../../api/page-bootstrap';
import { bootstrapFetch, parseBootstrap } from '../../src/infrastructure/http/bootstrap-fetch';

const ORIGIN = 'https://shop.example';

const SERVED_AT = 1_795_000_000_000;

function documentWith(
  reads: Record<string, { status: number; body: unknown; reusable: boolean }>,
  servedAt = SERVED_AT,
): string {
  return JSON.stringify({ servedAt, reads });
}

function setup(text: string | null, at = 100) {
  const network: string[] = [];
  let now = at;
  const fetch = bootstrapFetch(
    { text, origin: ORIGIN, now: () => now, wallClock: () => SERVED_AT + 2_000 },
    async (input, init) => {
      network.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return new Response('{"from":"network"}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  );
  return { fetch, network, setNow: (value: number) => (now = value) };
}

const reads = {
  '/api/check-auth': { status: 200, body: { authenticated: true }, reusable: false },
  '/api/categories': { status: 200, body: [{ id: 1 }], reusable: true },
  '/api/products?category=mebel&limit=24': { status: 200, body: { items: [] }, reusable: true },
};

describe('bootstrapFetch: the answers of the page document', () => {
  it('answers a session read once, then asks the network', async () => {
    const { fetch, network } = setup(documentWith(reads));
    expect(await (await fetch('/api/check-auth')).json()).toEqual({ authenticated: true });
    expect(await (await fetch('/api/check-auth')).json()).toEqual({ from: 'network' });
    expect(network).toEqual(['GET /api/check-auth']);
  });

  it('answers catalogue reads again, whatever the query order or the URL form', async () => {
    const { fetch, network } = setup(documentWith(reads));
    await fetch('/api/categories');
    await fetch(`${ORIGIN}/api/categories`);
    const listing = await fetch(new URL(`${ORIGIN}/api/products?limit=24&category=mebel`));
    expect(await listing.json()).toEqual({ items: [] });
    expect(listing.headers.get('content-type')).toContain('application/json');
    expect(network).toEqual([]);
  });

  it('drops every answer after a change (any method but GET)', async () => {
    const { fetch, network } = setup(documentWith(reads));
    await fetch('/api/login', { method: 'POST', body: '{}' });
    await fetch('/api/categories');
    await fetch('/api/check-auth');
    expect(network).toEqual(['POST /api/login', 'GET /api/categories', 'GET /api/check-auth']);
  });

  it('does not answer after its lifetime, nor for another origin', async () => {
    const { fetch, network, setNow } = setup(documentWith(reads));
    await fetch('https://elsewhere.example/api/categories');
    setNow(PAGE_BOOTSTRAP_LIFETIME_MS + 1);
    await fetch('/api/categories');
    expect(network).toEqual(['GET https://elsewhere.example/api/categories', 'GET /api/categories']);
  });

  it('ignores a kept copy of an old document (the offline page, a restored tab)', async () => {
    for (const servedAt of [SERVED_AT - PAGE_BOOTSTRAP_LIFETIME_MS - 10_000, SERVED_AT + 10 * 60_000]) {
      const { fetch, network } = setup(documentWith(reads, servedAt));
      await fetch('/api/check-auth');
      expect(network).toEqual(['GET /api/check-auth']);
    }
  });

  it('honours an aborted signal like a real fetch', async () => {
    const { fetch } = setup(documentWith(reads));
    const controller = new AbortController();
    controller.abort();
    await expect(fetch('/api/categories', { signal: controller.signal })).rejects.toBeDefined();
  });

  it('treats a missing, damaged or foreign element as no answers', async () => {
    for (const text of [
      null,
      '',
      '{',
      '[]',
      `{"servedAt":${SERVED_AT},"reads":{"/api/x":{"status":"200"}}}`,
      `{"servedAt":${SERVED_AT},"reads":5}`,
      '{"reads":{}}',
      `{"servedAt":"${SERVED_AT}","reads":{}}`,
    ]) {
      expect(parseBootstrap(text, SERVED_AT).size).toBe(0);
      const { fetch, network } = setup(text);
      await fetch('/api/x');
      expect(network).toEqual(['GET /api/x']);
    }
  });

  it('never throws on arbitrary element text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        expect(() => parseBootstrap(text, SERVED_AT)).not.toThrow();
      }),
    );
  });
});
