import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../../server/application/read-cache';

describe('ReadCache', () => {
  it('loads once per key while fresh and again after the lifetime', async () => {
    let now = 0;
    const cache = new ReadCache(10, 1000, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    now = 1001;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = new ReadCache(2, 1000, () => 0);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a2');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    expect(await cache.get('c', async () => 'c2')).toBe('c');
  });

  it('does not keep failed loads, and clear() empties it', async () => {
    const cache = new ReadCache(10, 1000, () => 0);
    await expect(cache.get('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('passes straight through when disabled', async () => {
    const cache = new ReadCache(0, 1000);
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('keeps the answers it holds under its byte bound, least recently used out first', async () => {
    // Each answer weighs its length here; the bound holds three of ten.
    const cache = new ReadCache(
      100,
      1000,
      () => 0,
      30,
      (value) => String(value).length,
    );
    const answer = (key: string) => async () => key.repeat(10);
    for (const key of ['a', 'b', 'c']) await cache.get(key, answer(key));
    expect(cache.bytes).toBe(30);
    await cache.get('a', answer('a'));
    await cache.get('d', answer('d'));
    expect(cache.bytes).toBeLessThanOrEqual(30);
    expect(cache.size).toBe(3);
    // «b» was the least recently used: it is loaded again, «a» is still held.
    let loads = 0;
    await cache.get('b', async () => `${++loads}`.repeat(10));
    await cache.get('a', async () => `${++loads}`.repeat(10));
    expect(loads).toBe(1);
    for (let index = 0; index < 50; index += 1) {
      await cache.get(`k${index}`, async () => 'x'.repeat(index % 20));
      expect(cache.bytes).toBeLessThanOrEqual(30);
    }
    // An answer heavier than the whole bound is answered but not kept; clear() forgets the weight.
    expect(await cache.get('big', async () => 'y'.repeat(31))).toHaveLength(31);
    expect(cache.bytes).toBeLessThanOrEqual(30);
    await cache.get('big', async () => `${++loads}`);
    expect(loads).toBe(2);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('weighs answers by their JSON by default', async () => {
    const cache = new ReadCache(100, 1000, () => 0, 1024);
    await cache.get('listing', async () => ({ name: 'Диван' }));
    expect(cache.bytes).toBe(Buffer.byteLength(JSON.stringify({ name: 'Диван' })));
  });
});
