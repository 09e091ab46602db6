import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { numberOption, percentile, runCommand, waitForServer } from './bench-support';

/**
 * `npm run bench:api [-- --products 100000 --duration 20 --page-workers 2 --no-build]`: seeds a large
 * synthetic catalogue into a scratch data directory (kept between runs for the same size), starts the
 * real server on it and drives it with autocannon at fixed rates. Writes bench-results/api-<time>.json
 * with req/s, p50, p95, p99 and errors for: product by slug, a category listing of 24 with filters, and
 * a search mix.
 * Targets (issue 3, PGlite, 100 000 products): slug p99 ≤ 10 ms at 2 000 req/s; listing p99 ≤ 25 ms at
 * 1 000 req/s; search p95 ≤ 20 ms at 200 req/s; zero errors.
 *
 * Beside each scenario's load, page probes (`--page-workers`, 0 for none) ask for public pages one
 * after another — home, products, categories — half as a browser and half as YandexBot, and count the
 * documents that went out without the page's content (the loading screen instead of the server's
 * markup: issue 24, item 12), with the render time the server reports in Server-Timing. The server
 * serves a build of the app made into .tmp/bench-api (`--no-build` reuses the last one).
 */

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number; max: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
interface AutocannonClient {
  setRequest(request: { path: string }): void;
}
interface AutocannonInstance {
  on(
    event: 'response',
    listener: (client: AutocannonClient, status: number, bytes: number, time: number) => void,
  ): void;
}
type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;

const PRODUCTS = numberOption('--products', 100_000);
const DURATION = numberOption('--duration', 20);
const PORT = numberOption('--port', 3190);
const CACHE_ENTRIES = numberOption('--cache-entries', 10_000);
/**
 * `--popular-pages N`: the probes ask for the first N pages only (home, then categories and products in
 * turn), as a shop's visitors mostly do — the pages the document cache (PAGE_CACHE_MB) keeps warm.
 */
const POPULAR_PAGES = numberOption('--popular-pages', Number.MAX_SAFE_INTEGER);
/** `--page-workers N`: page probes beside the load (2 unless given; 0 for none). */
function pageWorkers(): number {
  const index = process.argv.indexOf('--page-workers');
  if (index < 0) return 2;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error('--page-workers: целое число от 0');
  return value;
}
const PAGE_WORKERS = pageWorkers();
const BUILD_DIR = resolve('.tmp/bench-api');
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = resolve(`.tmp/bench/data-${PRODUCTS}`);
const TSX = resolve('node_modules/.bin/tsx');

async function json<T>(path: string): Promise<T> {
  const response = await fetch(`${BASE}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Every distinct request once, one at a time, before measuring: the steady state of a shop whose
 * catalogue reads are cached. The cold timings are reported too.
 */
async function warmUp(
  paths: readonly string[],
): Promise<{ requests: number; p50: number; p99: number; max: number }> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${BASE}${path}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? 0,
  };
}

const BROWSER_AGENT =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const CRAWLER_AGENT = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';
/** index.html's marker of a page the server drew (server/http/page-document.ts). */
const DRAWN_MARKER = '<!--app:drawn-->';

interface PageCounts {
  documents: number;
  drawn: number;
  /** Public pages sent without their content (the loading screen), whatever the status. */
  missed: number;
  statuses: Record<string, number>;
  times: number[];
  renderTimes: number[];
}

function pageCounts(): PageCounts {
  return { documents: 0, drawn: 0, missed: 0, statuses: {}, times: [], renderTimes: [] };
}

function pageReport(counts: PageCounts) {
  const times = [...counts.times].sort((a, b) => a - b);
  const renders = [...counts.renderTimes].sort((a, b) => a - b);
  return {
    documents: counts.documents,
    drawn: counts.drawn,
    missed: counts.missed,
    missedRate: counts.documents === 0 ? 0 : Math.round((counts.missed / counts.documents) * 10_000) / 10_000,
    statuses: counts.statuses,
    documentMs: { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 },
    renderMs: { p50: percentile(renders, 50), p95: percentile(renders, 95), max: renders.at(-1) ?? 0 },
  };
}

/**
 * Page probes running until stopped: each worker asks for the next public page and waits for it,
 * alternating a browser's and a crawler's User-Agent. Every URL is a page the server draws.
 */
function startPageProbes(pages: readonly string[], workers: number) {
  const counts = { person: pageCounts(), crawler: pageCounts() };
  let next = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const index = next++;
      const path = pages[index % pages.length] ?? '/';
      const kind = index % 2 === 0 ? 'person' : 'crawler';
      const count = counts[kind];
      const started = performance.now();
      try {
        const response = await fetch(`${BASE}${path}`, {
          headers: { 'user-agent': kind === 'person' ? BROWSER_AGENT : CRAWLER_AGENT },
        });
        const html = await response.text();
        count.times.push(performance.now() - started);
        count.documents += 1;
        count.statuses[response.status] = (count.statuses[response.status] ?? 0) + 1;
        if (html.includes(DRAWN_MARKER)) count.drawn += 1;
        else if (response.status !== 404) count.missed += 1;
        const render = /render;dur=(\d+)/.exec(response.headers.get('server-timing') ?? '');
        if (render !== null) count.renderTimes.push(Number(render[1]));
      } catch {
        count.documents += 1;
        count.statuses.error = (count.statuses.error ?? 0) + 1;
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    async stop() {
      running = false;
      await done;
      return { person: pageReport(counts.person), crawler: pageReport(counts.crawler) };
    },
  };
}

let pagePaths: readonly string[] = [];

async function scenario(name: string, rate: number, paths: readonly string[]) {
  const cold = await warmUp(paths);
  const probes = PAGE_WORKERS > 0 && pagePaths.length > 0 ? startPageProbes(pagePaths, PAGE_WORKERS) : null;
  let next = 0;
  const times: number[] = [];
  const result = await new Promise<AutocannonResult>((done, fail) => {
    const instance = autocannon(
      {
        url: BASE,
        connections: 20,
        overallRate: rate,
        duration: DURATION,
        requests: [
          {
            setupRequest: (request: Record<string, unknown>) => ({
              ...request,
              path: paths[next++ % paths.length],
            }),
          },
        ],
      },
      (error, value) => (error ? fail(error) : done(value)),
    );
    instance.on('response', (_client, _status, _bytes, time) => {
      times.push(time);
    });
  });
  const pages = probes === null ? null : await probes.stop();
  times.sort((a, b) => a - b);
  const report = {
    name,
    coldFirstRequests: cold,
    targetRate: rate,
    distinctRequests: paths.length,
    requestsPerSecond: Math.round(result.requests.average),
    total: result.requests.total,
    // autocannon's latencies are corrected for coordinated omission at a fixed rate.
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    // Raw per-response times, for the p95 the search target names.
    raw: { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) },
    errors: result.errors + result.timeouts + result.non2xx,
    pages,
  };
  console.log(JSON.stringify(report));
  return report;
}

async function main(): Promise<void> {
  // Before seeding and building: how busy the box was when the run began (issue 27: every bench records it).
  const loadBefore = loadavg();
  mkdirSync(dataDir, { recursive: true });
  const marker = join(dataDir, 'seeded');
  if (!existsSync(marker)) {
    console.log(`Заполняю ${PRODUCTS} товаров в ${dataDir}…`);
    const started = Date.now();
    await runCommand(TSX, ['scripts/db-seed.ts', '--products', String(PRODUCTS), '--no-images'], {
      DATA_DIR: dataDir,
    });
    writeFileSync(marker, `${PRODUCTS} ${Date.now() - started} ms\n`);
  }
  if (PAGE_WORKERS > 0 && !process.argv.includes('--no-build')) {
    // A private build (npm run build writes dist/, which the e2e suites use): the client for index.html
    // and the manifest, the server renderer beside it.
    const build = { VITE_API_BASE_URL: '/' };
    const vite = resolve('node_modules/.bin/vite');
    await runCommand(vite, ['build', '--outDir', join(BUILD_DIR, 'client'), '--logLevel', 'warn'], build);
    await runCommand(
      vite,
      ['build', '--ssr', 'src/entry-server.tsx', '--outDir', join(BUILD_DIR, 'server'), '--logLevel', 'warn'],
      build,
    );
  }
  // tsx directly (not through npx), so SIGTERM reaches the server and it closes the database cleanly.
  const server = spawn(TSX, ['server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CACHE_ENTRIES: String(CACHE_ENTRIES),
      // The warm-up of all scenarios takes minutes on a busy box: keep entries for the whole run.
      CACHE_TTL_SECONDS: '1800',
      DATABASE_URL: '',
      CLIENT_DIR: join(BUILD_DIR, 'client'),
    },
    stdio: 'inherit',
  });
  try {
    await waitForServer(BASE, server);
    const popular = await json<{ items: { slug: string }[] }>('/api/products?sort=popular&limit=100');
    const slugs = new Set(popular.items.map((item) => item.slug));
    for (let offset = 0; slugs.size < 4000 && offset < 100_000; offset += 100) {
      const page = await json<{ items: { slug: string }[] }>(
        `/api/products?sort=price_asc&limit=100&offset=${offset * 7}`,
      );
      if (page.items.length === 0) break;
      for (const item of page.items) slugs.add(item.slug);
    }
    const categories = await json<{ slug: string; path: string; level: number }[]>('/api/categories');
    const listingPaths: string[] = [];
    for (const category of categories.filter((c) => c.level >= 1).slice(0, 60)) {
      const list = await json<{
        facets: { material: { value: string }[]; price: { min: number; max: number } };
      }>(`/api/products?category=${category.slug}&limit=24`);
      const material = list.facets.material[0]?.value;
      const { min, max } = list.facets.price;
      for (const sort of ['new', 'price_asc', 'popular']) {
        const query = new URLSearchParams({ category: category.slug, limit: '24', sort });
        if (min !== null && max !== null) {
          query.set('price_min', String(min));
          query.set('price_max', String(Math.round((min + max) / 2)));
        }
        listingPaths.push(`/api/products?${query}`);
        if (material) listingPaths.push(`/api/products?${query}&material=${encodeURIComponent(material)}`);
      }
    }
    const searches = [
      'диван',
      'кресло',
      'стол',
      'лампа',
      'ковер',
      'диван серый',
      'кровать двуспальная',
      'журнальный столик',
      'стул дуб',
      'шкаф белый',
      'дивн',
      'кресо',
      'крвать',
      'светилник',
      'lbdfy',
      'rhtckj',
      'crfnthnm',
      'divan',
      'kreslo',
      'матрас',
    ].map((q) => `/api/search?q=${encodeURIComponent(q)}`);
    // Public pages the server draws: the home page, products (the popular ones and some of the rest)
    // and category listings — the top-level ones (the largest listings, the costliest when not cached)
    // and 60 below them.
    const categoryPaths = [
      ...categories.filter((category) => category.level === 0),
      ...categories.filter((category) => category.level >= 1).slice(0, 60),
    ].map((category) => `/category/${category.path}`);
    const productPages = [...slugs].filter((_, index) => index % 20 === 0).map((slug) => `/product/${slug}`);
    pagePaths = ['/', ...categoryPaths.flatMap((path, index) => [path, productPages[index] ?? '/'])];
    pagePaths = [...pagePaths, ...productPages.slice(categoryPaths.length)].slice(0, POPULAR_PAGES);
    // The renderer's first use (its import, the first renders) is not what is measured.
    for (const path of pagePaths.slice(0, 10)) await (await fetch(`${BASE}${path}`)).arrayBuffer();
    const results = [
      await scenario(
        'product by slug',
        2000,
        [...slugs].map((slug) => `/api/products/slug/${slug}`),
      ),
      await scenario('category listing of 24 with filters', 1000, listingPaths),
      await scenario('search mix', 200, searches),
    ];
    // The same probes on the idle server afterwards (its caches warm from the scenarios): the
    // baseline the loaded runs compare with.
    let pagesWithoutLoad = null;
    if (PAGE_WORKERS > 0) {
      const probes = startPageProbes(pagePaths, PAGE_WORKERS);
      await new Promise((done) => setTimeout(done, DURATION * 1000));
      pagesWithoutLoad = await probes.stop();
      console.log(JSON.stringify({ name: 'pages without API load', pages: pagesWithoutLoad }));
    }
    mkdirSync('bench-results', { recursive: true });
    const file = `bench-results/api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(
      file,
      `${JSON.stringify({ products: PRODUCTS, durationSeconds: DURATION, cacheEntries: CACHE_ENTRIES, driver: 'pglite', pageWorkers: PAGE_WORKERS, popularPages: pagePaths.length, pageCacheMb: process.env.PAGE_CACHE_MB ?? '16', loadAverage: { before: loadBefore, after: loadavg() }, results, pagesWithoutLoad }, null, 2)}\n`,
    );
    console.log(
      `Нагрузка: ${loadBefore.map((value) => value.toFixed(2)).join(' ')} → ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    console.log(`Отчёт: ${file}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
