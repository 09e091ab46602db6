import { describe, expect, it } from 'vitest';
import { answersOnlyFetch } from '../../src/infrastructure/http/answers-fetch';

const reads = {
  '/api/categories': { status: 200, body: [{ id: 1 }], reusable: true },
  '/api/products?category=mebel&limit=24': { status: 200, body: { items: [] }, reusable: true },
  '/api/products/slug/none': { status: 404, body: { error: 'not_found' }, reusable: true },
};

async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<'settled' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}

describe('answersOnlyFetch: the server renderer reads only what the document carries', () => {
  it('answers carried reads any number of times, whatever the URL form or query order', async () => {
    const fetch = answersOnlyFetch(reads);
    for (const url of [
      '/api/categories',
      'http://render.invalid/api/categories',
      new URL('http://x/api/categories'),
    ]) {
      expect(await (await fetch(url)).json()).toEqual([{ id: 1 }]);
    }
    expect((await fetch('/api/products?limit=24&category=mebel')).status).toBe(200);
    const missing = await fetch('/api/products/slug/none');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found' });
  });

  it('leaves any other read pending, so a deferred block shows its placeholder', async () => {
    const fetch = answersOnlyFetch(reads);
    expect(await settledWithin(fetch('/api/recommendations/style?style=x'), 50)).toBe('pending');
  });

  it('never sends a change anywhere', async () => {
    const fetch = answersOnlyFetch(reads);
    await expect(fetch('/api/cart', { method: 'PUT', body: '[]' })).rejects.toThrow(
      /Not sent while rendering/,
    );
    await expect(fetch(new Request('http://x/api/login', { method: 'POST', body: '{}' }))).rejects.toThrow();
  });
});
