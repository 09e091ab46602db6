import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A mistake in the configuration stops the server before it opens anything: one line naming the
 * setting (a JSON log line, like every other), exit code 1, no stack trace (docs/operations.md).
 */
const projectRoot = resolve(import.meta.dirname, '../..');
// The server compiled as `npm run build:api` compiles it (packages stay imports, found in the project's
// node_modules from .tmp/): plain `node` starts in a second, where tsx takes several on a busy machine.
const compiledServer = join(projectRoot, '.tmp', 'startup-config', 'server.js');
const scratch = mkdtempSync(join(tmpdir(), 'shop-config-'));
const aFile = join(scratch, 'a-file');
writeFileSync(aFile, '');

beforeAll(async () => {
  await build({
    entryPoints: [join(projectRoot, 'server', 'main.ts')],
    outfile: compiledServer,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

interface Outcome {
  readonly code: number | null;
  readonly lines: readonly string[];
}

function startWith(settings: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [compiledServer],
      {
        cwd: projectRoot,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: join(scratch, 'data'),
          ...settings,
        },
      },
      (error, stdout, stderr) => {
        const lines = `${stdout}${stderr}`.split('\n').filter((line) => line.trim() !== '');
        done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, lines });
      },
    );
  });
}

const cases: readonly { what: string; settings: NodeJS.ProcessEnv; names: RegExp }[] = [
  { what: 'a PORT that is not a number', settings: { PORT: 'eighty' }, names: /PORT/ },
  { what: 'a PORT out of range', settings: { PORT: '70000' }, names: /PORT/ },
  {
    what: 'a DATABASE_URL of another database',
    settings: { DATABASE_URL: 'mysql://shop@db/shop' },
    names: /DATABASE_URL/,
  },
  {
    what: 'an unreachable database host',
    settings: {
      DATABASE_URL: 'postgres://shop:secret-password@127.0.0.1:1/shop',
      STAFF_TOTP_KEY: 'q6tqQ0bGxnUY8s7zGkF8yJ0uQm0Q2W1vJ8m1dK7vX0E=',
    },
    names: /127\.0\.0\.1:1.*недоступна/,
  },
  {
    what: 'a data folder that cannot be written',
    settings: { DATA_DIR: join(aFile, 'data') },
    names: /DATA_DIR/,
  },
  {
    what: 'an SMTP_URL of another protocol',
    settings: { SMTP_URL: 'http://mail.example' },
    names: /SMTP_URL/,
  },
  { what: 'an SMTP_URL without a server', settings: { SMTP_URL: 'smtp://' }, names: /SMTP_URL/ },
  {
    what: 'YooKassa without its secret key',
    settings: { YOOKASSA_SHOP_ID: '123456' },
    names: /YOOKASSA_SECRET_KEY/,
  },
  {
    what: 'a YooKassa shop id that is not a number',
    settings: { YOOKASSA_SHOP_ID: 'my-shop', YOOKASSA_SECRET_KEY: 'test_secret' },
    names: /YOOKASSA_SHOP_ID/,
  },
  {
    what: 'PostgreSQL without the second factor’s key (Russian and English)',
    settings: { DATABASE_URL: 'postgres://shop:secret-password@127.0.0.1:1/shop' },
    names: /STAFF_TOTP_KEY.*With DATABASE_URL, set STAFF_TOTP_KEY/,
  },
  {
    what: 'a second factor’s key that is not 32 bytes',
    settings: { STAFF_TOTP_KEY: 'c2hvcnQ=' },
    names: /STAFF_TOTP_KEY: нужны 32 байта.*must be 32 bytes/,
  },
  {
    what: 'a bad shutdown deadline',
    settings: { SHUTDOWN_TIMEOUT_SECONDS: '0' },
    names: /SHUTDOWN_TIMEOUT_SECONDS/,
  },
];

describe('configuration checked before anything is opened', () => {
  it.each(cases)('refuses $what with one line and exit code 1', async ({ settings, names }) => {
    const outcome = await startWith(settings);
    expect(outcome.code).toBe(1);
    expect(outcome.lines, outcome.lines.join('\n')).toHaveLength(1);
    const line = outcome.lines[0] ?? '';
    const entry = JSON.parse(line) as { level: number; msg: string };
    expect(entry.level).toBe(60);
    expect(entry.msg).toMatch(names);
    expect(line).not.toMatch(/\n\s+at |\\n\s+at /);
    expect(line).not.toContain('secret-password');
  });
});
