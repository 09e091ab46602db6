import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../../../server/infrastructure/db/database';
import { generateDemoContent } from '../../../server/infrastructure/seed/demo-content';
import type { DemoContent } from '../../../server/infrastructure/seed/demo-content.types';
import { seedDatabase } from '../../../server/infrastructure/seed/seed-database';

/**
 * Test databases for the api project. PGlite takes seconds to start and migrate (stack.md gotcha 6),
 * so a migrated and seeded database is dumped once into .tmp/ (keyed by a hash of the migrations and
 * the seeding code) and every suite starts an in-memory copy from that dump. When TEST_DATABASE_URL
 * is set the same suites also run on PostgreSQL, which is reset and seeded per suite.
 */
const TEST_PRODUCTS = 240;
const TEST_SEED = 7;

export type TestDriver = 'pglite' | 'pg';

export const testDrivers = (): TestDriver[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

let content: DemoContent | undefined;
/** The demo content the test databases are seeded with (deterministic for TEST_SEED). */
export function testContent(): DemoContent {
  content ??= generateDemoContent({ products: TEST_PRODUCTS, seed: TEST_SEED });
  return content;
}

function fingerprint(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_FOLDER)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => join(MIGRATIONS_FOLDER, name)),
    ...readdirSync(resolve('server/infrastructure/seed'))
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map((name) => resolve('server/infrastructure/seed', name)),
  ];
  for (const file of files) hash.update(file).update(readFileSync(file));
  hash.update(String(TEST_PRODUCTS)).update(String(TEST_SEED));
  return hash.digest('hex').slice(0, 16);
}

async function pgliteFromDump(): Promise<Database> {
  const dir = resolve('.tmp/test-db');
  const file = join(dir, `catalogue-${fingerprint()}.tar`);
  if (existsSync(file)) {
    try {
      return await openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([readFileSync(file)]) });
    } catch {
      // Removed or half-written by a concurrent run: build a fresh one below.
    }
  }
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  await seedDatabase(database, testContent(), { replace: false });
  const dump = await database.dump();
  if (dump) {
    mkdirSync(dir, { recursive: true });
    // Older dumps (other migrations or seeding code) are never read again.
    for (const name of readdirSync(dir)) {
      if (name.startsWith('catalogue-') && join(dir, name) !== file) rmSync(join(dir, name), { force: true });
    }
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  }
  return database;
}

async function freshPostgres(url: string): Promise<Database> {
  const database = await openDatabase({ kind: 'pg', connectionString: url, poolSize: 4 });
  await database.rows(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.rows(sql`DROP SCHEMA public CASCADE`);
  await database.rows(sql`CREATE SCHEMA public`);
  await database.migrate();
  await seedDatabase(database, testContent(), { replace: false });
  return database;
}

/** A migrated database seeded with `testContent()`, private to the calling suite. */
export async function openTestDatabase(driver: TestDriver): Promise<Database> {
  if (driver === 'pg') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    return freshPostgres(url);
  }
  return pgliteFromDump();
}
