import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';

/**
 * Issue 24, item 5, «Proven»: an import killed midway. The real server process (the compiled one, what
 * production runs) gets a 3 000-row import; while its confirm is writing — the server has logged its
 * first progress line and not its commit — the process is SIGKILLed. Restarted on the same data
 * (PGlite's data directory, or the same PostgreSQL database), the catalogue holds either all 3 000 rows
 * or none, and the same token then confirms the whole import.
 */
const projectRoot = resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = 'http://shop.test';
const ADMIN = { email: 'import-admin@domistil.local', password: `import-${randomUUID()}` };
const ROWS = 3_000;
const PROGRESS = '"event":"product_import_progress"';
const COMMITTED = '"event":"product_import_committed"';

/** The compiled server, rebuilt when a source is newer (as the multi-process suite does). */
function productionCommand(): readonly string[] {
  const compiled = join(projectRoot, 'dist', 'api', 'server.js');
  const newestSource = Math.max(
    ...['server', 'api', 'shared-rules'].flatMap((folder) =>
      readdirSync(join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.ts') || name.endsWith('.sql'))
        .map((name) => statSync(join(projectRoot, folder, name)).mtimeMs),
    ),
  );
  if (!existsSync(compiled) || statSync(compiled).mtimeMs < newestSource) {
    execFileSync('npm', ['run', '-s', 'build:api'], { cwd: projectRoot, stdio: 'inherit' });
  }
  return ['dist/api/main.js'];
}

interface Shop {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  output: string;
}

async function startShop(dataDir: string, database: string | undefined): Promise<Shop> {
  const port = await freePort();
  const child = spawn('node', [...productionCommand()], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: join(dataDir, 'no-client'),
      DATABASE_URL: database,
      // PostgreSQL needs the second factor's key from the environment (docs/operations.md).
      STAFF_TOTP_KEY: 'q6tqQ0bGxnUY8s7zGkF8yJ0uQm0Q2W1vJ8m1dK7vX0E=',
      LOG_LEVEL: 'info',
      PUBLIC_URL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_PRODUCTS: '20',
    },
    detached: true,
  });
  const shop: Shop = { child, baseUrl: `http://127.0.0.1:${port}`, output: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    shop.output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    shop.output += chunk.toString();
  });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}:\n${shop.output}`);
    try {
      if ((await fetch(`${shop.baseUrl}/readyz`)).status === 200) return shop;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the shop was not ready within 150 s:\n${shop.output.slice(-3000)}`);
}

async function stopShop(shop: Shop, signal: NodeJS.Signals): Promise<void> {
  if (shop.child.pid === undefined || shop.child.exitCode !== null || shop.child.signalCode !== null) return;
  const exited = new Promise((done) => shop.child.once('exit', done));
  process.kill(-shop.child.pid, signal);
  await exited;
}

/** The administrator's session on one server process. */
async function signIn(shop: Shop): Promise<(path: string, body?: FormData) => Promise<Response>> {
  const login = await fetch(`${shop.baseUrl}/api/admin-login`, {
    method: 'POST',
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return (path, body) => {
    if (path.endsWith('/confirm')) {
      return fetch(`${shop.baseUrl}${path}`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, cookie, 'content-type': 'application/json' },
        body: '{}',
      });
    }
    return fetch(`${shop.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { origin: PUBLIC_URL, cookie },
      ...(body === undefined ? {} : { body }),
    });
  };
}

const importedCount = async (call: (path: string) => Promise<Response>): Promise<number> =>
  ((await (await call('/api/admin/products?q=KILL-&limit=1')).json()) as { total: number }).total;

const drivers = databaseUrl === undefined ? (['pglite'] as const) : (['pglite', 'pg'] as const);

describe.each(drivers)('an import killed midway leaves all rows or none (%s)', (driver) => {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-import-kill-${driver}-`));
  const shops: Shop[] = [];
  afterAll(async () => {
    for (const shop of shops) await stopShop(shop, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`SIGKILL during the confirm of ${ROWS} rows, then a restart on the same data`, {
    timeout: 400_000,
  }, async () => {
    const database = driver === 'pg' ? databaseUrl : undefined;
    if (database !== undefined) {
      // A fresh deployment's empty database (api suites run one file at a time).
      const client = new pg.Client({ connectionString: database });
      await client.connect();
      await client.query(
        'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public',
      );
      await client.end();
    }
    const first = await startShop(dataDir, database);
    shops.push(first);
    const call = await signIn(first);
    const categories = (await (await call('/api/admin/categories')).json()) as {
      slug: string;
      product_count: number;
    }[];
    const slug = categories.find((category) => category.product_count > 0)?.slug;
    const lines = ['Артикул;Название;Категория (slug);Цена;Остаток'];
    for (let n = 1; n <= ROWS; n++)
      lines.push(`KILL-${String(n).padStart(5, '0')};Кресло ${n};${slug};${1000 + n};${n % 7}`);
    const form = new FormData();
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'kill.csv');
    const dry = await call('/api/admin/products/import', form);
    const report = (await dry.json()) as { token: string; created: number; errors: number };
    expect(report).toMatchObject({ created: ROWS, errors: 0 });

    // The confirm runs; the moment the server logs that rows are being written, it is killed.
    const progressSeen = new Promise<void>((done) => {
      const check = () => {
        if (first.output.includes(PROGRESS)) {
          first.child.stdout?.off('data', check);
          done();
        }
      };
      first.child.stdout?.on('data', check);
      check();
    });
    const confirm = call(`/api/admin/products/import/${report.token}/confirm`).catch(() => null);
    await progressSeen;
    await stopShop(first, 'SIGKILL');
    expect(await confirm).toBeNull();
    // Killed midway: it had begun writing and had not committed.
    expect(first.output).not.toContain(COMMITTED);

    const second = await startShop(dataDir, database);
    shops.push(second);
    const again = await signIn(second);
    expect([0, ROWS]).toContain(await importedCount(again));
    expect(await importedCount(again)).toBe(0);
    // The batch was not confirmed either: the same token now writes the whole import.
    const retried = await again(`/api/admin/products/import/${report.token}/confirm`);
    expect(retried.status, await retried.clone().text()).toBe(200);
    expect(await importedCount(again)).toBe(ROWS);
    await stopShop(second, 'SIGTERM');
  });
});
