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
        pageCacheBytes: 16 * 1024 * 1024,
        clientDir: resolve('dist/client'),
        trustProxy: { kind: 'none' },
        fileStore: { kind: 'disk' },
        seedProducts: 600,
        cacheEntries: 5000,
        cacheTtlMs: 60_000,
        cacheBytes: 16 * 1024 * 1024,
        databasePool: {
          size: 10,
          limits: {
            connectTimeoutMs: 3000,
            statementTimeoutMs: 5000,
            lockTimeoutMs: 3000,
            idleInTransactionTimeoutMs: 30_000,
          },
        },
      },
    });
  });

  it('reads the database pool size and timeouts, and refuses nonsense with the variable named', () => {
    const result = readConfig({
      DATABASE_POOL_SIZE: '20',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '2500',
      DATABASE_LOCK_TIMEOUT_MS: '1000',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '60000',
    });
    expect(result.ok && result.config.databasePool).toEqual({
      size: 20,
      limits: {
        connectTimeoutMs: 1500,
        statementTimeoutMs: 2500,
        lockTimeoutMs: 1000,
        idleInTransactionTimeoutMs: 60_000,
      },
    });
    for (const [name, value] of [
      ['DATABASE_POOL_SIZE', '0'],
      ['DATABASE_CONNECT_TIMEOUT_MS', 'soon'],
      ['DATABASE_STATEMENT_TIMEOUT_MS', '10'],
      ['DATABASE_LOCK_TIMEOUT_MS', '-1'],
      ['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', '1.5'],
    ] as const) {
      const refused = readConfig({ [name]: value });
      expect(refused.ok, name).toBe(false);
      expect(!refused.ok && refused.message, name).toContain(name);
    }
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
      CACHE_MB: '4',
    });
    expect(result.ok && result.config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/shop',
      databaseUrl: 'postgres://u@h/db',
      logLevel: 'warn',
      clientDir: '/srv/client',
      // '1' means a proxy on this machine: loopback only, never every address.
      trustProxy: {
        kind: 'ranges',
        ranges: [
          { version: 4, base: 0x7f000000n, bits: 8 },
          { version: 6, base: 1n, bits: 128 },
        ],
      },
      seedProducts: 1000,
      cacheEntries: 0,
      cacheTtlMs: 5000,
      cacheBytes: 4 * 1024 * 1024,
    });
  });

  it('refuses a CACHE_MB that is not a whole number of MB from 0 to 4096', () => {
    for (const value of ['-1', '4097', 'много', '1.5']) {
      const refused = readConfig({ CACHE_MB: value });
      expect(!refused.ok && refused.message, value).toContain('CACHE_MB');
    }
  });

  it('reads an S3 file store; the bucket goes in the path with a custom endpoint', () => {
    const result = readConfig({
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'shop',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(result.ok && result.config.fileStore).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'shop',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const aws = readConfig({
      FILE_STORE: 's3',
      S3_BUCKET: 'shop',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(aws.ok && aws.config.fileStore).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it.each([
    [{ PORT: 'http' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SEED_PRODUCTS: '-1' }, 'SEED_PRODUCTS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback, proxy.local' }, 'proxy.local'],
    [{ FILE_STORE: 'ftp' }, 'FILE_STORE'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'shop' }, 'S3_ACCESS_KEY_ID'],
    [
      {
        FILE_STORE: 's3',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_ENDPOINT: 'minio:9000',
      },
      'S3_ENDPOINT',
    ],
  ])('rejects %o with a message naming %s', (env, name) => {
    const result = readConfig(env);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(name);
  });
});
