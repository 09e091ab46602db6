import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';

/**
 * The production start exactly as the Dockerfile's runtime stage does it: package.json, the lock file and
 * the build (dist/, made once by the e2e global setup with `npm run build`) in a folder of their own,
 * `npm ci --omit=dev`, then `node dist/api/main.js`. It proves the compiled server needs no dev
 * dependency (no tsx, no TypeScript), that the shop it starts serves pages and the API, and that SIGTERM
 * stops it — cleanly, or at SHUTDOWN_TIMEOUT_SECONDS when a request hangs.
 */
const projectRoot = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface RunningShop {
  readonly process: ChildProcess;
  readonly baseUrl: string;
  readonly exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/** `node dist/api/main.js` in `folder`, as the container runs it; resolves once /readyz answers 200. */
async function startShop(folder: string, settings: NodeJS.ProcessEnv = {}): Promise<RunningShop> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/api/main.js'], {
    cwd: folder,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, 'data'),
      SEED_PRODUCTS: '12',
      PUBLIC_URL: baseUrl,
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output.slice(-4000)}`);
    const ready = await fetch(`${baseUrl}/readyz`).catch(() => null);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${output.slice(-4000)}`);
    await new Promise((done) => setTimeout(done, 300));
  }
  return { process: child, baseUrl, exited, output: () => output };
}

/**
 * A package, or a scope holding at least one package. npm 10 (Node 22's) leaves an empty scope folder for a
 * dev-only optional dependency it skipped (`node_modules/@biomejs/`), which installs nothing.
 */
function isInstalled(path: string): boolean {
  if (!existsSync(path)) return false;
  if (!basename(path).startsWith('@')) return true;
  return readdirSync(path).some((entry) => existsSync(join(path, entry, 'package.json')));
}

const jsonLines = (output: string): string[] => output.split('\n').filter((line) => line.trim() !== '');

describe('the production start (npm ci --omit=dev, then node dist/api/main.js)', () => {
  let folder: string;
  let shop: RunningShop | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'shop-production-'));
    for (const file of ['package.json', 'package-lock.json'])
      cpSync(join(projectRoot, file), join(folder, file));
    // The lock names the lint runner (a dev dependency) by its folder; npm wants it present even when omitting dev.
    cpSync(join(projectRoot, 'tools', 'biome-runner'), join(folder, 'tools', 'biome-runner'), {
      recursive: true,
    });
    cpSync(join(projectRoot, 'dist'), join(folder, 'dist'), { recursive: true });
    // --prefer-offline: the project's own `npm ci` has filled the cache; the registry only for what it lacks.
    await run(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      {
        cwd: folder,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    shop = await startShop(folder);
  }, 400_000);

  afterAll(async () => {
    if (shop && shop.process.exitCode === null) shop.process.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('installs no development tool', () => {
    expect(existsSync(join(folder, 'node_modules', 'fastify'))).toBe(true);
    expect(existsSync(join(folder, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(join(folder, 'node_modules', 'typescript'))).toBe(false);
    expect(existsSync(join(folder, 'node_modules', 'vite'))).toBe(false);
    // Issue 24, item 11: no lint binary and no browser-only package (the renderer bundles what it uses).
    for (const name of [
      '@biomejs',
      '@shop/biome-runner',
      'lucide-react',
      '@tiptap',
      '@dnd-kit',
      'react-toastify',
      'lenis',
      '@tanstack/react-table',
      '@fontsource-variable',
    ]) {
      expect({ name, installed: isInstalled(join(folder, 'node_modules', name)) }).toEqual({
        name,
        installed: false,
      });
    }
  });

  it('serves the server-drawn shop, the API and the health endpoints', async () => {
    const baseUrl = shop?.baseUrl ?? '';
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(await page.text()).toContain('Дом и Стиль');
    const categories = await fetch(`${baseUrl}/api/categories`);
    expect(categories.status).toBe(200);
    expect(categories.headers.get('content-type')).toMatch(/application\/json/);
    expect(await (await fetch(`${baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = (await (await fetch(`${baseUrl}/readyz`)).json()) as { status: string };
    expect(ready.status).toBe('ready');
  });

  it('SEED_PRODUCTS=0 starts an empty shop: the administrator and the required pages only', async () => {
    const empty = await startShop(folder, {
      DATA_DIR: join(folder, 'data-empty'),
      SEED_PRODUCTS: '0',
      ADMIN_EMAIL: 'owner@shop.test',
      ADMIN_PASSWORD: 'Пароль-владельца-магазина-1',
    });
    try {
      const get = async (path: string, cookie = '') =>
        fetch(`${empty.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
      const json = async (path: string, cookie = '') => (await get(path, cookie)).json() as Promise<unknown>;
      expect(await json('/api/products?limit=1')).toMatchObject({ items: [], total: 0 });
      expect(await json('/api/categories')).toEqual([]);
      expect(await json('/api/style-categories')).toEqual([]);
      expect(await json('/api/news')).toMatchObject({ items: [], total: 0 });
      expect(await json('/api/news?type=inspiration')).toMatchObject({ items: [], total: 0 });
      // The pages a shop selling at a distance must publish, as editable templates (required-pages.ts)…
      for (const slug of ['contacts', 'delivery', 'payment', 'trust', 'privacy', 'terms', 'consent']) {
        expect({ slug, status: (await get(`/api/pages/${slug}`)).status }).toEqual({ slug, status: 200 });
      }
      // …and no demo marketing page.
      for (const slug of ['professionals', 'gift-cards', 'installment', 'how-to-order', 'support']) {
        expect({ slug, status: (await get(`/api/pages/${slug}`)).status }).toEqual({ slug, status: 404 });
      }
      expect((await get('/')).status).toBe(200);
      const login = await fetch(`${empty.baseUrl}/api/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: empty.baseUrl },
        body: JSON.stringify({ email: 'owner@shop.test', password: 'Пароль-владельца-магазина-1' }),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      // No promo code at all: no demo codes, and no public HOME10 for a newsletter subscription.
      expect(await json('/api/admin/promo', cookie)).toMatchObject({ items: [], total: 0 });
      expect(await json('/api/admin/clients', cookie)).toMatchObject({ items: [], total: 0 });
      expect(await json('/api/admin/admins', cookie)).toHaveLength(1);
      // The SEO list names every page that may carry a text (the home page, each category); an empty shop
      // has written none of them.
      const seo = (await json('/api/admin/seo', cookie)) as readonly Record<string, unknown>[];
      expect(
        seo.filter((text) =>
          ['title', 'html', 'meta_title', 'meta_description'].some((field) => (text[field] ?? '') !== ''),
        ),
      ).toEqual([]);
      const subscribed = await fetch(`${empty.baseUrl}/api/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: empty.baseUrl },
        body: JSON.stringify({ email: 'first-reader@mail.ru' }),
      });
      expect(await subscribed.json()).toEqual({ status: 'created' });
      expect(empty.output()).toContain('SEED_PRODUCTS=0');
    } finally {
      empty.process.kill('SIGTERM');
      expect(await empty.exited).toBe(0);
    }
  });

  it('logs only JSON lines and stops cleanly on SIGTERM', async () => {
    if (!shop) throw new Error('the shop did not start');
    shop.process.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    const lines = jsonLines(shop.output());
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.at(-1)).toContain('Сервер остановлен');
  });

  it('exits anyway when a request is still in flight at the shutdown deadline', async () => {
    const stuck = await startShop(folder, { SHUTDOWN_TIMEOUT_SECONDS: '2' });
    shop = stuck;
    // A request whose body never arrives keeps its connection busy: closing the server waits for it.
    const socket = connect(Number(new URL(stuck.baseUrl).port), '127.0.0.1');
    await new Promise<void>((done) => socket.once('connect', () => done()));
    socket.write(
      'POST /api/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // The server has the request once it logged it (Fastify logs a request as it arrives, before its body).
    await eventually(() =>
      expect(
        jsonLines(stuck.output()).some(
          (line) => line.includes('"incoming request"') && line.includes('"url":"/api/subscribe"'),
        ),
      ).toBe(true),
    );
    const signalled = Date.now();
    stuck.process.kill('SIGTERM');
    expect(await stuck.exited).toBe(1);
    const waited = Date.now() - signalled;
    socket.destroy();
    // It waited for the request (a timer never fires early), then gave up: the last line says so.
    expect(waited).toBeGreaterThanOrEqual(1500);
    const last = JSON.parse(jsonLines(stuck.output()).at(-1) ?? '{}') as {
      msg?: string;
      gracePeriodMs?: number;
    };
    expect(last.msg).toContain('принудительно');
    expect(last.gracePeriodMs).toBe(2000);
  });
});
