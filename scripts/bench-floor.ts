import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import {
  type ChunkModules,
  chunkModulesPlugin,
  readChunkModules,
  type StaticGraph,
  staticGraphFromManifest,
} from './bench-web-bundle';

/**
 * `npm run bench:floor` (issue 27, item 1): the first path's JS against the stack's floor. Builds
 * scripts/bench-floor-app (react-dom + react, TanStack Router, xstate + @xstate/react, tsyringe with the
 * shop's Reflect polyfill — the installed versions, used as the shop uses them) and the shop's browser
 * app with its own vite.config.ts, each into .tmp/bench-floor/, and reports the gzip-9 size of each
 * entry chunk with its static imports (what the document loads before the app can start), the goal
 * (the floor + 25 kB) and the shop's largest modules beyond the stack. Writes
 * bench-results/floor-<time>.json with the load average. Sizes are deterministic: a busy box changes
 * how long it takes, not what it reports.
 */

const ROOT = resolve(import.meta.dirname, '..');
const WORK_DIR = join(ROOT, '.tmp', 'bench-floor');
const RESULTS_DIR = join(ROOT, 'bench-results');
/** Issue 27: the entry and its static imports at most the floor plus this, gzip-9. */
const ALLOWANCE_BYTES = 25_000;
/** The binding stack's packages: what the floor app carries too. */
const STACK_PACKAGES =
  /^node_modules\/(react|react-dom|scheduler|@tanstack\/(react-router|router-core|history|store|react-store)|xstate|@xstate\/react|use-sync-external-store|tsyringe|tslib|@abraham\/reflection|tiny-invariant|tiny-warning|cookie-es|seroval|seroval-plugins|isbot)$/;

async function buildFloor(outDir: string): Promise<StaticGraph> {
  await build({
    configFile: false,
    root: join(ROOT, 'scripts', 'bench-floor-app'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022', sourcemap: false },
  });
  return staticGraphFromManifest(outDir);
}

async function buildShop(outDir: string, modulesFile: string): Promise<StaticGraph> {
  // A production build of the shop needs its API base (vite.config.ts); the same origin, as `npm run build`.
  process.env.VITE_API_BASE_URL ??= '/';
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    plugins: [chunkModulesPlugin(modulesFile)],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return staticGraphFromManifest(outDir);
}

interface ModuleWeight {
  readonly module: string;
  readonly estimatedGzipBytes: number;
}

/** The first path's modules outside the binding stack, heaviest first (estimates: see ModuleShare). */
function beyondTheStack(graph: StaticGraph, chunks: readonly ChunkModules[]): readonly ModuleWeight[] {
  const files = new Set([graph.entry.file, ...graph.imports.map((chunk) => chunk.file)]);
  const weights = new Map<string, number>();
  for (const chunk of chunks) {
    if (!files.has(chunk.file)) continue;
    for (const share of chunk.modules) {
      if (STACK_PACKAGES.test(share.module)) continue;
      weights.set(share.module, (weights.get(share.module) ?? 0) + share.estimatedGzipBytes);
    }
  }
  return [...weights]
    .map(([module, estimatedGzipBytes]) => ({ module, estimatedGzipBytes }))
    .sort((a, b) => b.estimatedGzipBytes - a.estimatedGzipBytes);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const floor = await buildFloor(join(WORK_DIR, 'floor'));
  const modulesFile = join(WORK_DIR, 'shop-chunk-modules.json');
  const shop = await buildShop(join(WORK_DIR, 'shop'), modulesFile);
  const loadAfter = loadavg();
  const goalBytes = floor.totalGzipBytes + ALLOWANCE_BYTES;
  const beyond = beyondTheStack(shop, readChunkModules(modulesFile));
  const beyondBytes = beyond.reduce((sum, item) => sum + item.estimatedGzipBytes, 0);
  const report = {
    time: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    unit: 'bytes, gzip level 9, of the entry chunk and its transitive static imports',
    floor: { totalGzipBytes: floor.totalGzipBytes, totalRawBytes: floor.totalRawBytes, graph: floor },
    shop: { totalGzipBytes: shop.totalGzipBytes, totalRawBytes: shop.totalRawBytes, graph: shop },
    goal: { allowanceBytes: ALLOWANCE_BYTES, goalBytes, met: shop.totalGzipBytes <= goalBytes },
    beyondTheStack: { estimatedGzipBytes: beyondBytes, modules: beyond },
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `floor-${report.time.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);

  const chunks = (graph: StaticGraph) =>
    [graph.entry, ...graph.imports].map((chunk) => `${chunk.file} ${kB(chunk.gzipBytes)}`).join(', ');
  console.log(`load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} (before)`);
  console.log(`floor (stack alone): ${kB(floor.totalGzipBytes)} kB gzip-9  [${chunks(floor)}]`);
  console.log(`shop first path:     ${kB(shop.totalGzipBytes)} kB gzip-9  [${chunks(shop)}]`);
  console.log(
    `goal floor + ${kB(ALLOWANCE_BYTES)} kB = ${kB(goalBytes)} kB: ${report.goal.met ? 'met' : 'not met'} ` +
      `(${shop.totalGzipBytes > goalBytes ? '+' : ''}${kB(shop.totalGzipBytes - goalBytes)} kB)`,
  );
  console.log(`beyond the stack ≈ ${kB(beyondBytes)} kB; the largest:`);
  for (const item of beyond.slice(0, 25))
    console.log(`  ${kB(item.estimatedGzipBytes).padStart(6)}  ${item.module}`);
  console.log(`report: ${file}`);
}

await main();
