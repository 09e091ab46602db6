import { join } from 'node:path';
import { acquireDataDirLock } from './data-dir-lock';
import { type Database, openDatabase } from './database';

export type OpenResult =
  | { ok: true; database: Database; release: () => void }
  | { ok: false; message: string };

/**
 * Opens the configured database and applies the migrations: PostgreSQL when a URL is given, else
 * PGlite under DATA_DIR/pglite, locked against a second process.
 */
export async function openAppDatabase(options: {
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
}): Promise<OpenResult> {
  if (options.databaseUrl !== undefined) {
    const database = await openDatabase({ kind: 'pg', connectionString: options.databaseUrl });
    await database.migrate();
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
    await database.migrate();
    return { ok: true, database, release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}
