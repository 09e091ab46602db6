import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../support/free-port';

/**
 * The e2e suites run against the production build served by the real server on a fresh data directory,
 * exactly as `npm start` serves it. One build and one server per run; each test opens its own browser context.
 */
const projectRoot = resolve(import.meta.dirname, '../../..');

let server: ChildProcess | undefined;
let dataDir: string | undefined;

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop server exited early:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The shop server did not answer ${url} within 180 s:\n${log()}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // vitest sets NODE_ENV=test; the suites must run against the same production bundle `npm start` serves.
  execFileSync('npm', ['run', '-s', 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A known administrator for the suites that act as the manager (e.g. allowing an order to be paid).
  const admin = { email: 'e2e-admin@domistil.local', password: `e2e-${randomUUID()}` };
  let output = '';
  server = spawn('npm', ['run', '-s', 'serve'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitUntilServing(`${baseUrl}/`, server, () => output.slice(-4000));
  project.provide('shopBaseUrl', baseUrl);
  project.provide('shopAdmin', admin);
  // Mail goes to DATA_DIR/outbox as .eml files (no SMTP in e2e): suites read what the shop sent.
  project.provide('shopDataDir', dataDir);

  return async () => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((done) => setTimeout(done, 1500));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopBaseUrl: string;
    shopAdmin: { email: string; password: string };
    shopDataDir: string;
  }
}
