import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../../server/infrastructure/db/database';

/**
 * The embedded database runs with a small shop's memory settings (issue 27, item 6; docs/performance.md
 * «Memory»): initdb's 128 MB of shared buffers alone were ≈ 120 MB of the server's resident memory.
 */
describe('PGlite memory settings (server/infrastructure/db/database.ts)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it.each([
    ['shared_buffers', '16MB'],
    ['maintenance_work_mem', '16MB'],
    ['temp_buffers', '2MB'],
    ['wal_buffers', '1MB'],
  ])('%s is %s', async (name, value) => {
    const [row] = await database.rows<Record<string, string>>(sql.raw(`SHOW ${name}`));
    expect(row?.[name]).toBe(value);
  });

  it('keeps PGlite own single-user settings', async () => {
    const [row] = await database.rows<{ max_worker_processes: string }>(sql`SHOW max_worker_processes`);
    expect(row?.max_worker_processes).toBe('0');
  });
});
