import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { CART_COOKIE_NAME, CART_COOKIE_PATH, printCartCookie } from '../shared-rules/cart-cookie-rule';
import { freePort } from '../test/support/free-port';
import {
  CHUNK_MODULES_FILE,
  type ChunkModules,
  GZIP_LEVEL,
  gzipBytes,
  readChunkModules,
  type StaticGraph,
  staticGraphFromManifest,
} from './bench-web-bundle';
import {
  compareRuns,
  figuresFromReport,
  type OurFigures,
  type PeerFigures,
  parsePeerFigures,
  sideBySide,
  sideBySideLegend,
} from './bench-web-compare';
import {
  FLOOR_GOALS,
  FLOOR_PARAMETER,
  type FloorRatios,
  floorDocument,
  floorRatios,
} from './bench-web-floor';
import { type FrontServer, startFrontServer } from './bench-web-front';
import {
  type ColdLoadOptions,
  CPU_SLOWDOWN,
  DEVICE,
  type LoadMetrics,
  measureColdLoad,
  NETWORK_PROFILE,
  QUIET_WINDOW_MS,
  SETTLE_CAP_MS,
} from './bench-web-page';

/**
 * `npm run bench:web [-- --runs 5] [--cpu-load 2]` (issue 6, "Performance budgets"; issue 27, «Proven»):
 * builds the browser app, serves it with the real server on a fresh seeded data directory (loopback, free
 * port) behind a small front server (scripts/bench-web-front.ts), and loads home, a category page, a
 * product page, a search and the cart (with three products in it) in Debian's Chromium under slow 4G + 4×
 * CPU on a 412×823 phone, each interleaved with its floor — the same server-drawn document without its
 * scripts (scripts/bench-web-floor.ts), from the same origin: the median of N cold loads of each.
 * `--cpu-load N` then runs the same again with N busy processes contending for the CPU. Writes
 * bench-results/web-<time>.json and prints a table against the budgets (BUDGETS below, with the time until
 * the app is ready), the ratios to the floor against issue 27's goals, our figures beside the peer
 * storefronts' (shared/research/peers.md), and the change against the newest earlier report (or
 * `--compare FILE`). `--devtools-stack-traces` keeps V8's lazy source positions (see V8_FLAGS). A benchmark,
 * not a test: it never fails on a missed goal, only when it cannot measure.
 */

const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CLIENT_DIR = join(ROOT, '.tmp', 'bench-web', 'client');
const SERVER_RENDER_DIR = join(ROOT, '.tmp', 'bench-web', 'server');
/** The compiled server (npm run build:api) in a private folder: the tests start dist/api/main.js themselves. */
const API_DIR = join(ROOT, '.tmp', 'bench-web', 'api');
const SERVER_START_TIMEOUT_MS = 240_000;
/** The whole run is bounded (a build and start-up, then at most ~40 s a load): past this the script stops. */
const runTimeoutMs = (loads: number) => 15 * 60_000 + loads * 40_000;
/**
 * Issue 15's goals on the mobile profile: TBT ≤ 150 ms (below the best peer page; the floor, 50 ms, is
 * the moonshot), the app ready ≤ 2.5 s after navigation, LCP at the floor (≤ 1.8 s), CLS ≤ 0.02, and at
 * most 120 kB gzip of JS before the first interaction.
 */
const BUDGETS = { criticalJsGzipKb: 120, lcpMs: 1_800, tbtMs: 150, cls: 0.02, readyMs: 2_500 } as const;
/** The peers' figures, recorded by the team on this machine kind (shared/ sits beside the repository). */
const PEERS_FILE = join(ROOT, '..', 'shared', 'research', 'peers.md');
const RESULTS_DIR = join(ROOT, 'bench-results');

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0 || value > 50) {
    throw new Error(`${name}: an integer from 1 to 50`);
  }
  return value;
}
const RUNS = option('--runs', 5);

/** `--cpu-load N`: after the quiet pass, the same loads again with N busy processes (0: no loaded pass). */
function cpuLoadOption(): number {
  const index = process.argv.indexOf('--cpu-load');
  if (index < 0) return 0;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0 || value > 16)
    throw new Error('--cpu-load: an integer from 0 to 16');
  return value;
}
const CPU_LOAD = cpuLoadOption();

/**
 * V8 flags of the measured browser. A page driven over the DevTools protocol (Playwright enables its
 * `Runtime` domain) pays a cost no visitor's phone pays: V8 keeps a detailed stack trace of every Error
 * constructed while the inspector listens, and react-dom constructs five at module evaluation (its
 * sentinel errors). Their frames need source positions, which V8 leaves out when it compiles lazily, so
 * it re-parses the whole `app` chunk (510 kB) on the main thread inside the evaluation task: a trace showed
 * `V8.CollectSourcePositions` 145 ms and `V8.ParseProgram` 86 ms of a 208 ms `v8.evaluateModule` at 4× CPU
 * (docs/performance.md «The inspector's stack traces»). `--no-enable-lazy-source-positions` makes V8 record
 * the positions while it compiles (off the main thread for a streamed script, as for any visitor), so the
 * evaluation task is what a phone runs. `--devtools-stack-traces` measures as DevTools sees it instead.
 */
const DEVTOOLS_STACK_TRACES = process.argv.includes('--devtools-stack-traces');
const V8_FLAGS = DEVTOOLS_STACK_TRACES ? [] : ['--js-flags=--no-enable-lazy-source-positions'];

/** `--compare <report.json>`: the run to compare with; by default the newest earlier report. */
function earlierReport(): string | null {
  const index = process.argv.indexOf('--compare');
  if (index >= 0) {
    const file = process.argv[index + 1];
    if (file === undefined || !existsSync(file))
      throw new Error('--compare: the path of an earlier bench:web report');
    return resolve(file);
  }
  if (!existsSync(RESULTS_DIR)) return null;
  const reports = readdirSync(RESULTS_DIR)
    .filter((name) => /^web-.*\.json$/.test(name))
    .sort();
  const newest = reports.at(-1);
  return newest === undefined ? null : join(RESULTS_DIR, newest);
}

interface RunningServer {
  readonly child: ChildProcess;
  readonly base: string;
  readonly dataDir: string;
  readonly startedInMs: number;
  log(): string;
}

/**
 * package.json's `serve` (the production start: NODE_ENV, heap limit, the compiled entry) with the entry
 * taken from the private build, so the bench runs the server exactly as `npm run serve` does.
 */
function serveCommand(): string {
  const scripts = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const serve = scripts.serve ?? '';
  const entry = 'dist/api/main.js';
  if (!serve.includes(entry)) throw new Error(`package.json "serve" no longer starts ${entry}: ${serve}`);
  return serve.replace(entry, join(API_DIR, 'main.js'));
}

async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-web-'));
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const started = Date.now();
  // Own process group (detached) so SIGTERM reaches the shell and node together.
  const child = spawn('sh', ['-c', serveCommand()], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR,
      LOG_LEVEL: 'warn',
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: RunningServer = {
    child,
    base,
    dataDir,
    startedInMs: 0,
    log: () => output,
  };
  while (Date.now() - started < SERVER_START_TIMEOUT_MS) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server exited while starting:\n${output}`);
    }
    try {
      const response = await fetch(`${base}/api/categories`);
      if (response.ok) {
        await response.arrayBuffer();
        return { ...server, startedInMs: Date.now() - started };
      }
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  await stopServer(server);
  throw new Error(`the server did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output}`);
}

async function stopServer(server: RunningServer): Promise<void> {
  const pid = server.child.pid;
  if (pid !== undefined && server.child.exitCode === null) {
    const exited = new Promise<void>((done) => server.child.once('exit', () => done()));
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((wait) => setTimeout(wait, 15_000))]);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

interface CategoryItem {
  readonly path: string;
  readonly slug: string;
  readonly parent_id: number | null;
  readonly active: boolean;
  readonly sort_order: number;
}
interface ProductItem {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly tovar_pic1_url_site: string | null;
  readonly price: number | null;
  readonly price_old: number | null;
}
interface ProductList {
  readonly items: readonly ProductItem[];
}
interface SearchAnswer {
  readonly total: number;
}

/** A page bench:web loads, with what the visitor's browser already holds (the cart's products). */
interface Target extends ColdLoadOptions {
  readonly name: string;
  readonly path: string;
}

/** The search the bench runs: the spec's example word when the catalogue has it, else a word of a product's name. */
const SEARCH_WORD = 'диван';
/** Products put in the cart before the cart page loads. */
const CART_PRODUCTS = 3;

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Home, the first root category of the catalogue (not the inspiration section), the first product, a search
 * that finds products, and the cart holding the first three products (seeded in localStorage as the shop
 * keeps it: CART_SLOT, key `cart`, lines of the product's fields, id and quantity; and in the cart cookie
 * the shop writes with it, so the server draws the lines).
 */
async function pickTargets(base: string): Promise<Target[]> {
  const categories = await getJson<readonly CategoryItem[]>(`${base}/api/categories`);
  const root = categories
    .filter((item) => item.active && item.parent_id === null && item.slug !== 'vdohnovenie')
    .sort((a, b) => a.sort_order - b.sort_order)[0];
  if (root === undefined) throw new Error('no active root category in /api/categories');
  const products = await getJson<ProductList>(`${base}/api/products?limit=${CART_PRODUCTS}`);
  const product = products.items[0];
  if (product === undefined) throw new Error(`/api/products?limit=${CART_PRODUCTS} returned no product`);
  const found = await getJson<SearchAnswer>(
    `${base}/api/search?q=${encodeURIComponent(SEARCH_WORD)}&limit=1`,
  );
  const word =
    found.total > 0
      ? SEARCH_WORD
      : (product.name
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .find((part) => part.length >= 4) ?? product.name);
  const cart = products.items.map((item) => ({
    id: item.id,
    slug: item.slug,
    name: item.name,
    tovar_pic1_url_site: item.tovar_pic1_url_site,
    price: item.price,
    price_old: item.price_old,
    quantity: 1,
  }));
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: `/category/${root.path}` },
    { name: 'product', path: `/product/${encodeURIComponent(product.slug)}` },
    { name: 'search', path: `/search?q=${encodeURIComponent(word)}` },
    {
      name: 'cart',
      path: '/cart',
      localStorage: { cart: JSON.stringify(cart) },
      // What the shop writes with the same save (shared-rules/cart-cookie-rule.ts): the server draws the lines.
      cookies: [
        {
          name: CART_COOKIE_NAME,
          value: printCartCookie(cart.map(({ id, quantity }) => ({ id, quantity }))),
          path: CART_COOKIE_PATH,
        },
      ],
    },
  ];
}

interface FloorSource {
  readonly name: string;
  readonly path: string;
  /** The page's own document as the server sent it, and the floor made of it. */
  readonly documentBytes: number;
  readonly floorBytes: number;
  readonly scriptsRemoved: number;
  /** False when the server sent the loading screen (the page is drawn in the browser, e.g. the cart). */
  readonly drawnByServer: boolean;
  readonly floor: string;
}

/**
 * Each page's document, fetched once from the shop's server as the phone gets it (the bench's user agent;
 * no cookies but the target's own, the cart's mirror), and its floor (floorDocument).
 */
async function fetchFloors(base: string, targets: readonly Target[]): Promise<FloorSource[]> {
  const sources: FloorSource[] = [];
  for (const target of targets) {
    const cookie = (target.cookies ?? []).map(({ name, value }) => `${name}=${value}`).join('; ');
    const response = await fetch(`${base}${target.path}`, {
      headers: {
        'user-agent': DEVICE.userAgent,
        'accept-language': 'ru-RU,ru;q=0.9',
        accept: 'text/html',
        ...(cookie === '' ? {} : { cookie }),
      },
    });
    const html = await response.text();
    if (!response.ok || !/^<!doctype html/i.test(html.trimStart())) {
      throw new Error(`${target.path}: HTTP ${response.status}, not a page document`);
    }
    const floor = floorDocument(html);
    sources.push({
      name: target.name,
      path: target.path,
      documentBytes: Buffer.byteLength(html),
      floorBytes: Buffer.byteLength(floor),
      scriptsRemoved: (html.match(/<script\b/gi)?.length ?? 0) - (floor.match(/<script\b/gi)?.length ?? 0),
      drawnByServer: !html.includes('class="boot"'),
      floor,
    });
  }
  return sources;
}

/** The floor's address: the page's own path (its relative links resolve the same) with the front's parameter. */
function floorPath(target: Target): string {
  return `${target.path}${target.path.includes('?') ? '&' : '?'}${FLOOR_PARAMETER}=${target.name}`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface CriticalScript {
  readonly file: string;
  readonly transferBytes: number;
  readonly gzipBytes: number;
  readonly startTime: number;
  readonly initiatorType: string;
  readonly inStaticGraph: boolean;
}

/**
 * The scripts of one load that were requested before LCP: the entry, its modulepreloads and any
 * dynamic import the first render waited for. Transfer bytes are what the server sent (it does not
 * compress); gzip bytes are the same files gzipped (level 9), which is what the budget counts.
 */
function criticalScripts(load: LoadMetrics, staticFiles: ReadonlySet<string>): CriticalScript[] {
  const cutoff = load.lcp ?? load.load;
  return load.scripts
    .filter((script) => script.startTime <= cutoff)
    .map((script) => {
      const file = new URL(script.url).pathname.replace(/^\//, '');
      const path = join(CLIENT_DIR, file);
      return {
        file,
        transferBytes: script.transferBytes,
        gzipBytes: existsSync(path) ? gzipBytes(readFileSync(path)) : 0,
        startTime: Math.round(script.startTime),
        initiatorType: script.initiatorType,
        inStaticGraph: staticFiles.has(file),
      };
    });
}

interface PageSummary {
  readonly name: string;
  readonly path: string;
  readonly runs: readonly LoadMetrics[];
  readonly median: {
    readonly fcp: number;
    readonly lcp: number;
    readonly tbt: number;
    readonly cls: number;
    readonly clsSum: number;
    readonly documentReceived: number;
    readonly load: number;
    /** NaN when the app never marked itself ready in any run. */
    readonly ready: number;
    readonly totalTransferKb: number;
  };
  readonly criticalScripts: readonly CriticalScript[];
  readonly criticalJsGzipKb: number;
  readonly criticalJsTransferKb: number;
}

function summarise(
  name: string,
  path: string,
  runs: readonly LoadMetrics[],
  staticFiles: ReadonlySet<string>,
): PageSummary {
  const pick = (metric: (run: LoadMetrics) => number | null) =>
    median(runs.map((run) => metric(run) ?? Number.NaN).filter((value) => !Number.isNaN(value)));
  // The script set is the same in every run; take the run whose LCP is the median one.
  const medianLcp = pick((run) => run.lcp);
  const representative =
    [...runs].sort((a, b) => Math.abs((a.lcp ?? 0) - medianLcp) - Math.abs((b.lcp ?? 0) - medianLcp))[0] ??
    runs[0];
  const scripts = representative ? criticalScripts(representative, staticFiles) : [];
  return {
    name,
    path,
    runs,
    median: {
      fcp: pick((run) => run.fcp),
      lcp: medianLcp,
      tbt: pick((run) => run.tbt),
      cls: pick((run) => run.cls),
      clsSum: pick((run) => run.clsSum),
      documentReceived: pick((run) => run.documentReceived),
      load: pick((run) => run.load),
      ready: pick((run) => run.ready),
      totalTransferKb: pick((run) => run.totalTransferBytes) / 1000,
    },
    criticalScripts: scripts,
    criticalJsGzipKb: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1000,
    criticalJsTransferKb: scripts.reduce((sum, script) => sum + script.transferBytes, 0) / 1000,
  };
}

/** Modules of the chunks loaded before LCP on any page, grouped, largest estimated gzip first. */
function criticalModules(
  composition: readonly ChunkModules[],
  criticalFiles: ReadonlySet<string>,
): { module: string; chunk: string; estimatedGzipBytes: number; renderedBytes: number }[] {
  return composition
    .filter((chunk) => criticalFiles.has(chunk.file))
    .flatMap((chunk) =>
      chunk.modules.map((module) => ({
        module: module.module,
        chunk: chunk.file,
        estimatedGzipBytes: module.estimatedGzipBytes,
        renderedBytes: module.renderedBytes,
      })),
    )
    .sort((a, b) => b.estimatedGzipBytes - a.estimatedGzipBytes);
}

/** The same modules summed over chunks: what one package or source file costs on the critical path. */
function byModule(
  modules: readonly { module: string; chunk: string; estimatedGzipBytes: number }[],
): { module: string; estimatedGzipBytes: number; chunks: string[] }[] {
  const totals = new Map<string, { estimatedGzipBytes: number; chunks: string[] }>();
  for (const item of modules) {
    const total = totals.get(item.module) ?? { estimatedGzipBytes: 0, chunks: [] };
    total.estimatedGzipBytes += item.estimatedGzipBytes;
    total.chunks.push(item.chunk);
    totals.set(item.module, total);
  }
  return [...totals]
    .map(([module, total]) => ({ module, ...total }))
    .sort((a, b) => b.estimatedGzipBytes - a.estimatedGzipBytes);
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');

function printTable(pages: readonly PageSummary[], graph: StaticGraph): void {
  const rows = pages.map((page) => ({
    page: `${page.name} ${page.path}`.slice(0, 48),
    'FCP ms': Math.round(page.median.fcp),
    'LCP ms': `${Math.round(page.median.lcp)} ${verdict(page.median.lcp <= BUDGETS.lcpMs)}`,
    'TBT ms': `${Math.round(page.median.tbt)} ${verdict(page.median.tbt <= BUDGETS.tbtMs)}`,
    CLS: `${page.median.cls.toFixed(3)} ${verdict(page.median.cls <= BUDGETS.cls)}`,
    'JS before LCP kB gz': `${page.criticalJsGzipKb.toFixed(1)} ${verdict(page.criticalJsGzipKb <= BUDGETS.criticalJsGzipKb)}`,
    'ready ms': `${Math.round(page.median.ready)} ${verdict(page.median.ready <= BUDGETS.readyMs)}`,
    'load ms': Math.round(page.median.load),
  }));
  console.table(rows);
  console.log(
    `Entry chunk ${graph.entry.file}: ${kb(graph.entry.gzipBytes)} kB gzip; with its ${graph.imports.length} static imports ${kb(graph.totalGzipBytes)} kB gzip (${kb(graph.totalRawBytes)} kB raw); budget ${BUDGETS.criticalJsGzipKb} kB gzip → ${verdict(graph.totalGzipBytes / 1000 <= BUDGETS.criticalJsGzipKb)}`,
  );
}

/** Busy processes contending for the CPU during the loaded pass: each spins one core until killed. */
function startBusyLoops(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

function stopBusyLoops(loops: readonly ChildProcess[]): void {
  for (const loop of loops) {
    if (loop.exitCode === null && loop.signalCode === null) loop.kill('SIGKILL');
  }
}

/** One page's medians beside its floor's, the ratios and their verdicts. */
interface FloorRow {
  readonly page: string;
  readonly path: string;
  readonly ours: {
    readonly lcp: number;
    readonly tbt: number;
    readonly ready: number;
    readonly fcp: number;
    readonly documentReceived: number;
  };
  readonly floor: {
    readonly lcp: number;
    readonly tbt: number;
    readonly fcp: number;
    readonly documentReceived: number;
  };
  readonly ratios: FloorRatios;
}

interface Pass {
  readonly pass: 'quiet' | 'loaded';
  /** Busy processes running beside the loads (0 in the quiet pass). */
  readonly cpuLoad: number;
  readonly loadAverage: { readonly before: number[]; readonly after: number[] };
  readonly rows: readonly FloorRow[];
  readonly ours: readonly PageSummary[];
  readonly floor: readonly PageSummary[];
}

const formatLoad = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' ');

/**
 * Every page, N times: our load, then its floor's (ours, floor, ours, floor…), each a cold context under the
 * same throttling, so a change in the box's load reaches both sides alike.
 */
async function runPass(
  pass: Pass['pass'],
  cpuLoad: number,
  browser: Browser,
  front: FrontServer,
  targets: readonly Target[],
  staticFiles: ReadonlySet<string>,
): Promise<Pass> {
  const before = loadavg();
  console.log(`${pass} pass (${cpuLoad} busy processes), load average ${formatLoad(before)}`);
  const ours: PageSummary[] = [];
  const floor: PageSummary[] = [];
  const line = (label: string, metrics: LoadMetrics) =>
    `  ${label}: doc ${Math.round(metrics.documentReceived)} FCP ${Math.round(metrics.fcp ?? -1)} LCP ${Math.round(metrics.lcp ?? -1)} TBT ${Math.round(metrics.tbt)} CLS ${metrics.cls.toFixed(3)} ready ${Math.round(metrics.ready ?? -1)} load ${Math.round(metrics.load)} ms`;
  for (const target of targets) {
    const ourRuns: LoadMetrics[] = [];
    const floorRuns: LoadMetrics[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const mine = await measureColdLoad(browser, `${front.base}${target.path}`, target);
      ourRuns.push(mine);
      console.log(line(`${target.name} #${run + 1} ours `, mine));
      const bare = await measureColdLoad(browser, `${front.base}${floorPath(target)}`, target);
      floorRuns.push(bare);
      console.log(line(`${target.name} #${run + 1} floor`, bare));
    }
    ours.push(summarise(target.name, target.path, ourRuns, staticFiles));
    floor.push(summarise(target.name, floorPath(target), floorRuns, staticFiles));
  }
  const rows = ours.map((mine, index): FloorRow => {
    const bare = floor[index] as PageSummary;
    return {
      page: mine.name,
      path: mine.path,
      ours: {
        lcp: mine.median.lcp,
        tbt: mine.median.tbt,
        ready: mine.median.ready,
        fcp: mine.median.fcp,
        documentReceived: mine.median.documentReceived,
      },
      floor: {
        lcp: bare.median.lcp,
        tbt: bare.median.tbt,
        fcp: bare.median.fcp,
        documentReceived: bare.median.documentReceived,
      },
      ratios: floorRatios({
        ours: { lcp: mine.median.lcp, tbt: mine.median.tbt, ready: mine.median.ready },
        floor: { lcp: bare.median.lcp, tbt: bare.median.tbt },
      }),
    };
  });
  return { pass, cpuLoad, loadAverage: { before, after: loadavg() }, rows, ours, floor };
}

const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

function printFloorTable(pass: Pass): void {
  console.log(
    `Against the floor, ${pass.pass} pass (${pass.cpuLoad} busy processes; load average ${formatLoad(pass.loadAverage.before)} → ${formatLoad(pass.loadAverage.after)}); goals LCP ≤ ${FLOOR_GOALS.lcpRatio}× floor, TBT ≤ floor + ${FLOOR_GOALS.tbtOverMs} ms, ready ≤ ${FLOOR_GOALS.readyOverFloorLcp}× floor LCP:`,
  );
  const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '—');
  const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  console.table(
    pass.rows.map((row) => ({
      page: row.page,
      'doc ms ours / floor': `${ms(row.ours.documentReceived)} / ${ms(row.floor.documentReceived)}`,
      'LCP ms ours / floor': `${ms(row.ours.lcp)} / ${ms(row.floor.lcp)}`,
      'LCP ratio': `${ratio(row.ratios.lcpRatio)} ${met(row.ratios.met.lcp)}`,
      'TBT ms ours / floor': `${ms(row.ours.tbt)} / ${ms(row.floor.tbt)}`,
      'TBT over': `${ms(row.ratios.tbtOverMs)} ${met(row.ratios.met.tbt)}`,
      'ready ms': ms(row.ours.ready),
      'ready / floor LCP': `${ratio(row.ratios.readyOverFloorLcp)} ${met(row.ratios.met.ready)}`,
    })),
  );
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadBefore = loadavg();
  console.log(
    `bench:web — ${RUNS} cold loads per page; load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`,
  );

  // Build into a private folder: `npm run build` writes dist/client, which the e2e suites and other
  // servers may be serving at this moment. --manifest gives the entry's static import graph.
  const buildStarted = Date.now();
  // --config adds one plugin to the project's config that records each chunk's modules.
  rmSync(CHUNK_MODULES_FILE, { force: true });
  execFileSync(
    'npm',
    [
      'run',
      '-s',
      'build:client',
      '--',
      '--config',
      'scripts/bench-web-vite.config.ts',
      '--manifest',
      '--outDir',
      CLIENT_DIR,
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
  );
  // The server renderer beside it, where the server looks for it (page-document.ts: ../server).
  execFileSync(
    'npm',
    ['run', '-s', 'build:server', '--', '--outDir', SERVER_RENDER_DIR, '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
  );
  // The server itself, compiled as for production (npm run serve starts it).
  execFileSync('npm', ['run', '-s', 'build:api', '--', '--outDir', API_DIR], { cwd: ROOT, stdio: 'inherit' });
  const buildMs = Date.now() - buildStarted;
  const graph = staticGraphFromManifest(CLIENT_DIR);
  const staticFiles = new Set([graph.entry.file, ...graph.imports.map((chunk) => chunk.file)]);

  const server = await startServer();
  let front: FrontServer | null = null;
  let busyLoops: ChildProcess[] = [];
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    stopBusyLoops(busyLoops);
    await front?.close();
    await stopServer(server);
  };
  const onSignal = () => {
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const passes = CPU_LOAD > 0 ? 2 : 1;
  // Five pages, each loaded as ours and as its floor, RUNS times per pass.
  const timeoutMs = runTimeoutMs(5 * 2 * RUNS * passes);
  const watchdog = setTimeout(() => {
    console.error(`bench:web: over ${Math.round(timeoutMs / 60_000)} min, stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, timeoutMs);
  watchdog.unref();

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...V8_FLAGS,
    ],
  });
  try {
    console.log(`server answered after ${(server.startedInMs / 1000).toFixed(1)} s at ${server.base}`);
    const targets = await pickTargets(server.base);
    const floors = await fetchFloors(server.base, targets);
    for (const source of floors.filter((floor) => !floor.drawnByServer)) {
      console.log(
        `${source.name}: the server sends the loading screen for ${source.path} (the page is drawn in the browser); its floor is that screen`,
      );
    }
    front = await startFrontServer(
      server.base,
      await freePort(),
      new Map(floors.map((source) => [source.name, source.floor])),
    );
    console.log(`pages from ${front.base} (the front passes everything else to ${server.base})`);
    const measured: Pass[] = [await runPass('quiet', 0, browser, front, targets, staticFiles)];
    if (CPU_LOAD > 0) {
      busyLoops = startBusyLoops(CPU_LOAD);
      // Let the busy processes take their cores before the first load.
      await new Promise((wait) => setTimeout(wait, 5_000));
      try {
        measured.push(await runPass('loaded', CPU_LOAD, browser, front, targets, staticFiles));
      } finally {
        stopBusyLoops(busyLoops);
      }
    }
    const pages = (measured[0] as Pass).ours;

    const composition = readChunkModules(CHUNK_MODULES_FILE);
    const criticalFiles = new Set([
      ...staticFiles,
      ...pages.flatMap((page) => page.criticalScripts.map((script) => script.file)),
    ]);
    const measuredChunkNamesMatch = [...criticalFiles].every((file) =>
      composition.some((chunk) => chunk.file === file),
    );
    const modules = criticalModules(composition, criticalFiles);

    const ours: OurFigures[] = pages.flatMap((page) =>
      page.name === 'home' || page.name === 'category' || page.name === 'product'
        ? [
            {
              page: page.name,
              lcpMs: page.median.lcp,
              tbtMs: page.median.tbt,
              cls: page.median.cls,
              jsKb: page.criticalJsGzipKb,
              readyMs: Number.isFinite(page.median.ready) ? page.median.ready : null,
            },
          ]
        : [],
    );
    const peers: PeerFigures[] = existsSync(PEERS_FILE)
      ? parsePeerFigures(readFileSync(PEERS_FILE, 'utf8'))
      : [];
    const earlierFile = earlierReport();
    const earlier =
      earlierFile === null ? null : figuresFromReport(JSON.parse(readFileSync(earlierFile, 'utf8')));

    const loadAfter = loadavg();
    const report = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
        note: 'shared box: other work was running; compare runs only at similar load',
      },
      method: {
        browser: CHROMIUM,
        device: DEVICE,
        network: NETWORK_PROFILE,
        cpuSlowdown: CPU_SLOWDOWN,
        coldLoadsPerPage: RUNS,
        cold: 'fresh browser context per load, CDP Network.setCacheDisabled, service workers blocked',
        sourcePositions: DEVTOOLS_STACK_TRACES
          ? 'lazy (V8 default): the inspector’s stack traces re-parse the app chunk on the main thread (--devtools-stack-traces)'
          : 'recorded while compiling (--js-flags=--no-enable-lazy-source-positions): no re-parse for the inspector’s stack traces, as on a phone without DevTools',
        settle: `after load, until ${QUIET_WINDOW_MS} ms pass with no long task, LCP candidate or layout shift (at most ${SETTLE_CAP_MS} ms)`,
        lcp: 'last largest-contentful-paint entry (buffered observer from an init script)',
        cls: 'session-window maximum (gap < 1 s, window ≤ 5 s) of layout shifts without recent input; clsSum is the plain sum',
        tbt: 'Σ max(0, part of long task after FCP − 50 ms) over long tasks up to the quiet window (TTI approximation)',
        criticalJs:
          'scripts whose request started before LCP (entry, modulepreloads, awaited dynamic imports); transferBytes from CDP Network.loadingFinished encodedDataLength (the server sends them uncompressed), gzipBytes = same file gzip level ' +
          GZIP_LEVEL,
        server:
          'npm run serve’s command on the private build .tmp/bench-web/api, PGlite on a fresh DATA_DIR (seeded demo catalogue), loopback, behind the bench front (scripts/bench-web-front.ts: passes every request through, answers ?bench-floor=<page> with the floor)',
        pages:
          'home, the first root category, the first product, a search, the cart with the first three products seeded in localStorage and in the cart cookie the shop writes with it (ours and floor alike); ours and floor loads interleaved',
        build:
          'npm run build:client -- --config scripts/bench-web-vite.config.ts --manifest --outDir .tmp/bench-web/client (the project config plus a plugin recording chunk modules), then npm run build:server -- --outDir .tmp/bench-web/server and npm run build:api -- --outDir .tmp/bench-web/api',
      },
      budgets: BUDGETS,
      peers: { source: 'shared/research/peers.md (median of 5, same machine kind)', figures: peers },
      sideBySide: sideBySide(ours, peers),
      comparedWith:
        earlierFile === null ? null : { file: earlierFile, changes: compareRuns(earlier ?? [], ours) },
      buildMs,
      serverStartMs: server.startedInMs,
      staticGraph: graph,
      pages: pages.map((page) => ({
        ...page,
        budgets: {
          lcp: page.median.lcp <= BUDGETS.lcpMs,
          tbt: page.median.tbt <= BUDGETS.tbtMs,
          cls: page.median.cls <= BUDGETS.cls,
          criticalJs: page.criticalJsGzipKb <= BUDGETS.criticalJsGzipKb,
          ready: page.median.ready <= BUDGETS.readyMs,
        },
      })),
      floor: {
        goals: FLOOR_GOALS,
        method:
          'the page document fetched once from the server (no cookies, the bench user agent) with every <script> and modulepreload / preload as=script|fetch|worker removed (scripts/bench-web-floor.ts floorDocument), stylesheets, fonts and pictures kept; served at the page path + ?bench-floor=<page> from the same origin, compressed as the server compresses documents; ratios of medians: LCP ours / floor, TBT ours − floor, ready / floor LCP',
        documents: floors.map(({ floor: _html, ...source }) => source),
        passes: measured.map((pass) => ({
          pass: pass.pass,
          cpuLoad: pass.cpuLoad,
          loadAverage: pass.loadAverage,
          rows: pass.rows,
          // The quiet pass's own loads are `pages` above.
          ours: pass.pass === 'quiet' ? null : pass.ours,
          floor: pass.floor,
        })),
      },
      chunkComposition: {
        note: 'same build as measured; estimatedGzipBytes apportions each chunk’s gzip size by the gzip size of each module’s rendered code alone',
        chunkNamesMatchMeasuredBuild: measuredChunkNamesMatch,
        criticalModulesByModule: byModule(modules),
        criticalModules: modules,
      },
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, `web-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

    printTable(pages, graph);
    for (const pass of measured) printFloorTable(pass);
    if (peers.length > 0) {
      console.log(
        `Beside the peers, mobile (${sideBySideLegend(peers)}; peers from shared/research/peers.md):`,
      );
      console.table(report.sideBySide);
    }
    if (report.comparedWith !== null) {
      console.log(`Against ${report.comparedWith.file}:`);
      console.table(
        report.comparedWith.changes.map((change) => ({
          page: change.page,
          metric: change.metric,
          before: Number(change.before.toFixed(3)),
          now: Number(change.after.toFixed(3)),
          change: `${change.change > 0 ? '+' : ''}${change.change.toFixed(change.metric === 'cls' ? 3 : 0)}`,
        })),
      );
    }
    console.log('Largest modules on the critical path (estimated gzip kB):');
    for (const item of byModule(modules).slice(0, 25)) {
      console.log(
        `  ${kb(item.estimatedGzipBytes).padStart(6)}  ${item.module}  [${item.chunks.slice(0, 3).join(', ')}${item.chunks.length > 3 ? ', …' : ''}]`,
      );
    }
    for (const page of pages) {
      const dynamic = page.criticalScripts.filter((script) => !script.inStaticGraph);
      if (dynamic.length > 0) {
        console.log(
          `${page.name}: loaded before LCP outside the static graph: ${dynamic.map((script) => `${script.file} (${kb(script.gzipBytes)} kB gz)`).join(', ')}`,
        );
      }
    }
    console.log(`load average after: ${loadAfter.map((v) => v.toFixed(2)).join(' ')}`);
    console.log(`written ${file}`);
  } finally {
    await browser.close();
    await cleanUp();
    clearTimeout(watchdog);
  }
}

main().catch((error: unknown) => {
  console.error('bench:web failed:', error);
  process.exit(1);
});
