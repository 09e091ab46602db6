import { join } from 'node:path';
import { acquireDataDirLock } from './data-dir-lock';
import { type Database, type DatabaseLimits, openDatabase } from './database';
import { preparationNeeded, prepareInChildProcess } from './first-start';
import type { DatabaseLog } from './notification-listener';

export type OpenResult =
  | { ok: true; database: Database; release: () => void }
  | { ok: false; message: string };

/**
 * Opens the configured database, applies the migrations and then runs `prepare` (the seeding decision):
 * PostgreSQL when a URL is given, else PGlite under DATA_DIR/pglite, locked against a second process.
 * On PostgreSQL both run under the start-up advisory lock, so several processes started at once on an
 * empty database migrate one after another and exactly one of them seeds.
 *
 * With `firstStartInChild` (the server's start, main.ts), a PGlite directory that was never prepared, or
 * has migrations to catch up on, is first migrated and seeded by a child process (first-start.ts), so
 * this process opens a database that only needs checking — and keeps none of the seeding's memory.
 */
export async function openAppDatabase(
  options: {
    readonly dataDir: string;
    readonly databaseUrl: string | undefined;
    /** PostgreSQL: the serving pool's size and timeouts (start-up runs without them). */
    readonly pool?: { readonly size: number; readonly limits: DatabaseLimits; readonly log: DatabaseLog };
    /** PGlite: run the first start's heavy part in a child process (first-start.ts). */
    readonly firstStartInChild?: boolean;
  },
  prepare: (database: Database) => Promise<void> = async () => undefined,
): Promise<OpenResult> {
  const migrateAndPrepare = (database: Database) =>
    database.whileStartingAlone(async () => {
      await database.migrate();
      await prepare(database);
    });
  if (options.databaseUrl !== undefined) {
    // Start-up on a pool without timeouts: a migration that rewrites a big table, or seeding a large
    // catalogue, may rightly take longer than any request should. Then the serving pool, with them.
    const startup = await openDatabase({ kind: 'pg', connectionString: options.databaseUrl });
    try {
      await migrateAndPrepare(startup);
    } finally {
      await startup.close().catch(() => undefined);
    }
    const database = await openDatabase({
      kind: 'pg',
      connectionString: options.databaseUrl,
      ...(options.pool === undefined
        ? {}
        : { poolSize: options.pool.size, limits: options.pool.limits, log: options.pool.log }),
    });
    return { ok: true, database, release: () => {} };
  }
  const lock = acquireDataDirLock(options.dataDir);
  if (!lock.ok) {
    return {
      ok: false,
      message: `Каталог данных ${options.dataDir} занят другим процессом (PID ${lock.ownerPid}). Остановите его или укажите другой DATA_DIR.`,
    };
  }
  try {
    if (options.firstStartInChild === true && preparationNeeded(options.dataDir)) {
      await prepareInChildProcess(lock);
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: join(options.dataDir, 'pglite') });
    await migrateAndPrepare(database);
    return { ok: true, database, release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}
