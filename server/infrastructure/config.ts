import { resolve } from 'node:path';
import { parseTrustedProxies, type TrustedProxies } from '../domain/client-ip';
import type { DatabaseLimits } from './db/database';
import type { FileStoreSettings } from './file-store/open-file-stores';

/**
 * Server configuration from the environment, read once at start (docs/operations.md lists each
 * variable). Invalid values stop the start with a message rather than falling back silently.
 */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** PGlite data, generated pictures, the lock file. */
  readonly dataDir: string;
  /** A PostgreSQL connection string; PGlite under dataDir when absent. */
  readonly databaseUrl: string | undefined;
  readonly logLevel: string;
  readonly clientDir: string;
  /** TRUST_PROXY, the only place it is read: Fastify (request.ip) and the session hooks use the same list. */
  readonly trustProxy: TrustedProxies;
  /** FILE_STORE and S3_*: where pictures and attachments are kept (docs/operations.md, «Several servers»). */
  readonly fileStore: FileStoreSettings;
  /** Products generated on the first start into an empty database; 0: an empty shop (no demo content). */
  readonly seedProducts: number;
  /** Catalogue read cache entries (0 disables) and their lifetime. */
  readonly cacheEntries: number;
  readonly cacheTtlMs: number;
  /** CACHE_MB: the most the catalogue read cache's answers may weigh, in bytes. */
  readonly cacheBytes: number;
  /** PAGE_CACHE_MB: the anonymous page documents kept per process, in bytes (0 disables). */
  readonly pageCacheBytes: number;
  /** PostgreSQL only: the serving pool's size and timeouts (docs/operations.md, «Database outages»). */
  readonly databasePool: { readonly size: number; readonly limits: DatabaseLimits };
}

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; message: string };

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number | string {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    return `${name} должен быть целым числом от ${min} до ${max}, получено «${raw}».`;
  }
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv): ConfigResult {
  const port = integer(env, 'PORT', 3000, 0, 65_535);
  const seedProducts = integer(env, 'SEED_PRODUCTS', 600, 0, 2_000_000);
  const cacheEntries = integer(env, 'CACHE_ENTRIES', 5000, 0, 1_000_000);
  const cacheTtlSeconds = integer(env, 'CACHE_TTL_SECONDS', 60, 1, 86_400);
  const pageCacheMb = integer(env, 'PAGE_CACHE_MB', 16, 0, 4096);
  const cacheMb = integer(env, 'CACHE_MB', 16, 0, 4096);
  for (const value of [port, seedProducts, cacheEntries, cacheTtlSeconds, pageCacheMb, cacheMb]) {
    if (typeof value === 'string') return { ok: false, message: value };
  }
  const databasePool = readDatabasePool(env);
  if (typeof databasePool === 'string') return { ok: false, message: databasePool };
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.has(logLevel)) {
    return { ok: false, message: `LOG_LEVEL должен быть одним из: ${[...LOG_LEVELS].join(', ')}.` };
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return { ok: false, message: 'DATABASE_URL должен начинаться с postgres:// или postgresql://.' };
  }
  const trustProxy = parseTrustedProxies(env.TRUST_PROXY);
  if (!trustProxy.ok) {
    return {
      ok: false,
      message: `TRUST_PROXY: «${trustProxy.entry}» — не адрес, не диапазон (10.0.0.0/8) и не loopback/linklocal/uniquelocal.`,
    };
  }
  const fileStore = readFileStore(env);
  if (typeof fileStore === 'string') return { ok: false, message: fileStore };
  return {
    ok: true,
    config: {
      port: port as number,
      host: env.HOST?.trim() || '0.0.0.0',
      dataDir: resolve(env.DATA_DIR?.trim() || 'data'),
      databaseUrl,
      logLevel,
      clientDir: resolve(env.CLIENT_DIR?.trim() || 'dist/client'),
      trustProxy: trustProxy.trusted,
      fileStore,
      seedProducts: seedProducts as number,
      cacheEntries: cacheEntries as number,
      cacheTtlMs: (cacheTtlSeconds as number) * 1000,
      cacheBytes: (cacheMb as number) * 1024 * 1024,
      pageCacheBytes: (pageCacheMb as number) * 1024 * 1024,
      databasePool,
    },
  };
}

/**
 * DATABASE_POOL_SIZE and the DATABASE_*_TIMEOUT_MS limits. The defaults keep a frozen database from
 * holding a request longer than about 9 s (3 s waiting for a connection + 5 s statement + 1 s grace),
 * while the slowest legitimate statement measured (a cold first search, under 1 s) has ample room.
 */
function readDatabasePool(env: NodeJS.ProcessEnv): ServerConfig['databasePool'] | string {
  const size = integer(env, 'DATABASE_POOL_SIZE', 10, 1, 500);
  const connectTimeoutMs = integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3000, 100, 60_000);
  const statementTimeoutMs = integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 5000, 100, 600_000);
  const lockTimeoutMs = integer(env, 'DATABASE_LOCK_TIMEOUT_MS', 3000, 100, 600_000);
  const idleInTransactionTimeoutMs = integer(
    env,
    'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    30_000,
    1000,
    3_600_000,
  );
  for (const value of [
    size,
    connectTimeoutMs,
    statementTimeoutMs,
    lockTimeoutMs,
    idleInTransactionTimeoutMs,
  ]) {
    if (typeof value === 'string') return value;
  }
  return {
    size: size as number,
    limits: {
      connectTimeoutMs: connectTimeoutMs as number,
      statementTimeoutMs: statementTimeoutMs as number,
      lockTimeoutMs: lockTimeoutMs as number,
      idleInTransactionTimeoutMs: idleInTransactionTimeoutMs as number,
    },
  };
}

/** FILE_STORE=disk (default) or s3 with S3_BUCKET and the key pair; the message of the first mistake. */
function readFileStore(env: NodeJS.ProcessEnv): FileStoreSettings | string {
  const kind = env.FILE_STORE?.trim() || 'disk';
  if (kind === 'disk') return { kind: 'disk' };
  if (kind !== 's3') return `FILE_STORE должен быть disk или s3, получено «${kind}».`;
  const bucket = env.S3_BUCKET?.trim();
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!bucket || !accessKeyId || !secretAccessKey) {
    return 'Для FILE_STORE=s3 нужны S3_BUCKET, S3_ACCESS_KEY_ID и S3_SECRET_ACCESS_KEY.';
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) {
    return 'S3_ENDPOINT должен быть адресом http(s)://…';
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  if (pathStyle !== undefined && pathStyle !== '' && !['true', 'false', '1', '0'].includes(pathStyle)) {
    return 'S3_FORCE_PATH_STYLE должен быть true или false.';
  }
  return {
    kind: 's3',
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // Self-hosted stores (MinIO) want the bucket in the path; so the default with an endpoint.
    forcePathStyle:
      pathStyle === undefined || pathStyle === ''
        ? endpoint !== undefined
        : pathStyle === 'true' || pathStyle === '1',
  };
}
