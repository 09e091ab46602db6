import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

/**
 * One query code for both drivers (architecture.md): repositories see only `AppDb`, the pg-core database
 * both drizzle drivers extend. PGlite (embedded, one connection) is the zero-setup default; a
 * DATABASE_URL switches to node-postgres with a pool.
 */
type AppSchema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, AppSchema>;
type DriverName = 'pglite' | 'pg';

export interface Database {
  readonly db: AppDb;
  readonly driver: DriverName;
  /** Raw SQL returning rows, for the few queries the builder cannot express (search, facets). */
  rows<T>(query: SQL): Promise<T[]>;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server process on this database runs its own: a PostgreSQL advisory
   * lock, held on a connection of its own until `work` settles, so processes started together migrate
   * and decide on seeding one after another. PGlite has one process (its data directory is locked):
   * `work` simply runs.
   */
  whileStartingAlone<T>(work: () => Promise<T>): Promise<T>;
  /** For PGlite: CHECKPOINT then close; for pg: end the pool. Safe to call twice. */
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start test databases quickly (stack.md gotcha 6). */
  dump(): Promise<Blob | undefined>;
  /**
   * PostgreSQL only (absent on PGlite, which has one process): calls `onMessage` for every NOTIFY on
   * `channel`, on a dedicated connection of the pool; resolves to a function that stops listening.
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * The advisory lock key of start-up (migrations and the seeding decision): one number for this
 * application, chosen so it does not collide with locks other software on the same server may take.
 */
const STARTUP_LOCK_KEY = '7261112201400001';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

const pgliteExtensions = { pg_trgm, unaccent };

export type DatabaseSource =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob }
  | { kind: 'pg'; connectionString: string; poolSize?: number };

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'pg') return openNodePg(source.connectionString, source.poolSize ?? 10);
  const client =
    source.kind === 'pglite'
      ? await PGlite.create(source.dataDir, { extensions: pgliteExtensions, relaxedDurability: false })
      : await PGlite.create({
          extensions: pgliteExtensions,
          ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
        });
  const db = drizzlePglite(client, { schema });
  let closed = false;
  return {
    db,
    driver: 'pglite',
    async rows<T>(query: SQL) {
      const result = await db.execute(query);
      return result.rows as T[];
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    whileStartingAlone: (work) => work(),
    async close() {
      if (closed) return;
      closed = true;
      // A checkpoint flushes the WAL so the next start does not replay it (stack.md gotcha 7).
      await client.exec('CHECKPOINT');
      await client.close();
    },
    async dump() {
      return client.dumpDataDir('none');
    },
  };
}

async function openNodePg(connectionString: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg(pool, { schema });
  let closed = false;
  const listeners = new Set<pg.PoolClient>();
  const stopListening = async (client: pg.PoolClient): Promise<void> => {
    if (!listeners.delete(client)) return;
    // Destroy rather than return it: a connection that LISTENed must not serve queries afterwards.
    client.release(true);
  };
  return {
    db,
    driver: 'pg',
    async rows<T>(query: SQL) {
      const result = await db.execute(query);
      return result.rows as T[];
    },
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async whileStartingAlone(work) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        // Ending the session frees a session lock too, so a connection in doubt is destroyed.
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {
          broken = true;
        });
        client.release(broken);
      }
    },
    async listen(channel, onMessage) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const client = await pool.connect();
      listeners.add(client);
      // A dropped connection only ends the notifications (caches still expire); it must not crash.
      client.on('error', () => void stopListening(client));
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.query(`LISTEN ${channel}`);
      return () => stopListening(client);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map(stopListening));
      await pool.end();
    },
    async dump() {
      return undefined;
    },
  };
}
