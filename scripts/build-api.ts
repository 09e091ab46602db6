import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * `npm run build:api`: the server compiled for production (docs/operations.md, «Production build»).
 * server/main.ts and everything it imports from server/, api/ and shared-rules/ become one ES module,
 * dist/api/server.js (and the product import's parsing worker, dist/api/import-table.worker.js);
 * packages stay imports, resolved from node_modules at run time, so the runtime needs exactly the
 * `dependencies` (`npm ci --omit=dev`) and no TypeScript tooling. The SQL migrations are copied beside
 * it (database.ts finds them next to the module that runs).
 *
 * `node dist/api/main.js` starts it: main.js turns source maps on before it loads server.js, so stack
 * traces in the logs name server/*.ts lines (a module loaded earlier would keep its compiled positions).
 */
const root = resolve(import.meta.dirname, '..');
/** `-- --outDir <dir>`: a private build (bench:web's), leaving dist/api to the tests that start it. */
const outDirIndex = process.argv.indexOf('--outDir');
const outDirArgument = outDirIndex >= 0 ? process.argv[outDirIndex + 1] : undefined;
if (outDirIndex >= 0 && (outDirArgument === undefined || outDirArgument.startsWith('-'))) {
  throw new Error('--outDir: a folder');
}
const outDir = outDirArgument === undefined ? join(root, 'dist', 'api') : resolve(outDirArgument);

rmSync(outDir, { recursive: true, force: true });
await build({
  // The import's parsing worker is a module of its own (import-table-runner.ts starts it by path).
  entryPoints: {
    server: join(root, 'server', 'main.ts'),
    'import-table.worker': join(
      root,
      'server',
      'infrastructure',
      'admin-catalogue',
      'import-table.worker.ts',
    ),
  },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
writeFileSync(
  join(outDir, 'main.js'),
  "// The production entry (`node dist/api/main.js`); written by scripts/build-api.ts.\nprocess.setSourceMapsEnabled(true);\nawait import('./server.js');\n",
);
cpSync(join(root, 'server', 'infrastructure', 'db', 'migrations'), join(outDir, 'migrations'), {
  recursive: true,
});
