import { resolve } from 'node:path';

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
  readonly trustProxy: boolean;
  /** Products generated on the first start into an empty database. */
  readonly seedProducts: number;
  /** Catalogue read cache entries (0 disables) and their lifetime. */
  readonly cacheEntries: number;
  readonly cacheTtlMs: number;
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
  const seedProducts = integer(env, 'SEED_PRODUCTS', 600, 1, 2_000_000);
  const cacheEntries = integer(env, 'CACHE_ENTRIES', 5000, 0, 1_000_000);
  const cacheTtlSeconds = integer(env, 'CACHE_TTL_SECONDS', 60, 1, 86_400);
  for (const value of [port, seedProducts, cacheEntries, cacheTtlSeconds]) {
    if (typeof value === 'string') return { ok: false, message: value };
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.has(logLevel)) {
    return { ok: false, message: `LOG_LEVEL должен быть одним из: ${[...LOG_LEVELS].join(', ')}.` };
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return { ok: false, message: 'DATABASE_URL должен начинаться с postgres:// или postgresql://.' };
  }
  return {
    ok: true,
    config: {
      port: port as number,
      host: env.HOST?.trim() || '0.0.0.0',
      dataDir: resolve(env.DATA_DIR?.trim() || 'data'),
      databaseUrl,
      logLevel,
      clientDir: resolve(env.CLIENT_DIR?.trim() || 'dist/client'),
      trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
      seedProducts: seedProducts as number,
      cacheEntries: cacheEntries as number,
      cacheTtlMs: (cacheTtlSeconds as number) * 1000,
    },
  };
}
