import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from './database';

/**
 * The first start's heavy part on PGlite — migrations, the demo catalogue's bulk inserts and index
 * builds, its pictures rendered by libvips — runs in a child process that exits before the server opens
 * its own PGlite (issue 27, item 6; docs/performance.md «Memory», session 13). PGlite's WebAssembly
 * memory only grows, and what the seeding grew it to stayed resident for the server's whole life (546 MB
 * idle after a first start against 334 MB after a restart); the child gives it all back by exiting.
 *
 * The child is the server's own entry started again with `PREPARE_ONLY_ARGUMENT` (main.ts), so the
 * compiled server, `tsx server/main.ts` and the container take the same path with no second entry file.
 * It runs while the parent holds the data directory's lock (its PID admitted to the lock file), and it
 * exits when the parent goes away. A directory it prepared carries a marker naming the newest migration
 * applied; a later start runs the child again only when the marker is missing (a start killed midway) or
 * names an older migration (an upgrade whose migrations may rewrite tables), else the server opens at once.
 */
export const PREPARE_ONLY_ARGUMENT = '--prepare-data-dir';
const MARKER_FILE = 'pglite-prepared';

/** The newest migration's tag in the journal beside the migrations, or null when there is none to read. */
function newestMigration(): string | null {
  try {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries?: readonly { tag?: unknown }[];
    };
    const tag = journal.entries?.at(-1)?.tag;
    return typeof tag === 'string' ? tag : null;
  } catch {
    return null;
  }
}

/** Whether the data directory still needs the first start's heavy part (see the module's comment). */
export function preparationNeeded(dataDir: string): boolean {
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) return true;
  const newest = newestMigration();
  if (newest === null) return true;
  try {
    return readFileSync(join(dataDir, MARKER_FILE), 'utf8').trim() !== newest;
  } catch {
    return true;
  }
}

/**
 * In the child: opens PGlite on the data directory (the parent holds its lock and has not opened it),
 * migrates, runs `prepare` (the seeding decision), closes with a checkpoint and writes the marker.
 */
export async function prepareDataDir(
  dataDir: string,
  prepare: (database: Database) => Promise<void>,
): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await prepare(database);
  } finally {
    await database.close();
  }
  writeFileSync(join(dataDir, MARKER_FILE), `${newestMigration() ?? ''}\n`);
}

/**
 * In the parent: starts this process's entry again with `PREPARE_ONLY_ARGUMENT` (same Node flags, same
 * environment, same standard output, so its log lines join the server's) and resolves once it has
 * exited successfully; rejects naming its exit code or signal otherwise (its own log line says why).
 */
export function prepareInChildProcess(lock: {
  readonly admit: (helperPid: number) => void;
  readonly dismiss: () => void;
}): Promise<void> {
  const entry = process.argv[1];
  if (entry === undefined) return Promise.reject(new Error('не найден файл запуска сервера'));
  return new Promise((resolve, reject) => {
    const child = fork(entry, [PREPARE_ONLY_ARGUMENT]);
    if (child.pid !== undefined) lock.admit(child.pid);
    child.once('error', (error) => {
      lock.dismiss();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      lock.dismiss();
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `первый запуск (миграции, демо-каталог, изображения) не завершён: процесс подготовки остановлен ${
              signal === null ? `с кодом ${code}` : `сигналом ${signal}`
            }`,
          ),
        );
    });
  });
}
