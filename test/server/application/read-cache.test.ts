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
});
