import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The browser app is built from src/ (entry: index.html → src/ui/main.tsx).
// Tests live in test/ and are split into projects so each runs in the environment it needs.
function apiBaseUrl(mode: string): string {
  const configured = process.env.VITE_API_BASE_URL?.trim();
  if (configured) return configured;
  if (mode === 'production' && !process.env.VITEST) {
    throw new Error('VITE_API_BASE_URL is required for a production build (use "/" for the same origin).');
  }
  return 'http://localhost:3000/';
}

export default defineConfig(({ mode }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/ui/routes',
      generatedRouteTree: './src/ui/route-tree.gen.ts',
      routeFileIgnorePrefix: '-',
      quoteStyle: 'single',
    }),
    react(),
    vanillaExtractPlugin(),
  ],
  define: {
    // The API base the HTTP adapters call (spec §7: "Production builds require the API host to be
    // configured"). `npm run build` / `npm start` pass VITE_API_BASE_URL=/ (same origin); see README.
    __API_BASE_URL__: JSON.stringify(apiBaseUrl(mode)),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/ui/**', 'test/api/**'],
          setupFiles: ['test/setup/reflect-metadata.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['test/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/reflect-metadata.ts'],
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
