import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/composition-root';
import { type Database, openDatabase } from '../../server/infrastructure/db/database';
import { startTestApp, type TestApp } from './support/test-app';
import { openTestDatabase, testDrivers } from './support/test-database';

/**
 * Issue 24, items 1 and 3, in-process on both drivers: an error that means «the database cannot
 * serve» answers 503 with the Russian message and Retry-After, never a 500 (the process-level faults
 * — restart, kill, freeze — are test/api/database-faults.api.test.ts). PGlite runs in the process, so
 * its only outage is a closed database; on PostgreSQL the statement and lock timeouts end a statement
 * stuck behind a lock.
 */
const OUTAGE = {
  error: 'service_unavailable',
  message: 'Сервис временно недоступен, попробуйте через минуту.',
};

describe.each(testDrivers())('database outage answers (%s)', (driver) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(driver);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('a closed database: catalogue reads and a checkout answer 503 with Retry-After, the process serves /healthz', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/products?limit=1' })).statusCode).toBe(200);
    await test.database.close();
    for (const request of [
      { method: 'GET' as const, url: '/api/products?limit=1' },
      { method: 'GET' as const, url: '/api/categories' },
      {
        method: 'POST' as const,
        url: '/api/orders',
        payload: {
          cart: [{ id: 1, quantity: 1 }],
          contact: { name: 'Анна', phone: '+7 812 5551234', email: 'closed@mail.ru' },
          delivery: { method: 'pickup' },
          paymentMethod: 'on_delivery',
          consent: true,
        },
      },
    ]) {
      const response = await test.app.inject(request);
      expect(response.statusCode, request.url).toBe(503);
      expect(response.json(), request.url).toEqual(OUTAGE);
      expect(Number(response.headers['retry-after']), request.url).toBeGreaterThan(0);
    }
    // Liveness stays 200 (no restart for a database outage) and readiness says why it is not ready —
    // even though no storefront GET had loaded the redirect table before the database went away.
    expect((await test.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const readiness = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toMatchObject({ status: 'not ready', checks: { database: { ok: false } } });
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(databaseUrl === undefined)('statement and lock timeouts (PostgreSQL)', () => {
  let seeded: Database;
  let holder: pg.Client;

  beforeAll(async () => {
    seeded = await openTestDatabase('pg');
    holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await seeded?.close();
  });

  /** An app on a pool with the given limits, asked for the catalogue while products is locked. */
  async function answerWhileLocked(limits: { statementTimeoutMs: number; lockTimeoutMs: number }) {
    const database = await openDatabase({
      kind: 'pg',
      connectionString: databaseUrl ?? '',
      poolSize: 2,
      limits: { connectTimeoutMs: 2000, idleInTransactionTimeoutMs: 10_000, ...limits },
    });
    const { app } = await createServer(database, {
      dataDir: resolve('.tmp/test-data'),
      clientDir: resolve('.tmp/test-no-client'),
      logLevel: 'silent',
      logger: false,
      cacheEntries: 0,
      cacheTtlMs: 60_000,
    });
    await app.ready();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
    try {
      return await app.inject({ method: 'GET', url: '/api/products?limit=1' });
    } finally {
      await holder.query('ROLLBACK');
      await app.close();
      await database.close();
    }
  }

  it('a statement waiting longer than DATABASE_STATEMENT_TIMEOUT_MS is cancelled (57014): 503', async () => {
    const response = await answerWhileLocked({ statementTimeoutMs: 300, lockTimeoutMs: 60_000 });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(OUTAGE);
  });

  it('a lock not granted within DATABASE_LOCK_TIMEOUT_MS ends the statement (55P03): 503', async () => {
    const response = await answerWhileLocked({ statementTimeoutMs: 60_000, lockTimeoutMs: 300 });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(OUTAGE);
  });
});
