import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../../server/domain/client-ip';
import { buildApp } from '../../server/http/app';
import { startTestApp, type TestApp } from './support/test-app';

/** Health endpoints, security headers and compression on the real app (docs/operations.md). */
describe('operations: health, readiness, security headers, compression', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp('pglite');
  });
  afterAll(async () => {
    await test?.close();
  });

  it('GET /healthz answers JSON, never the shop page', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 when the database answers, the migrations are applied and the files are writable', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, files: { ok: true } },
    });
  });

  it('sends the security headers on API answers and pages alike', async () => {
    for (const url of ['/api/categories', '/healthz', '/catalog']) {
      const response = await test.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(policy, url).toContain("default-src 'self'");
      expect(policy, url).toContain("object-src 'none'");
      expect(policy, url).not.toMatch(/script-src [^;]*'unsafe-inline'/);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('sends HSTS only over https: a forged X-Forwarded-Proto from an untrusted client gets none', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when a trusted proxy says the request came over https', async () => {
    const trusted = parseTrustedProxies('loopback');
    if (!trusted.ok) throw new Error('loopback is a valid TRUST_PROXY');
    const app = await buildApp({ routeModules: [], trustProxy: trusted.trusted });
    try {
      const overHttps = await app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const overHttp = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1' });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('compresses a large JSON answer for a client that accepts brotli, and leaves small ones alone', async () => {
    const plain = await test.app.inject({ method: 'GET', url: '/api/products?limit=48' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.byteLength).toBeGreaterThan(10_000);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await test.app.inject({
      method: 'GET',
      url: '/api/products?limit=48',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
    const small = await test.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('GET /readyz is 503 while a migration is missing', async () => {
    const [newest] = await test.database.rows<{ id: number; hash: string; created_at: string }>(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!newest) throw new Error('no migration recorded');
    await test.database.rows(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const response = await test.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not ready',
        checks: { database: { ok: true }, migrations: { ok: false, reason: 'migrations pending' } },
      });
    } finally {
      await test.database.rows(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect((await test.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('GET /readyz is 503 with the reason when the database is gone', async () => {
    await test.database.close();
    const response = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    const body = response.json() as {
      status: string;
      checks: Record<string, { ok: boolean; reason?: string }>;
    };
    expect(body.status).toBe('not ready');
    expect(body.checks.database?.ok).toBe(false);
    expect(body.checks.database?.reason).toBeTruthy();
    expect(body.checks.files).toEqual({ ok: true });
    // The process is still alive: a load balancer stops routing to it but does not restart it.
    expect((await test.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
