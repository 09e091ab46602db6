import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { type LoopbackS3, startLoopbackS3 } from '../support/loopback-s3';

/**
 * Issue 14, «Proven»: the shop as it runs on several servers. Real server processes — started with the
 * production command (`node dist/api/main.js`, what the Dockerfile runs; `tsx server/main.ts` while no
 * compiled server exists) — share one PostgreSQL database and one S3 store (s3rver on loopback; MinIO
 * cannot be pulled here). Each process has its own empty DATA_DIR, so nothing passes through a local
 * disk. Three processes start at once on an empty database: all become ready and exactly one seeds.
 * Then requests alternate between two of them.
 */
const projectRoot = resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = 'http://shop.test';
const ADMIN = { email: 'ops-admin@domistil.local', password: `ops-${randomUUID()}` };
const SEED_PRODUCTS = 40;
const SEEDING_MESSAGE = 'Пустая база: заполняю демо-каталог';

/** The compiled server when this checkout has its build script; rebuilt when a source is newer. */
function productionCommand(): { readonly command: string; readonly args: readonly string[] } {
  const buildScript = join(projectRoot, 'scripts', 'build-api.ts');
  if (!existsSync(buildScript)) return { command: 'npx', args: ['tsx', 'server/main.ts'] };
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
  return { command: 'node', args: ['dist/api/main.js'] };
}

interface ShopProcess {
  readonly name: string;
  readonly baseUrl: string;
  readonly child: ChildProcess;
  readonly dataDir: string;
  output: string;
}

async function startShop(
  name: string,
  command: ReturnType<typeof productionCommand>,
  s3: LoopbackS3,
): Promise<ShopProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `shop-ops-${name}-`));
  const child = spawn(command.command, [...command.args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...s3.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: join(dataDir, 'no-client'),
      DATABASE_URL: databaseUrl,
      // PostgreSQL needs the second factor's key from the environment (docs/operations.md).
      STAFF_TOTP_KEY: 'q6tqQ0bGxnUY8s7zGkF8yJ0uQm0Q2W1vJ8m1dK7vX0E=',
      LOG_LEVEL: 'info',
      PUBLIC_URL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_PRODUCTS: String(SEED_PRODUCTS),
      // Long-lived cache entries: a change seen at once proves invalidation, not expiry.
      CACHE_TTL_SECONDS: '3600',
    },
    detached: true,
  });
  const shop: ShopProcess = { name, baseUrl: `http://127.0.0.1:${port}`, child, dataDir, output: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    shop.output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    shop.output += chunk.toString();
  });
  return shop;
}

/** Ready as a load balancer sees it: /readyz answers 200 (the catalogue, where there is no /readyz). */
async function waitUntilReady(shop: ShopProcess): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (shop.child.exitCode !== null) {
      throw new Error(`${shop.name} exited with ${shop.child.exitCode}:\n${shop.output.slice(-3000)}`);
    }
    try {
      const ready = await fetch(`${shop.baseUrl}/readyz`);
      if (ready.status === 200) return;
      if (ready.status === 404 && (await fetch(`${shop.baseUrl}/api/categories`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${shop.name} was not ready within 150 s:\n${shop.output.slice(-3000)}`);
}

async function stopShop(shop: ShopProcess): Promise<void> {
  if (shop.child.pid !== undefined && shop.child.exitCode === null) {
    const exited = new Promise((done) => shop.child.once('exit', done));
    try {
      process.kill(-shop.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
  }
  rmSync(shop.dataDir, { recursive: true, force: true });
}

/**
 * A browser talking to whichever server the balancer picks: one cookie jar, the shop's Origin, the
 * request sent to the process named.
 */
class Visitor {
  private readonly cookies = new Map<string, string>();

  async send(shop: ShopProcess, method: string, path: string, body?: unknown | FormData): Promise<Response> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${shop.baseUrl}${path}`, {
      method,
      headers: {
        origin: PUBLIC_URL,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([key, value]) => `${key}=${value}`).join('; ') }
          : {}),
      },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      const key = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /Max-Age=0/i.test(header)) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
    return response;
  }

  async json<T>(shop: ShopProcess, method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send(shop, method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} on ${shop.name}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
}

/** Empties the test database (as a fresh deployment finds it) — api suites run one file at a time. */
async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

describe.skipIf(databaseUrl === undefined)(
  'several server processes on one PostgreSQL and one S3 store (needs TEST_DATABASE_URL; CI sets it)',
  () => {
    let s3: LoopbackS3;
    const shops: ShopProcess[] = [];
    let a: ShopProcess;
    let b: ShopProcess;

    beforeAll(async () => {
      if (databaseUrl === undefined) return;
      const command = productionCommand();
      await emptyDatabase(databaseUrl);
      s3 = await startLoopbackS3();
      shops.push(...(await Promise.all(['one', 'two', 'three'].map((name) => startShop(name, command, s3)))));
      [a, b] = shops as [ShopProcess, ShopProcess];
    }, 240_000);
    afterAll(async () => {
      await Promise.all(shops.map(stopShop));
      await s3?.close();
    }, 60_000);

    it('three processes started at once on an empty database all become ready, and one seeds', {
      timeout: 200_000,
    }, async () => {
      await Promise.all(shops.map(waitUntilReady));
      const seeders = shops.filter((shop) => shop.output.includes(SEEDING_MESSAGE));
      expect(seeders.map((shop) => shop.name)).toHaveLength(1);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
        expect(rows[0]?.n).toBe(SEED_PRODUCTS);
        const admins = await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM users WHERE role = 'admin'",
        );
        expect(admins.rows[0]?.n).toBe(1);
      } finally {
        await client.end();
      }
      // The seed wrote the pictures to the shared store: a process that did not seed serves them.
      const other = shops.find((shop) => !seeders.includes(shop)) ?? a;
      const placeholder = await fetch(`${other.baseUrl}/media/placeholder/product.svg`);
      expect(placeholder.status).toBe(200);
      expect(placeholder.headers.get('content-type')).toMatch(/image\/svg\+xml/);
      const listing = await new Visitor().json<{ items: { tovar_pic1_url_site: string | null }[] }>(
        other,
        'GET',
        '/api/products?limit=5',
      );
      const pictures = listing.items.flatMap((item) => item.tovar_pic1_url_site ?? []);
      expect(pictures.length).toBeGreaterThan(0);
      for (const url of pictures) expect((await fetch(new URL(url, other.baseUrl))).status, url).toBe(200);
    });

    it('a visitor signed in on one server has the same session and cart on the other', async () => {
      const visitor = new Visitor();
      const email = `ops-${randomUUID().slice(0, 8)}@mail.ru`;
      const registered = await visitor.json<{ clientId: number }>(a, 'POST', '/api/register', {
        email,
        password: 'надёжный пароль 1',
      });
      const signedIn = await visitor.send(b, 'POST', '/api/login', { email, password: 'надёжный пароль 1' });
      expect(signedIn.status).toBe(200);
      const productId = await firstProductId(a);
      const saved = await visitor.json<{ id: number; quantity: number }[]>(
        a,
        'PUT',
        `/api/cart/${registered.clientId}`,
        { cart: [{ id: productId, quantity: 3 }] },
      );
      expect(saved.map((line) => [line.id, line.quantity])).toEqual([[productId, 3]]);
      const seenOnB = await visitor.json<{ id: number; quantity: number }[]>(
        b,
        'GET',
        `/api/cart/${registered.clientId}`,
      );
      expect(seenOnB.map((line) => [line.id, line.quantity])).toEqual([[productId, 3]]);
    });

    it('an administrator’s price change on one server shows on the other at once (its cache dropped)', async () => {
      const admin = new Visitor();
      expect((await admin.send(a, 'POST', '/api/admin-login', ADMIN)).status).toBe(200);
      const productId = await firstProductId(a);
      // Both servers read the product, so each holds it in its catalogue cache (an hour long here).
      const before = await admin.json<{ price: number }>(b, 'GET', `/api/products/${productId}`);
      await admin.json(a, 'GET', `/api/products/${productId}`);
      const price = before.price + 123;
      await admin.json(a, 'PATCH', `/api/admin/products/${productId}`, { price });
      // The NOTIFY travels through PostgreSQL: wait until the other server has dropped its cache.
      await eventually(async () =>
        expect((await admin.json<{ price: number }>(b, 'GET', `/api/products/${productId}`)).price).toBe(
          price,
        ),
      );
      // And every other server too.
      const three = shops[2] as ShopProcess;
      expect((await admin.json<{ price: number }>(three, 'GET', `/api/products/${productId}`)).price).toBe(
        price,
      );
    });

    it('a picture uploaded on one server is served by the other', async () => {
      const admin = new Visitor();
      expect((await admin.send(b, 'POST', '/api/admin-login', ADMIN)).status).toBe(200);
      const productId = await firstProductId(b);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8b5a2b' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      const uploaded = await admin.send(b, 'POST', `/api/admin/products/${productId}/images`, form);
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const images = (await uploaded.json()) as {
        key: string;
        sources: { url: string }[];
        avif_sources: { url: string }[];
      }[];
      const image = images.find((entry) => entry.key.startsWith('upload/'));
      expect(image).toBeDefined();
      for (const source of [...(image?.sources ?? []), ...(image?.avif_sources ?? [])]) {
        const served = await fetch(new URL(source.url, a.baseUrl));
        expect(served.status, source.url).toBe(200);
        expect(served.headers.get('content-type'), source.url).toMatch(/^image\/(webp|avif)/);
        expect((await served.arrayBuffer()).byteLength, source.url).toBeGreaterThan(0);
      }
      // Removed on A, gone for B.
      const removed = await admin.send(
        a,
        'DELETE',
        `/api/admin/products/${productId}/images/${image?.key.replaceAll('/', '~')}`,
      );
      expect(removed.status).toBe(200);
      const first = image?.sources[0]?.url ?? '';
      expect((await fetch(new URL(first, b.baseUrl))).status).toBe(404);
      // Nothing went through a local disk: the processes' own media folders hold no uploads.
      for (const shop of shops) expect(existsSync(join(shop.dataDir, 'media', 'upload'))).toBe(false);
    });
  },
);

async function firstProductId(shop: ShopProcess): Promise<number> {
  const listing = await new Visitor().json<{ items: { id: number }[] }>(shop, 'GET', '/api/products?limit=1');
  const [first] = listing.items;
  if (first === undefined) throw new Error(`${shop.name} lists no products`);
  return first.id;
}
