import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/infrastructure/config';

describe('server configuration', () => {
  it('has working defaults', () => {
    const result = readConfig({});
    expect(result).toEqual({
      ok: true,
      config: {
        port: 3000,
        host: '0.0.0.0',
        dataDir: resolve('data'),
        databaseUrl: undefined,
        logLevel: 'info',
        clientDir: resolve('dist/client'),
        trustProxy: false,
        seedProducts: 600,
        cacheEntries: 5000,
        cacheTtlMs: 60_000,
      },
    });
  });

  it('reads every variable', () => {
    const result = readConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/shop',
      DATABASE_URL: 'postgres://u@h/db',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/srv/client',
      TRUST_PROXY: '1',
      SEED_PRODUCTS: '1000',
      CACHE_ENTRIES: '0',
      CACHE_TTL_SECONDS: '5',
    });
    expect(result.ok && result.config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/shop',
      databaseUrl: 'postgres://u@h/db',
      logLevel: 'warn',
      clientDir: '/srv/client',
      trustProxy: true,
      seedProducts: 1000,
      cacheEntries: 0,
      cacheTtlMs: 5000,
    });
  });

  it.each([
    [{ PORT: 'http' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SEED_PRODUCTS: '-1' }, 'SEED_PRODUCTS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  ])('rejects %o with a message naming %s', (env, name) => {
    const result = readConfig(env);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(name);
  });
});
