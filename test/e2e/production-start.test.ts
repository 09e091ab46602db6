import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production start exactly as the Dockerfile's runtime stage does it: package.json, the lock file and
 * the build (dist/, made once by the e2e global setup with `npm run build`) in a folder of their own,
 * `npm ci --omit=dev`, then `node dist/api/main.js`. It proves the compiled server needs no dev
 * dependency (no tsx, no TypeScript) and that the shop it starts serves pages and the API.
 */
const projectRoot = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

describe('the production start (npm ci --omit=dev, then node dist/api/main.js)', () => {
  let folder: string;
  let server: ChildProcess | undefined;
  let output = '';
  let baseUrl: string;
  let exited: Promise<number | null>;

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
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['dist/api/main.js'], {
      cwd: folder,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(folder, 'data'),
        SEED_PRODUCTS: '12',
        PUBLIC_URL: baseUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = server;
    exited = new Promise((done) => child.once('exit', (code) => done(code)));
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
  }, 400_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('installs no development tool', () => {
    expect(existsSync(join(folder, 'node_modules', 'fastify'))).toBe(true);
    expect(existsSync(join(folder, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(join(folder, 'node_modules', 'typescript'))).toBe(false);
    expect(existsSync(join(folder, 'node_modules', 'vite'))).toBe(false);
  });

  it('serves the server-drawn shop, the API and the health endpoints', async () => {
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

  it('logs only JSON lines and stops cleanly on SIGTERM', async () => {
    server?.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.at(-1)).toContain('Сервер остановлен');
  });
});
