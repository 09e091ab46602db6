import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { numberOption, percentile, runCommand, waitForServer } from './bench-support';

/**
 * `npm run bench:api [-- --products 100000 --duration 20]`: seeds a large synthetic catalogue into a
 * scratch data directory (kept between runs for the same size), starts the real server on it and
 * drives it with autocannon at fixed rates. Writes bench-results/api-<time>.json with req/s, p50, p95,
 * p99 and errors for: product by slug, a category listing of 24 with filters, and a search mix.
 * Targets (issue 3, PGlite, 100 000 products): slug p99 ≤ 10 ms at 2 000 req/s; listing p99 ≤ 25 ms at
 * 1 000 req/s; search p95 ≤ 20 ms at 200 req/s; zero errors.
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

async function scenario(name: string, rate: number, paths: readonly string[]) {
  const cold = await warmUp(paths);
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
  };
  console.log(JSON.stringify(report));
  return report;
}

async function main(): Promise<void> {
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
    const categories = await json<{ slug: string; level: number }[]>('/api/categories');
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
    const results = [
      await scenario(
        'product by slug',
        2000,
        [...slugs].map((slug) => `/api/products/slug/${slug}`),
      ),
      await scenario('category listing of 24 with filters', 1000, listingPaths),
      await scenario('search mix', 200, searches),
    ];
    mkdirSync('bench-results', { recursive: true });
    const file = `bench-results/api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(
      file,
      `${JSON.stringify({ products: PRODUCTS, durationSeconds: DURATION, cacheEntries: CACHE_ENTRIES, driver: 'pglite', results }, null, 2)}\n`,
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
