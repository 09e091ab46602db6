/**
 * Product import from a CSV or XLSX file, with a dry run before anything is written.
 *
 * - `idle`       — choose a file;
 * - `uploading`  — the file goes to the dry run: every row is checked, nothing is stored;
 * - `previewed`  — "N создано, M обновлено, K ошибок" and the rows with their errors; confirm or cancel;
 * - `confirming` — the checked rows are written (rows with errors are skipped);
 * - `done`       — the final counts; `import.catalogueChanged` is emitted (the product list reloads);
 * - `failed`     — the file was refused (type, size) or the call failed; choose another file.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { isPortFailure } from '../../ports/port-failure';

interface ImportRow {
  readonly row: number;
  readonly sku: string;
  readonly action: 'create' | 'update' | 'unchanged' | 'error';
  readonly errors: readonly string[];
}

export interface ImportReport {
  readonly token: string;
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly errors: number;
  readonly summary: string;
  readonly rows: readonly ImportRow[];
}

export interface ImportContext {
  readonly fileName: string | null;
  readonly report: ImportReport | null;
  readonly error: string | null;
}

export type ImportEvent =
  | { readonly type: 'import.fileChosen'; readonly file: File }
  | { readonly type: 'import.confirmed' }
  | { readonly type: 'import.cancelled' }
  | { readonly type: 'import.closed' };

/** Products were written: the list behind the dialog reads its page again (the answer is counts, not rows). */
type ImportEmitted = { readonly type: 'import.catalogueChanged' };

export const IMPORT_FAILED_MESSAGE = 'Не удалось проверить файл. Нужен CSV (UTF-8) или XLSX до 10 МБ.';
const IMPORT_CONFIRM_FAILED_MESSAGE =
  'Не удалось записать импорт. Проверка могла устареть (30 минут) — загрузите файл ещё раз.';

function notProvided(kind: string, name: string): never {
  throw new Error(`product import machine: ${kind} ${name} not provided`);
}

function failureText(error: unknown, fallback: string): string {
  return isPortFailure(error) && error.serverMessage ? error.serverMessage : fallback;
}

export const productImportMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    emitted: {} as ImportEmitted,
    tags: {} as 'busy',
  },
  actors: {
    dryRun: fromPromise<ImportReport, { file: File }>(async () => notProvided('actor', 'dryRun')),
    confirmImport: fromPromise<ImportReport, { token: string }>(async () =>
      notProvided('actor', 'confirmImport'),
    ),
  },
  actions: {
    /** Products changed: the list reloads. */
    catalogueChanged: emit({ type: 'import.catalogueChanged' as const }),
  },
  guards: {
    hasWritableRows: ({ context }) =>
      context.report !== null && context.report.created + context.report.updated > 0,
  },
}).createMachine({
  id: 'productImport',
  context: { fileName: null, report: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'import.fileChosen': {
          target: 'uploading',
          actions: assign({ fileName: ({ event }) => event.file.name, report: null, error: null }),
        },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'dryRun',
        src: 'dryRun',
        input: ({ event }) => ({ file: (event as Extract<ImportEvent, { type: 'import.fileChosen' }>).file }),
        onDone: { target: 'previewed', actions: assign({ report: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureText(event.error, IMPORT_FAILED_MESSAGE) }),
        },
      },
    },
    previewed: {
      on: {
        'import.confirmed': { guard: 'hasWritableRows', target: 'confirming' },
        'import.cancelled': { target: 'idle', actions: assign({ report: null, fileName: null }) },
        'import.fileChosen': {
          target: 'uploading',
          actions: assign({ fileName: ({ event }) => event.file.name, report: null, error: null }),
        },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmImport',
        src: 'confirmImport',
        input: ({ context }) => ({ token: context.report?.token ?? '' }),
        onDone: {
          target: 'done',
          actions: [assign({ report: ({ event }) => event.output }), 'catalogueChanged'],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureText(event.error, IMPORT_CONFIRM_FAILED_MESSAGE) }),
        },
      },
    },
    done: {
      on: { 'import.closed': { target: 'idle', actions: assign({ report: null, fileName: null }) } },
    },
    failed: {
      on: {
        'import.fileChosen': {
          target: 'uploading',
          actions: assign({ fileName: ({ event }) => event.file.name, report: null, error: null }),
        },
        'import.closed': { target: 'idle', actions: assign({ error: null, fileName: null }) },
      },
    },
  },
});
