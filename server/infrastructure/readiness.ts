import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { CheckOutcome, ReadinessProbe } from '../application/readiness.port';
import { type Database, MIGRATIONS_FOLDER } from './db/database';

/** A check that hangs (a database behind a dead network) counts as failed after this long. */
const CHECK_TIMEOUT_MS = 3000;

/** The newest committed migration's timestamp (drizzle records it as `created_at` once applied). */
async function newestMigrationMillis(): Promise<number> {
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function failure(error: unknown): CheckOutcome {
  const text = error instanceof Error ? error.message : String(error);
  return { ok: false, reason: text.split('\n')[0] ?? 'unknown error' };
}

async function withinDeadline(check: () => Promise<CheckOutcome>): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `no answer within ${CHECK_TIMEOUT_MS} ms` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([check().catch(failure), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness checks behind GET /readyz: the database answers a query, the newest committed
 * migration is recorded as applied, and the file store answers its probe (a FileStore: the S3 bucket
 * is reachable, or the local folder writable). On PostgreSQL also `notifications`: the LISTEN for
 * other processes' catalogue changes is live, or being reconnected (degraded, not failed: every
 * answer is still right, but a change made elsewhere shows only when the cache entry expires).
 */
export function createReadinessProbe(database: Database, files: { probe(): Promise<void> }): ReadinessProbe {
  const newest = newestMigrationMillis();
  return async () => {
    const [databaseCheck, migrations, fileStore] = await Promise.all([
      withinDeadline(async () => {
        await database.rows(sql`select 1`);
        return { ok: true };
      }),
      withinDeadline(async () => {
        const [row] = await database.rows<{ applied: string | number | null }>(
          sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
        );
        const applied = Number(row?.applied ?? 0);
        return applied >= (await newest) ? { ok: true } : { ok: false, reason: 'migrations pending' };
      }),
      withinDeadline(async () => {
        await files.probe();
        return { ok: true };
      }),
    ]);
    const status = database.listenerStatus?.();
    const notifications: CheckOutcome | undefined =
      status === undefined
        ? undefined
        : status.ok
          ? { ok: true }
          : { ok: true, degraded: true, reason: status.reason };
    return {
      database: databaseCheck,
      migrations,
      files: fileStore,
      ...(notifications === undefined ? {} : { notifications }),
    };
  };
}
