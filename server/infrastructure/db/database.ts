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
import {
  type DatabaseLog,
  describeDatabaseError,
  type ListenerStatus,
  NotificationListener,
  SILENT_DATABASE_LOG,
} from './notification-listener';
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
   * `channel`, on a dedicated connection that is replaced when it breaks (then `onResumed` runs: what
   * was sent meanwhile is lost); resolves to a function that stops listening.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL only: whether every `listen` subscription is live right now (GET /readyz). */
  listenerStatus?(): ListenerStatus;
}

/**
 * Limits of the serving pool (docs/operations.md, «Database outages»): a database that is down, frozen
 * or overloaded makes requests fail fast with 503 instead of hanging. Start-up (migrations, seeding)
 * and scripts run without them.
 */
export interface DatabaseLimits {
  /** Opening a connection, or waiting for a free one in the pool. */
  readonly connectTimeoutMs: number;
  /** The server cancels a statement running longer (57014); the client gives up 1 s later. */
  readonly statementTimeoutMs: number;
  /** Waiting for a row or table lock (55P03). */
  readonly lockTimeoutMs: number;
  /** The server ends a session left idle inside a transaction. */
  readonly idleInTransactionTimeoutMs: number;
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
  | {
      kind: 'pg';
      connectionString: string;
      poolSize?: number;
      /** Absent: no timeouts (start-up, scripts, tests). */
      limits?: DatabaseLimits;
      log?: DatabaseLog;
    };

/**
 * PGlite's memory settings (issue 27, item 6; docs/performance.md «Memory»). PGlite runs PostgreSQL inside
 * the server's process, in a WebAssembly memory that grows and never gives anything back, and initdb's
 * defaults are a server's: 128 MB of shared buffers, touched at start (≈ 120 MB of resident memory at
 * once), and 64 MB of maintenance memory for each index build. The embedded default serves a small shop's
 * catalogue (tens of MB, read through the OS page cache anyway) on a 1 GB machine, so both are cut; every
 * other setting stays PGlite's own (`PGlite.defaultStartParams`).
 */
const PGLITE_MEMORY_SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  wal_buffers: '1MB',
  temp_buffers: '2MB',
} as const;

function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'pg') return openNodePg(source);
  const startParams = pgliteStartParams();
  const client =
    source.kind === 'pglite'
      ? await PGlite.create(source.dataDir, {
          extensions: pgliteExtensions,
          relaxedDurability: false,
          startParams,
        })
      : await PGlite.create({
          extensions: pgliteExtensions,
          startParams,
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

/** How PostgreSQL's own list of sessions names this shop's connections (pg_stat_activity). */
const APPLICATION_NAME = 'domistil-shop';
/**
 * The client-side read timeout is the statement timeout plus this: normally the server cancels a slow
 * statement itself (57014), and the client gives up only on a server that does not answer at all.
 */
const READ_TIMEOUT_GRACE_MS = 1000;
/** The LISTEN connection's connect and heartbeat timeouts where no limits are set (scripts, tests). */
const DEFAULT_LISTENER_TIMEOUT_MS = 5000;

function poolConfig(
  connectionString: string,
  poolSize: number,
  limits: DatabaseLimits | undefined,
  applicationName: string,
): pg.PoolConfig {
  return {
    connectionString,
    max: poolSize,
    application_name: applicationName,
    keepAlive: true,
    ...(limits === undefined
      ? {}
      : {
          connectionTimeoutMillis: limits.connectTimeoutMs,
          statement_timeout: limits.statementTimeoutMs,
          lock_timeout: limits.lockTimeoutMs,
          idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
          query_timeout: limits.statementTimeoutMs + READ_TIMEOUT_GRACE_MS,
        }),
  };
}

async function openNodePg(source: Extract<DatabaseSource, { kind: 'pg' }>): Promise<Database> {
  const { connectionString, limits } = source;
  const log = source.log ?? SILENT_DATABASE_LOG;
  const pool = new pg.Pool(poolConfig(connectionString, source.poolSize ?? 10, limits, APPLICATION_NAME));
  // An idle connection that breaks (a database restart, pg_terminate_backend, a network cut) is
  // reported here; without a listener node-postgres throws it out of the event loop and the process
  // dies. The pool has already dropped that connection and opens a new one when next needed.
  pool.on('error', (error) => {
    log.warn(
      { event: 'db_connection_lost', error: describeDatabaseError(error) },
      'Соединение с базой данных потеряно: пул откроет новое',
    );
  });
  // The pool watches idle connections only. A connection checked out (inside a transaction, between
  // two statements) that breaks emits its error with nobody listening, which would also kill the
  // process: the statement in progress or the next one fails with that error instead (an outage: 503),
  // and the pool discards the connection when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg(pool, { schema });
  let closed = false;
  const listeners = new Set<NotificationListener>();
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
    async listen(channel, onMessage, onResumed = () => {}) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const listener = new NotificationListener({
        channel,
        newClient: () =>
          new pg.Client({
            ...poolConfig(connectionString, 1, limits, `${APPLICATION_NAME}-listener`),
            // Even without limits: a connect that never completes would end the retries for good.
            connectionTimeoutMillis: limits?.connectTimeoutMs ?? DEFAULT_LISTENER_TIMEOUT_MS,
          }),
        onMessage,
        onResumed,
        log,
        heartbeatTimeoutMs: limits?.connectTimeoutMs ?? DEFAULT_LISTENER_TIMEOUT_MS,
      });
      listeners.add(listener);
      await listener.start();
      return async () => {
        if (listeners.delete(listener)) await listener.stop();
      };
    },
    listenerStatus() {
      for (const listener of listeners) {
        const status = listener.status();
        if (!status.ok) return status;
      }
      return { ok: true };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
      await pool.end();
    },
    async dump() {
      return undefined;
    },
  };
}
