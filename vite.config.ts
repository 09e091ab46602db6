import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { BuildEnvironmentOptions } from 'vite';
import { defineConfig } from 'vitest/config';
import { DEV_API_TARGET, isSourceModuleRequest } from './scripts/dev-api-proxy.ts';
import { compileHintsPlugin } from './scripts/vite-compile-hints-plugin.ts';
import { precompressPlugin } from './scripts/vite-precompress-plugin.ts';

// The browser app is built from src/ (entry: index.html → src/main.tsx).
// Tests live in test/ and are split into projects so each runs in the environment it needs.
function apiBaseUrl(mode: string): string {
  const configured = process.env.VITE_API_BASE_URL?.trim();
  if (configured) return configured;
  if (process.env.VITEST) return 'http://localhost:3000/';
  if (mode === 'production') {
    throw new Error('VITE_API_BASE_URL is required for a production build (use "/" for the same origin).');
  }
  // `npm run dev`: the same origin, through the dev server's /api proxy (scripts/dev-api-proxy.ts).
  return '/';
}

/** index.html and the module it loads (src/main.tsx): the browser app's entry. */
function isDocumentEntry(id: string): boolean {
  return /(?:^|[\\/])index\.html$/.test(id) || /[\\/]src[\\/]main\.tsx$/.test(id);
}

/**
 * The storefront pages' shared building blocks (components, route components, shell pieces, the page
 * queries, and the product and cart panels «Поместится?» and the instalment hint): one chunk rather than a dozen of
 * ~1 kB each (docs/performance.md «Page chunks»). Not the back office's, and not the phone field's
 * mask, which brings libphonenumber (35 kB gzip) that only the forms need.
 */
function isPageBuildingBlock(id: string): boolean {
  if (/node_modules|admin|phone/.test(id)) return false;
  return /[\\/]src[\\/]ui[\\/](components|routes[\\/]-components|shell)[\\/]|[\\/]-client[\\/](fit-panel|installment-hint)|[\\/]application[\\/]queries[\\/]/.test(
    id,
  );
}

/** The visitor's own pages' shared blocks (cart, checkout, favourites, orders, pay), not the sign-in forms'. */
function isClientPageBlock(id: string): boolean {
  return /[\\/]src[\\/]ui[\\/]routes[\\/]-client[\\/]/.test(id) && !/phone|access-form/.test(id);
}

/**
 * How the browser bundle is cut (not the server renderer's, `vite build --ssr`, which Node loads from
 * disk in one piece).
 */
const clientBundleOptions: BuildEnvironmentOptions = {
  // The manifest lets the server preload the chunks of the page it answers (server/http/page-document.ts).
  manifest: true,
  // The one initial chunk (React, the router, xstate, the shell) is ~540 kB before minifying gaps are
  // counted; its gzip size is what docs/performance.md tracks.
  chunkSizeWarningLimit: 700,
  rolldownOptions: {
    output: {
      codeSplitting: {
        // Everything the entry imports statically goes into one chunk. Left to itself rolldown cut
        // that graph into ~60 shared chunks, and over HTTP/1.1 (6 connections) on a slow phone each
        // round of 6 requests costs a full round trip (docs/performance.md, «Storefront»).
        // The entry itself (index.html's script and src/main.tsx) stays out of the group: captured, it
        // left an empty entry chunk, and Vite's manifest then had no `index.html` entry.
        //
        // The lazy pages' shared pieces, left to rolldown, were chunks of ~1 kB each: the product page
        // needed 18 scripts and 7 stylesheets beyond the entry, the search page 13 and 7, and on a slow
        // phone over HTTP/1.1 each round of 6 costs a round trip (~0.6 s on bench:web's slow 4G) and
        // shares the line with the page's largest picture. Two groups of blocks shared by two pages or
        // more take them in: the product page now needs 2 scripts and 1 stylesheet, for ~2 kB more gzip
        // (docs/performance.md «Page chunks»). The entry's group goes first (priority), so no block
        // of the first path moves out of it.
        groups: [
          { name: 'app', tags: ['$initial'], test: (id: string) => !isDocumentEntry(id), priority: 2 },
          { name: 'catalog', test: isPageBuildingBlock, minShareCount: 2, priority: 1 },
          { name: 'client', test: isClientPageBlock, minShareCount: 2, priority: 0 },
        ],
        // No `experimentalInlineCommonChunks`: copying small shared pieces into each lazy chunk needs
        // `strictExecutionOrder`, which wraps every module of every chunk in a lazy initialiser
        // (1 397 wrappers, ~9 kB gzip of the first path; docs/performance.md «Issue 27»). Pieces
        // shared by lazy routes are chunks of their own instead, preloaded with the route's chunk.
      },
    },
  },
};

/** The unit and ui projects' ceiling per test and hook (above CONDITION_LIMIT_MS, test/support/eventually.ts). */
const TEST_TIMEOUT_MS = 60_000;
/**
 * The packages the production server installs (`npm ci --omit=dev`): the server renderer imports only
 * these at run time; everything else it uses (icons, the editor, drag and drop, toasts, tables) is
 * bundled into dist/server, so browser-only packages stay devDependencies and out of the runtime image.
 */
const runtimePackages = Object.keys(
  (
    JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies,
);

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Each route's loader in its component's chunk (TanStack's default leaves loaders, and every query
      // they import, in the entry's first path). One chunk rather than two: a loader chunk of its own
      // made rolldown cut their shared code into more files (product page 22 instead of 12;
      // docs/performance.md «Entry JS»).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './src/ui/routes',
      generatedRouteTree: './src/ui/route-tree.gen.ts',
      routeFileIgnorePrefix: '-',
      quoteStyle: 'single',
    }),
    // The storefront's tree: every route but the back office's (src/ui/storefront-route-tree.ts adds
    // one entry for /admin/*). A storefront document builds its router from it, so the 27 admin routes'
    // definitions are not in its first path (docs/performance.md «Admin route tree»).
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: './src/ui/routes',
      generatedRouteTree: './src/ui/storefront-route-tree.gen.ts',
      routeFileIgnorePrefix: '-',
      routeFileIgnorePattern: '^admin$',
      quoteStyle: 'single',
    }),
    react(),
    vanillaExtractPlugin(),
    compileHintsPlugin(),
    precompressPlugin(),
  ],
  define: {
    // The API base the HTTP adapters call (spec §7: "Production builds require the API host to be
    // configured"). `npm run build` / `npm start` pass VITE_API_BASE_URL=/ (same origin); see README.
    __API_BASE_URL__: JSON.stringify(apiBaseUrl(mode)),
  },
  // Only the server renderer's build: test runs and the dev server resolve packages as usual.
  ...(isSsrBuild ? { ssr: { noExternal: true, external: runtimePackages } } : {}),
  build: {
    // The browser app, and beside it the server renderer (`vite build --ssr`, src/entry-server.tsx).
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The server renderer needs no copy of public/ (the client build serves it).
    ...(isSsrBuild ? { copyPublicDir: false } : clientBundleOptions),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: DEV_API_TARGET,
        // Vite's own requests for the contract's modules (/api/orders.ts) are not API calls.
        bypass: (request) => (isSourceModuleRequest(request.url) ? request.url : undefined),
      },
    },
  },
  test: {
    // Where the wall time went (per project, the slowest files), printed before vitest's own summary,
    // which stays the last lines of `npm test` (docs/performance.md «Test suite wall time»).
    reporters: ['./test/support/wall-time-reporter.ts', 'default'],
    // expect.poll re-checks a condition; it gives up at the shared ceiling for conditions
    // (CONDITION_LIMIT_MS, test/support/eventually.ts), never at vitest's 1 s default.
    expect: { poll: { timeout: 30_000 } },
    // Every core for the unit and ui files: vitest's default (cores − 1) ran them one at a time on the
    // 2-core CI machine. The api and e2e projects stay one file at a time (fileParallelism: false), after
    // the others (docs/performance.md «Test suite wall time»).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/ui/**', 'test/api/**'],
          setupFiles: ['test/setup/reflection.ts'],
          // Limits for what never finishes, not timings: tests wait for events and conditions
          // (test/support/eventually.ts) and must pass with the CPU saturated, where vitest's 5 s
          // default is reached by a slow first transform alone (issue 24, item 13).
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['test/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/reflection.ts', 'test/setup/condition-waits.ts'],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['test/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
