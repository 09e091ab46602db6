import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

describe('serving the shop: SPA fallback, asset and media caching', () => {
  let test: TestApp;
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'));

  beforeAll(async () => {
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(
      join(clientDir, 'index.html'),
      '<!doctype html><html lang="ru"><title>Дом и Стиль</title></html>',
    );
    writeFileSync(join(clientDir, 'assets', 'index-AbCdEf12.js'), 'console.log(1);');
    writeFileSync(
      join(clientDir, 'assets', 'index-AbCdEf12.js.br'),
      brotliCompressSync(Buffer.from('console.log(1);')),
    );
    writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const mediaDir = resolve('.tmp/test-data/media/test');
    mkdirSync(mediaDir, { recursive: true });
    writeFileSync(join(mediaDir, 'sample-640.webp'), 'RIFF');
    test = await startTestApp('pglite', { clientDir });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('serves index.html for app routes, revalidated on every visit', async () => {
    for (const url of ['/', '/category/mebel/divany', '/favorites?x=1', '/pages/contacts']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('private, no-cache');
      expect(response.body, url).toContain('Дом и Стиль');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const compressed = await test.app.inject({
      method: 'GET',
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const serviceWorker = await test.app.inject({ method: 'GET', url: '/sw.js' });
    expect(serviceWorker.headers['cache-control']).toBe('no-cache');
  });

  it('serves generated media with long caching and answers missing media with a JSON 404', async () => {
    const media = await test.app.inject({ method: 'GET', url: '/media/test/sample-640.webp' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await test.app.inject({ method: 'GET', url: '/media/test/none-640.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
    const traversal = await test.app.inject({ method: 'GET', url: '/media/..%2F..%2Fpackage.json' });
    expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
    expect(traversal.body).not.toContain('"dependencies"');
  });

  it('keeps /api and non-GET requests out of the SPA fallback', async () => {
    const api = await test.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found' });
    const oldChunk = await test.app.inject({ method: 'GET', url: '/assets/route-OldRelease1.js' });
    expect(oldChunk.statusCode).toBe(404);
    expect(oldChunk.headers['content-type']).not.toMatch(/text\/html/);
    for (const url of ['/apple-touch-icon.png', '/wp-login.php.txt', '/missing.js']) {
      const file = await test.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(404);
      expect(file.headers['content-type'], url).not.toMatch(/text\/html/);
    }
    const favicon = await test.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(favicon.statusCode).toBe(301);
    expect(favicon.headers.location).toBe('/favicon.svg');
    const post = await test.app.inject({ method: 'POST', url: '/category/mebel' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: 'not_found' });
  });
});
