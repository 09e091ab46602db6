import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../../../server/composition-root';
import type { PageDocumentOptions } from '../../../server/http/page-document';
import type { Database } from '../../../server/infrastructure/db/database';
import { openTestDatabase, type TestDriver } from './test-database';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  close(): Promise<void>;
}

/** The real app (all route modules) on a private seeded database, driven with fastify.inject. */
export async function startTestApp(
  driver: TestDriver,
  options: { cacheEntries?: number; clientDir?: string; pageDocument?: PageDocumentOptions } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(driver);
  const { app } = await createServer(database, {
    dataDir: resolve('.tmp/test-data'),
    clientDir: options.clientDir ?? resolve('.tmp/test-no-client'),
    logLevel: 'silent',
    logger: false,
    cacheEntries: options.cacheEntries ?? 0,
    cacheTtlMs: 60_000,
    ...(options.pageDocument ? { pageDocument: options.pageDocument } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** GET and parse JSON. */
export async function getJson(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, headers: response.headers };
}
