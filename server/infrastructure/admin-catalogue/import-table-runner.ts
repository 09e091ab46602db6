import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type AdminRefusal, refuse } from '../../application/admin-catalogue.port';
import { checkXlsxBounds, IMPORT_LIMITS, type ImportLimits, type ImportTable, isXlsx } from './import-table';

/**
 * Runs the import's parsing (import-table.ts) in a worker thread with a time and a memory limit, so one
 * administrator's file never stalls the event loop that answers shoppers (issue 24, item 4). One file
 * is parsed at a time in this process; a second upload meanwhile is refused with a 429 rather than
 * doubling the memory a parse may take.
 *
 * The worker's code: the compiled server has it beside itself (scripts/build-api.ts builds
 * dist/api/import-table.worker.js); from the TypeScript sources (tsx, vitest) the worker registers tsx
 * first and then loads import-table.worker.ts.
 */
const compiledWorker = new URL('./import-table.worker.js', import.meta.url);
const sourceWorker = new URL('./import-table.worker.ts', import.meta.url);

function startWorker(bytes: Buffer, limits: ImportLimits): Worker {
  const options = {
    workerData: { bytes, limits },
    resourceLimits: { maxOldGenerationSizeMb: limits.parseHeapMb },
  };
  if (existsSync(fileURLToPath(compiledWorker))) return new Worker(compiledWorker, options);
  const tsx = pathToFileURL(tsxRegisterModule()).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(sourceWorker.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * tsx's ESM register API (a dev dependency: only the sources need it). `require.resolve` would give
 * its CommonJS variant, which cannot register hooks from a worker, so the path comes from tsx's exports.
 */
function tsxRegisterModule(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = exports['./esm/api']?.import.default;
  if (entry === undefined) throw new Error('tsx has no ESM register API');
  return join(dirname(manifest), entry);
}

const UNREADABLE = refuse(
  422,
  'import_failed',
  'Файл не удалось разобрать: проверьте его и загрузите ещё раз.',
);

let parsing = false;

/** The uploaded file as a table of text cells, or the refusal naming the limit it broke. */
export async function parseImportTable(
  bytes: Buffer,
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<ImportTable | AdminRefusal> {
  // The zip's directory first, on this thread: a bomb is refused without a worker ever inflating it.
  if (isXlsx(bytes)) {
    const bounds = checkXlsxBounds(bytes, limits);
    if (bounds) return bounds;
  }
  if (parsing) {
    return refuse(429, 'import_busy', 'Сейчас разбирается другой файл импорта: повторите через минуту.');
  }
  parsing = true;
  try {
    return await new Promise<ImportTable | AdminRefusal>((resolve) => {
      const worker = startWorker(bytes, limits);
      const timer = setTimeout(() => {
        resolve(
          refuse(
            422,
            'import_too_slow',
            `Файл не удалось разобрать за ${Math.round(limits.parseTimeMs / 1000)} с: разделите его на части.`,
          ),
        );
        void worker.terminate();
      }, limits.parseTimeMs);
      worker.once('message', (table: ImportTable | AdminRefusal) => {
        clearTimeout(timer);
        resolve(table);
        void worker.terminate();
      });
      worker.once('error', (error: Error & { code?: string }) => {
        clearTimeout(timer);
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          resolve(
            refuse(
              413,
              'import_too_large',
              `Файлу не хватило ${limits.parseHeapMb} МБ памяти при разборе: разделите его на части.`,
            ),
          );
        } else resolve(UNREADABLE);
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve(UNREADABLE);
      });
    });
  } finally {
    parsing = false;
  }
}
