import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../support/free-port';

/**
 * A throw-away PostgreSQL 15 cluster of one test file, to restart, stop and kill connections of at
 * will: the shared test server on 55432 serves every other suite and must never be disturbed. Created
 * like .ci/run creates its own (initdb -E UTF8 --locale=C.UTF-8, trust, loopback only, as the
 * `postgres` user when running as root — PostgreSQL refuses to run as root).
 */
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Why the cluster cannot be made here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!existsSync(join(PG_BIN, 'initdb')) || !existsSync(join(PG_BIN, 'pg_ctl'))) {
    return `PostgreSQL 15 binaries not found in ${PG_BIN} (CI installs postgresql-15)`;
  }
  if (userInfo().uid === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a `postgres` user to run the cluster as';
    }
  }
  return null;
}

export interface PrivatePostgres {
  readonly port: number;
  /** A superuser connection string (the test's own view of the database). */
  readonly adminUrl: (database?: string) => string;
  /** `pg_ctl stop -m fast`: sessions are ended (57P01), the server is down until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster for good and removes its files. */
  destroy(): Promise<void>;
}

const execFileAsync = promisify(execFile);

/** Runs a PostgreSQL tool (as `postgres` when root) without blocking the test's event loop. */
async function run(command: string, args: readonly string[]): Promise<void> {
  if (userInfo().uid !== 0) {
    await execFileAsync(command, [...args], { timeout: 60_000 });
    return;
  }
  const quoted = [command, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  await execFileAsync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { timeout: 60_000 });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-fault-pg-'));
  const data = join(dir, 'data');
  if (userInfo().uid === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  await run(join(PG_BIN, 'initdb'), [
    '-D',
    data,
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '-A',
    'trust',
    '-U',
    'postgres',
  ]);
  const start = () =>
    run(join(PG_BIN, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      // fsync=off: a test cluster on a shared CI disk; a fast stop still writes everything (checkpoint).
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
      'start',
    ]);
  const stop = (mode: 'fast' | 'immediate') =>
    run(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
  await start();
  let destroyed = false;
  return {
    port,
    adminUrl: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => stop('fast'),
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await stop('immediate').catch(() => {
        // already stopped
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` on a fresh superuser connection to `url`. */
export async function asSuperuser<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}
