import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { numberOption, runCommand, waitForServer } from './bench-support';

/**
 * `npm run bench:memory [-- --minutes 2 --workers 4 --build --node-options "…"]` (issue 27, item 6):
 * the server's memory as a small shop runs it — the embedded database (PGlite), the demo catalogue, the
 * production build — measured from outside (the resident set of the `node dist/api/main.js` process, as
 * `npm run serve` starts it) and, at each phase's end, from inside (a Node diagnostic report: V8's heap).
 *
 * 1. first start on an empty data directory (migrations, 600 products seeded, their pictures rendered),
 *    then idle;
 * 2. a restart on the same directory (what a shop does every day), idle;
 * 3. `--minutes` of scripted anonymous browsing by `--workers` visitors at once, each asking one thing
 *    after another: home, categories (some with ?page=2), products, search pages, the API reads the app
 *    makes (listings, suggestions) and product pictures; RSS is sampled every second;
 * 4. idle again after the browsing.
 *
 * Writes bench-results/memory-<time>.json (samples, the phases, requests by kind, errors, load average)
 * and prints a table. Speed and memory stay in benchmarks: this exits non-zero only when it cannot
 * measure. `--build` runs `npm run build` first (otherwise the existing dist/ is measured). The server
 * runs with the Node flags of `npm run serve`; `--main FILE --without-serve-flags` measures another
 * build as it was started before (e.g. an older commit's compiled server), `--node-options` adds flags.
 */

const ROOT = resolve('.');
const MINUTES = numberOption('--minutes', 2);
const WORKERS = numberOption('--workers', 4);
const SETTLE_MS = 10_000;
const MAIN_INDEX = process.argv.indexOf('--main');
/** The compiled server to run (another build's, to compare): dist/api/main.js by default. */
const MAIN = MAIN_INDEX >= 0 ? (process.argv[MAIN_INDEX + 1] ?? 'dist/api/main.js') : 'dist/api/main.js';
const NODE_OPTIONS_INDEX = process.argv.indexOf('--node-options');
const EXTRA_NODE_OPTIONS = NODE_OPTIONS_INDEX >= 0 ? (process.argv[NODE_OPTIONS_INDEX + 1] ?? '') : '';
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const SEARCHES = ['диван', 'кресло', 'стол', 'лампа', 'ковёр', 'шкаф белый', 'крвать', 'lbdfy', 'kreslo'];

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

interface Server {
  readonly child: ChildProcess;
  readonly base: string;
  readonly reports: string;
}

/** The resident set of a process in bytes (Linux /proc; `ps` elsewhere). */
function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    if (kb !== undefined) return Number(kb) * 1024;
  } catch {
    // not Linux: fall through
  }
  return 0;
}

function freePort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}

/** The Node flags `npm run serve` starts the server with (package.json), so the bench runs the same. */
function serveFlags(): string[] {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> })
    .scripts;
  const command = /\bnode((?:\s+--\S+)*)\s+dist\/api\/main\.js/.exec(scripts?.serve ?? '');
  return (command?.[1] ?? '')
    .trim()
    .split(/\s+/)
    .filter((flag) => flag !== '');
}

async function start(dataDir: string): Promise<Server> {
  const port = freePort();
  const reports = mkdtempSync(join(tmpdir(), 'shop-bench-memory-reports-'));
  const flags = process.argv.includes('--without-serve-flags') ? [] : serveFlags();
  const child = spawn('node', [...flags, MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLIENT_DIR: resolve('dist/client'),
      // A diagnostic report (V8's heap) on SIGUSR2, into a folder of our own.
      NODE_OPTIONS: [
        process.env.NODE_OPTIONS ?? '',
        '--report-on-signal',
        '--report-signal=SIGUSR2',
        `--report-directory=${reports}`,
        EXTRA_NODE_OPTIONS,
      ]
        .join(' ')
        .trim(),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(base, child);
  return { child, base, reports };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise<void>((done) => server.child.once('exit', () => done()));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((wait) => setTimeout(wait, 20_000))]);
  rmSync(server.reports, { recursive: true, force: true });
}

/** V8's heap from a diagnostic report the process writes on SIGUSR2. */
async function heapOf(server: Server): Promise<{ totalMb: number; usedMb: number } | null> {
  const pid = server.child.pid;
  if (pid === undefined) return null;
  const before = new Set(readdirSync(server.reports));
  process.kill(pid, 'SIGUSR2');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await new Promise((wait) => setTimeout(wait, 100));
    const written = readdirSync(server.reports).find((name) => !before.has(name) && name.endsWith('.json'));
    if (written === undefined) continue;
    try {
      const report = JSON.parse(readFileSync(join(server.reports, written), 'utf8')) as {
        javascriptHeap?: { totalMemory?: number; usedMemory?: number };
      };
      const heap = report.javascriptHeap;
      return { totalMb: mb(heap?.totalMemory ?? 0), usedMb: mb(heap?.usedMemory ?? 0) };
    } catch {
      // still being written
    }
  }
  return null;
}

async function idle(server: Server, name: string) {
  await new Promise((wait) => setTimeout(wait, SETTLE_MS));
  const pid = server.child.pid ?? 0;
  const rssMb = mb(residentBytes(pid));
  const heap = await heapOf(server);
  console.log(`${name}: RSS ${rssMb} MB, V8 heap ${heap?.usedMb ?? '?'} of ${heap?.totalMb ?? '?'} MB`);
  return { phase: name, rssMb, heap };
}

interface Targets {
  readonly categories: readonly string[];
  readonly products: readonly string[];
  readonly pictures: readonly string[];
}

async function targets(base: string): Promise<Targets> {
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { path?: string }[];
  const listing = (await (await fetch(`${base}/api/products?limit=100`)).json()) as {
    items: { slug: string; tovar_pic1_url_site?: string | null }[];
  };
  return {
    categories: categories.flatMap((category) => (category.path ? [category.path] : [])),
    products: listing.items.map((item) => item.slug),
    pictures: listing.items.flatMap((item) => (item.tovar_pic1_url_site ? [item.tovar_pic1_url_site] : [])),
  };
}

function pick<T>(values: readonly T[]): T {
  const value = values[Math.floor(Math.random() * values.length)];
  if (value === undefined) throw new Error('nothing to pick from');
  return value;
}

/** One visitor's next request: [kind, path]. */
function nextRequest(site: Targets): [string, string] {
  const roll = Math.random();
  const word = pick(SEARCHES);
  if (roll < 0.1) return ['home', '/'];
  if (roll < 0.3) {
    const path = pick(site.categories);
    return ['category', Math.random() < 0.3 ? `/category/${path}?page=2` : `/category/${path}`];
  }
  if (roll < 0.55) return ['product', `/product/${pick(site.products)}`];
  if (roll < 0.62) return ['search page', `/search?q=${encodeURIComponent(word)}`];
  if (roll < 0.72) return ['api listing', `/api/products?limit=24&page=${1 + Math.floor(Math.random() * 5)}`];
  if (roll < 0.82) return ['api suggestions', `/api/search/suggestions?q=${encodeURIComponent(word)}`];
  return ['picture', pick(site.pictures)];
}

async function browse(server: Server) {
  const site = await targets(server.base);
  const pid = server.child.pid ?? 0;
  const samples: { atS: number; rssMb: number }[] = [];
  const counts: Record<string, number> = {};
  let errors = 0;
  const startedAt = Date.now();
  const endsAt = startedAt + MINUTES * 60_000;
  const sampler = setInterval(() => {
    samples.push({ atS: Math.round((Date.now() - startedAt) / 1000), rssMb: mb(residentBytes(pid)) });
  }, 1000);
  const visitor = async () => {
    while (Date.now() < endsAt) {
      const [kind, path] = nextRequest(site);
      try {
        const response = await fetch(`${server.base}${path}`, {
          headers: { 'user-agent': PHONE_AGENT, 'accept-encoding': 'br, gzip' },
        });
        await response.arrayBuffer();
        counts[kind] = (counts[kind] ?? 0) + 1;
        if (response.status >= 500) errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, visitor));
  clearInterval(sampler);
  const values = samples.map((sample) => sample.rssMb);
  const half = samples.slice(Math.floor(samples.length / 2));
  // Growth over the second half (MB per minute, least squares): flat memory is ≈ 0.
  const meanT = half.reduce((sum, s) => sum + s.atS, 0) / Math.max(1, half.length);
  const meanR = half.reduce((sum, s) => sum + s.rssMb, 0) / Math.max(1, half.length);
  const slope =
    half.reduce((sum, s) => sum + (s.atS - meanT) * (s.rssMb - meanR), 0) /
    Math.max(
      1e-9,
      half.reduce((sum, s) => sum + (s.atS - meanT) ** 2, 0),
    );
  const result = {
    minutes: MINUTES,
    workers: WORKERS,
    requests: Object.values(counts).reduce((sum, n) => sum + n, 0),
    byKind: counts,
    errors,
    peakRssMb: Math.max(...values),
    endRssMb: values.at(-1) ?? 0,
    secondHalfGrowthMbPerMinute: Math.round(slope * 60 * 10) / 10,
    samples,
  };
  console.log(
    `browsing ${MINUTES} min, ${WORKERS} visitors: ${result.requests} requests (${errors} errors), RSS peak ` +
      `${result.peakRssMb} MB, at the end ${result.endRssMb} MB, second half ${result.secondHalfGrowthMbPerMinute} MB/min`,
  );
  return result;
}

async function main() {
  if (process.argv.includes('--build') || !existsSync('dist/api/main.js')) {
    await runCommand('npm', ['run', 'build'], {});
  }
  const loadBefore = loadavg();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-memory-'));
  const phases = [];
  let browsing: Awaited<ReturnType<typeof browse>> | null = null;
  try {
    let server = await start(dataDir);
    phases.push(await idle(server, 'idle after the first start (seeded)'));
    await stop(server);
    server = await start(dataDir);
    try {
      phases.push(await idle(server, 'idle after a restart'));
      browsing = await browse(server);
      phases.push(await idle(server, 'idle after browsing'));
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const report = {
    at: new Date().toISOString(),
    main: MAIN,
    serveFlags: process.argv.includes('--without-serve-flags') ? [] : serveFlags(),
    nodeOptions: EXTRA_NODE_OPTIONS,
    loadAverage: { before: loadBefore, after: loadavg() },
    phases,
    browsing,
  };
  mkdirSync('bench-results', { recursive: true });
  const file = `bench-results/memory-${report.at.replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `load average ${loadBefore.map((n) => n.toFixed(1)).join(' ')} → ${report.loadAverage.after.map((n) => n.toFixed(1)).join(' ')}; ${file}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
