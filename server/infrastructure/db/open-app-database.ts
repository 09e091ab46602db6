import { join } from 'node:path';
import { acquireDataDirLock } from './data-dir-lock';
import { type Database, openDatabase } from './database';

export type OpenResult =
  | { ok: true; database: Database; release: () => void }
  | { ok: false; message: string };

/**
 * Opens the configured database, applies the migrations and then runs `prepare` (the seeding decision):
 * PostgreSQL when a URL is given, else PGlite under DATA_DIR/pglite, locked against a second process.
 * On PostgreSQL both run under the start-up advisory lock, so several processes started at once on an
 * empty database migrate one after another and exactly one of them seeds.
 */
export async function openAppDatabase(
  options: { readonly dataDir: string; readonly databaseUrl: string | undefined },
  prepare: (database: Database) => Promise<void> = async () => undefined,
): Promise<OpenResult> {
  const migrateAndPrepare = (database: Database) =>
    database.whileStartingAlone(async () => {
      await database.migrate();
      await prepare(database);
    });
  if (options.databaseUrl !== undefined) {
    const database = await openDatabase({ kind: 'pg', connectionString: options.databaseUrl });
    try {
      await migrateAndPrepare(database);
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
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
    const database = await openDatabase({ kind: 'pglite', dataDir: join(options.dataDir, 'pglite') });
    await migrateAndPrepare(database);
    return { ok: true, database, release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}
