import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { numberOption, percentile, runCommand, waitForServer } from './bench-support';

/**
 * `npm run bench:search [-- postgres://… ] [--products 100000] [--rounds 5] [--port 3191]`: the search
 * suggestions endpoint (tracker issue 13) at 100 000 products. Seeds the catalogue into PostgreSQL (the
 * URL argument, else DATABASE_URL, else TEST_DATABASE_URL; re-seeded only when its product count
 * differs) — or, without any URL, into a PGlite scratch directory — starts the real server with the
 * read cache switched off (CACHE_ENTRIES=0: every request reaches the database), and sends what
 * shoppers type — Cyrillic prefixes letter by letter, typos, the wrong keyboard layout, Latin
 * transliteration, a second word — over real HTTP, one request at a time. Prints p50/p95/p99 of the
 * client-measured time and writes bench-results/search-<time>.json; exits 1 when p95 > 30 ms.
 */

const P95_TARGET_MS = 30;

const PRODUCTS = numberOption('--products', 100_000);
const ROUNDS = numberOption('--rounds', 5);
const PORT = numberOption('--port', 3191);
const BASE = `http://127.0.0.1:${PORT}`;
const TSX = resolve('node_modules/.bin/tsx');
const urlArgument = process.argv.slice(2).find((arg) => /^postgres(ql)?:\/\//.test(arg));
const DATABASE_URL =
  urlArgument ?? process.env.DATABASE_URL?.trim() ?? process.env.TEST_DATABASE_URL?.trim() ?? '';
const driver = DATABASE_URL ? 'postgresql' : 'pglite';
const dataDir = resolve(`.tmp/bench/data-${PRODUCTS}`);

/** Whole words shoppers look for; each is typed letter by letter from its second letter. */
const TYPED_WORDS = [
  'диван',
  'кресло',
  'кровать',
  'стол',
  'шкаф',
  'комод',
  'лампа',
  'матрас',
  'стул',
  'зеркало',
];
/** Typos, the wrong keyboard layout (Latin keys for Cyrillic), transliteration and two-word queries. */
const OTHER_QUERIES = [
  'дивн',
  'крсло',
  'кроват',
  'светилник',
  'комд',
  'lbd',
  'lbdf',
  'lbdfy',
  'rhtc',
  'rhtckj',
  'irfa',
  'crfnthnm',
  'div',
  'divan',
  'kreslo',
  'stol',
  'диван сер',
  'диван угл',
  'стол дуб',
  'кровать дв',
  'шкаф бел',
  'lbdfy cth',
];

function typingQueries(): string[] {
  const prefixes = TYPED_WORDS.flatMap((word) =>
    Array.from({ length: word.length - 1 }, (_, index) => word.slice(0, index + 2)),
  );
  return [...prefixes, ...OTHER_QUERIES];
}

/** The product count of the PostgreSQL database, or null when it has no catalogue yet. */
async function postgresProducts(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: number }>(
      "SELECT CASE WHEN to_regclass('public.products') IS NULL THEN NULL ELSE (SELECT count(*)::int FROM products) END AS count",
    );
    return result.rows[0]?.count ?? null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

async function seedIfNeeded(): Promise<void> {
  const seed = (env: NodeJS.ProcessEnv) =>
    runCommand(TSX, ['scripts/db-seed.ts', '--products', String(PRODUCTS), '--no-images'], env);
  if (DATABASE_URL) {
    const count = await postgresProducts(DATABASE_URL);
    if (count === PRODUCTS) return;
    console.log(`Заполняю PostgreSQL: ${PRODUCTS} товаров (сейчас ${count ?? 'нет каталога'})…`);
    await seed({ DATABASE_URL });
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const marker = join(dataDir, 'seeded');
  if (existsSync(marker)) return;
  console.log(`Заполняю PGlite: ${PRODUCTS} товаров в ${dataDir}…`);
  const started = Date.now();
  await seed({ DATA_DIR: dataDir, DATABASE_URL: '' });
  writeFileSync(marker, `${PRODUCTS} ${Date.now() - started} ms\n`);
}

interface Answer {
  readonly products: readonly unknown[];
  readonly categories: readonly unknown[];
}

/** One request; its time runs from sending to the last byte of the parsed answer. */
async function timed(query: string): Promise<{ ms: number; answer: Answer }> {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/search/suggestions?q=${encodeURIComponent(query)}`);
  if (!response.ok) throw new Error(`«${query}»: HTTP ${response.status}`);
  const answer = (await response.json()) as Answer;
  return { ms: performance.now() - started, answer };
}

async function main(): Promise<void> {
  await seedIfNeeded();
  // tsx directly (not through npx), so SIGTERM reaches the server and it closes the database cleanly.
  const server = spawn(TSX, ['server/main.ts'], {
    env: {
      ...process.env,
      ...(DATABASE_URL ? { DATABASE_URL } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CACHE_ENTRIES: '0',
    },
    stdio: 'inherit',
  });
  try {
    await waitForServer(BASE, server);
    const queries = typingQueries();
    // One unmeasured round: connections, JIT and the database's buffers warm up.
    const empty: string[] = [];
    for (const query of queries) {
      const { answer } = await timed(query);
      if (answer.products.length === 0 && answer.categories.length === 0) empty.push(query);
    }
    const times: number[] = [];
    const byQuery = new Map<string, number[]>(queries.map((query) => [query, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const query of queries) {
        const { ms } = await timed(query);
        times.push(ms);
        byQuery.get(query)?.push(ms);
      }
    }
    times.sort((a, b) => a - b);
    const round2 = (value: number) => Math.round(value * 100) / 100;
    // A query slow in every round is the query's cost; one slow only now and then is the box's load.
    const slowestMedians = [...byQuery]
      .map(([query, samples]) => ({
        query,
        median: round2(
          percentile(
            [...samples].sort((a, b) => a - b),
            50,
          ),
        ),
      }))
      .sort((a, b) => b.median - a.median)
      .slice(0, 8);
    const report = {
      endpoint: 'GET /api/search/suggestions',
      transport: 'real HTTP (fetch to the server on 127.0.0.1), one request at a time',
      driver,
      products: PRODUCTS,
      cache: 'off (CACHE_ENTRIES=0)',
      distinctQueries: queries.length,
      requests: times.length,
      queriesWithNothingSuggested: empty,
      p50: round2(percentile(times, 50)),
      p95: round2(percentile(times, 95)),
      p99: round2(percentile(times, 99)),
      max: round2(times.at(-1) ?? 0),
      slowestMedians,
      targetP95: P95_TARGET_MS,
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync('bench-results', { recursive: true });
    const file = `bench-results/search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Отчёт: ${file}`);
    if (report.p95 > P95_TARGET_MS) {
      console.error(`p95 ${report.p95} мс больше цели ${P95_TARGET_MS} мс`);
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
