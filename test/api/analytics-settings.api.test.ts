import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/composition-root';
import { readAnalyticsConfig } from '../../server/infrastructure/analytics.config';
import type { Database } from '../../server/infrastructure/db/database';
import { CapturingMailer, testAccountsConfig } from './support/session-client';
import { openTestDatabase } from './support/test-database';

const YANDEX_HOSTS = ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://yastatic.net'];

/** The policy's directives as a map of source lists. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name, sources);
  }
  return policy;
}

/**
 * Issue 26, item 4 (docs/privacy.md «Яндекс Метрика»): with METRIKA_COUNTER_ID the shop names its counter
 * and its Content-Security-Policy admits exactly Metrica's hosts; without it, no counter and no Yandex
 * host anywhere in the policy. The e2e suite (test/e2e/metrika.test.ts) proves the browser side.
 */
describe('analytics settings and the policy', () => {
  const apps: { app: FastifyInstance; database: Database }[] = [];
  const start = async (metrikaCounterId: number | null) => {
    const database = await openTestDatabase('pglite');
    const { app } = await createServer(database, {
      dataDir: resolve('.tmp/test-data'),
      clientDir: resolve('.tmp/test-no-client'),
      logLevel: 'silent',
      logger: false,
      cacheEntries: 0,
      cacheTtlMs: 60_000,
      accounts: testAccountsConfig(),
      mailer: new CapturingMailer(),
      analytics: { metrikaCounterId },
    });
    await app.ready();
    apps.push({ app, database });
    return app;
  };
  let withCounter: FastifyInstance;
  let without: FastifyInstance;

  beforeAll(async () => {
    withCounter = await start(98765432);
    without = await start(null);
  });
  afterAll(async () => {
    for (const { app, database } of apps) {
      await app.close();
      await database.close();
    }
  });

  it('names the counter only when one is configured', async () => {
    const on = await withCounter.inject({ method: 'GET', url: '/api/analytics-settings' });
    expect(on.json()).toEqual({ metrika: { counterId: 98765432 } });
    expect(on.headers['cache-control']).toBe('public, max-age=300');
    const off = await without.inject({ method: 'GET', url: '/api/analytics-settings' });
    expect(off.json()).toEqual({ metrika: null });
  });

  it('admits exactly the Metrica hosts with a counter, and none without', async () => {
    const on = directives(
      (await withCounter.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    expect(on.get('script-src')).toEqual(
      expect.arrayContaining(['https://mc.yandex.ru', 'https://yastatic.net']),
    );
    expect(on.get('connect-src')).toEqual(["'self'", 'https://mc.yandex.ru', 'https://mc.yandex.com']);
    expect(on.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://mc.yandex.ru',
      'https://mc.yandex.com',
    ]);
    expect(on.get('frame-src')).toEqual(["'self'", 'https://mc.yandex.ru', 'https://mc.yandex.com']);
    expect(on.get('script-src')).not.toContain("'unsafe-inline'");
    const external = [...on.values()].flat().filter((source) => source.startsWith('https://'));
    expect(new Set(external)).toEqual(new Set(YANDEX_HOSTS));

    const off = (await without.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'];
    expect(String(off)).not.toMatch(/yandex|yastatic/);
  });

  it('refuses a counter number that is not one, in Russian', () => {
    expect(readAnalyticsConfig({})).toEqual({ ok: true, config: { metrikaCounterId: null } });
    expect(readAnalyticsConfig({ METRIKA_COUNTER_ID: ' 12345678 ' })).toEqual({
      ok: true,
      config: { metrikaCounterId: 12345678 },
    });
    const wrong = readAnalyticsConfig({ METRIKA_COUNTER_ID: 'UA-1234' });
    expect(wrong).toMatchObject({ ok: false, message: expect.stringContaining('METRIKA_COUNTER_ID') });
  });
});
