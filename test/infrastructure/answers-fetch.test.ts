import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnswerRead, BootstrappedRead } from '../../api/page-bootstrap';
import { answeringFetch } from '../../src/infrastructure/http/answers-fetch';

const SERVER: Readonly<Record<string, BootstrappedRead>> = {
  '/api/categories': { status: 200, body: [{ id: 1 }], reusable: false },
  '/api/products?category=mebel&limit=24': { status: 200, body: { items: [] }, reusable: false },
  '/api/products/slug/none': { status: 404, body: { error: 'not_found' }, reusable: false },
};

/** The server's in-process answers, counting how often each path was asked. */
function serverAnswers(): { answer: AnswerRead; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    answer: async (path) => {
      asked.push(path);
      return SERVER[path] ?? null;
    },
  };
}

async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<'settled' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}

describe('answeringFetch: the server renderer reads through the server and records what it read', () => {
  it('answers each read once from the server, whatever the URL form or query order, and records it', async () => {
    const server = serverAnswers();
    const { fetch, settle } = answeringFetch(server.answer);
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
    expect(server.asked).toEqual([
      '/api/categories',
      '/api/products?category=mebel&limit=24',
      '/api/products/slug/none',
    ]);
    const { reads, complete } = await settle(1_000);
    expect(complete).toBe(true);
    expect(Object.keys(reads)).toEqual(server.asked);
    // Asked three times here, so the browser (running the same queries) may reuse it; the others once.
    expect(reads['/api/categories']?.reusable).toBe(true);
    expect(reads['/api/products/slug/none']?.reusable).toBe(false);
  });

  it('never lets the browser reuse the session, however often it was read', async () => {
    const { fetch, settle } = answeringFetch(async () => ({
      status: 200,
      body: { authenticated: false },
      reusable: true,
    }));
    await fetch('/api/check-auth');
    await fetch('/api/check-auth');
    expect((await settle(1_000)).reads['/api/check-auth']?.reusable).toBe(false);
  });

  it('fails a read the server will not carry at once, and marks the page incomplete', async () => {
    const { fetch, settle } = answeringFetch(serverAnswers().answer);
    expect((await fetch('/api/cart')).status).toBe(503);
    const { reads, complete } = await settle(1_000);
    expect(complete).toBe(false);
    expect(reads).toEqual({});
  });

  it('answers nothing after settling: a late read stays pending, so a deferred block shows its placeholder', async () => {
    const { fetch, settle } = answeringFetch(serverAnswers().answer);
    await settle(1_000);
    expect(await settledWithin(fetch('/api/categories'), 50)).toBe('pending');
  });

  it('gives up waiting for a slow read at the deadline and keeps what was read', async () => {
    const { fetch, settle } = answeringFetch(async (path) =>
      path === '/api/slow' ? new Promise<BootstrappedRead | null>(() => {}) : (SERVER[path] ?? null),
    );
    await fetch('/api/categories');
    void fetch('/api/slow');
    const { reads, complete } = await settle(20);
    expect(complete).toBe(false);
    expect(Object.keys(reads)).toEqual(['/api/categories']);
  });

  it('never sends a change anywhere', async () => {
    const server = serverAnswers();
    const { fetch } = answeringFetch(server.answer);
    await expect(fetch('/api/cart', { method: 'PUT', body: '[]' })).rejects.toThrow(
      /Not sent while rendering/,
    );
    await expect(fetch(new Request('http://x/api/login', { method: 'POST', body: '{}' }))).rejects.toThrow();
    expect(server.asked).toEqual([]);
  });

  it('asks the server once per read however many concurrent asks there are', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 8 }), async (asks) => {
        const server = serverAnswers();
        const { fetch } = answeringFetch(server.answer);
        await Promise.all(Array.from({ length: asks }, () => fetch('/api/categories')));
        expect(server.asked).toEqual(['/api/categories']);
      }),
    );
  });
});
