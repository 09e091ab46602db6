import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 24 (10): the committed snapshots describe the committed schema, so `npm run db:generate` on an
 * unchanged schema writes nothing. A snapshot that lags the schema makes the next generated migration
 * re-create what a hand-written migration already made, and that migration then fails to apply.
 */
const MIGRATIONS = 'server/infrastructure/db/migrations';
const SCHEMA = 'server/infrastructure/db/schema/index.ts';
const run = promisify(execFile);
const scratch: string[] = [];

afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true })).map(String).sort();

describe('migration snapshots', () => {
  it('generating a migration on the committed schema writes nothing', async () => {
    const out = await mkdtemp(join(tmpdir(), 'shop-migrations-'));
    scratch.push(out);
    await cp(MIGRATIONS, out, { recursive: true });
    const before = await filesUnder(out);
    const { stdout } = await run(
      process.execPath,
      [
        'node_modules/drizzle-kit/bin.cjs',
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        SCHEMA,
        '--out',
        // drizzle-kit reads the folder as './' + the given path, so it must be relative.
        relative(process.cwd(), out),
        '--name',
        'unchanged',
      ],
      { timeout: 120_000 },
    );
    expect(await filesUnder(out)).toEqual(before);
    expect(stdout).toContain('No schema changes');
  }, 120_000);
});
