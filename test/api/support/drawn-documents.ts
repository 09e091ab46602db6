import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build } from 'vite';
import {
  parseRecordedCalls,
  RECORDED_CALLS_ELEMENT_ID,
  type RecordedCall,
} from '../../../api/recorded-calls';
import { createServer } from '../../../server/composition-root';
import type { Database } from '../../../server/infrastructure/db/database';
import { CapturingMailer, testAccountsConfig } from './session-client';
import { openTestDatabase, type TestDriver } from './test-database';

/**
 * What the page-document suites share: the real server renderer built beside a test client folder, and
 * reading the documents it draws (server/http/page-document.ts).
 */

/** The built index.html, reduced to what the page document fills in. */
const DOCUMENT_TEMPLATE = `<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>Дом и Стиль</title>
<meta name="description" content="Мебель, декор и техника." />
<script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script></head>
<body><div id="root"><!--app--><!--/app--></div></body></html>`;

/** A desktop browser's user agent: a person, not a crawler. */
export const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/**
 * A client folder with `template` and `manifest`, and the server renderer (src/entry-server.tsx) built
 * beside it exactly as `npm run build:server` builds it. Returns the client folder.
 */
export async function buildDrawingClient(
  name: string,
  { template = DOCUMENT_TEMPLATE, manifest = {} }: { template?: string; manifest?: object } = {},
): Promise<string> {
  const buildDir = mkdtempSync(join(tmpdir(), `${name}-`));
  await build({
    configFile: 'vite.config.ts',
    mode: 'production',
    logLevel: 'error',
    build: { ssr: 'src/entry-server.tsx', outDir: join(buildDir, 'server'), emptyOutDir: true },
  });
  const clientDir = join(buildDir, 'client');
  mkdirSync(join(clientDir, '.vite'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), template);
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return clientDir;
}

/** The app on a seeded test database, drawing pages from `clientDir`, with the page document cache on. */
export async function startDrawingServer(
  driver: TestDriver,
  clientDir: string,
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openTestDatabase(driver);
  const { app } = await createServer(database, {
    dataDir: resolve('.tmp/test-data'),
    clientDir,
    logLevel: 'silent',
    logger: false,
    cacheEntries: 5000,
    cacheTtlMs: 60_000,
    pageCacheBytes: 8 * 1024 * 1024,
    accounts: testAccountsConfig(),
    mailer: new CapturingMailer(),
  });
  await app.ready();
  return { app, database };
}

/** A document as text, whatever its compression. */
export function htmlOf(response: LightMyRequestResponse): string {
  return response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.rawPayload).toString('utf8')
    : response.body;
}

/** The port calls a drawn page's document carries (api/recorded-calls.ts), by key. */
export function callsOf(html: string): Map<string, RecordedCall> {
  const match = new RegExp(
    `<script type="application/json" id="${RECORDED_CALLS_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  const record = parseRecordedCalls(match?.[1] ?? null);
  if (record === null) throw new Error('no recorded calls in the document');
  return new Map(record.calls.map((call) => [call.key, call]));
}
