/**
 * The bulk edit grid of the product list: price, old price, badge and visibility of the selected
 * products, edited like a spreadsheet and saved in one go, with undo on both sides of the save.
 *
 * - `editing`  — cells change the draft; every edit (one cell, or a whole column filled at once, or
 *                «на N %» / «N ₽» for every selected product) is a command on the undo stack, and
 *                undo/redo walk it before anything is saved. A price cell keeps what was typed; text
 *                that is not a price (letters, 0, kopecks, a negative) stays in the cell with a Russian
 *                message beside it and changes nothing, and the grid cannot be saved until it is fixed
 *                (issue 25 item 7: letters used to become 0 and a 0 ₽ price saved);
 * - `confirmingJumps` — a save whose new prices jump (×3 or more, ÷3 or more from the stored price)
 *                lists them and waits for «Сохранить всё равно» or a return to editing;
 * - `saving`   — the changed cells go to the server grouped by field and value (one bulk call per
 *                group); each call answers an operation id, and the batch joins the saved log;
 * - `undoing`  — the last saved batch is undone on the server (its operations, newest first); rows
 *                changed by someone else since are left alone, and the grid says how many.
 * A failed save or undo returns to `editing` with the draft intact and a Russian message.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { KOPECKS_PER_ROUBLE, parseRoubles } from '../../../../shared-rules/money-rule';
import type { ProductBadge } from '../../../domain/product';

type GridField = 'price' | 'price_old' | 'badge' | 'hidden';

export interface GridValues {
  readonly price: number;
  readonly price_old: number | null;
  readonly badge: ProductBadge | null;
  readonly hidden: boolean;
}

export interface GridRow extends GridValues {
  readonly id: number;
  readonly name: string;
  readonly sku: string;
}

/** One cell's change, typed by its field. */
export type CellEdit = {
  readonly [F in GridField]: {
    readonly id: number;
    readonly field: F;
    readonly before: GridValues[F];
    readonly after: GridValues[F];
  };
}[GridField];

/** One bulk call: the same value of one field for many products. */
export type GridChange = {
  readonly [F in GridField]: {
    readonly ids: readonly number[];
    readonly field: F;
    readonly value: GridValues[F];
  };
}[GridField];

interface SavedBatch {
  /** The server's operation ids, in the order they were applied. */
  readonly operations: readonly string[];
  readonly edits: readonly CellEdit[];
}

export interface SaveOutcome {
  readonly operations: readonly string[];
  /** Products the server refused (gone, deleted); their cells go back to what is stored. */
  readonly failedIds: readonly number[];
}

export interface UndoOutcome {
  /** Products whose values were restored; the others changed since and were left alone. */
  readonly restoredIds: readonly number[];
}

export interface BulkGridContext {
  /** The rows as stored on the server. */
  readonly rows: readonly GridRow[];
  /** The values shown in the grid, by product id. */
  readonly draft: Readonly<Record<number, GridValues>>;
  readonly undoStack: readonly (readonly CellEdit[])[];
  readonly redoStack: readonly (readonly CellEdit[])[];
  readonly saved: readonly SavedBatch[];
  readonly error: string | null;
  /** The last outcome in words ("Сохранено: 3 товара", "Отменено…"). */
  readonly notice: string | null;
  /** What was typed into price cells (`${id}:${field}`), shown instead of the stored number. */
  readonly typed: Readonly<Record<string, string>>;
  /** Cells whose typed text is not a price, with the reason in Russian. */
  readonly invalid: Readonly<Record<string, string>>;
  /** Why the last «на N %» / «N ₽ для выбранных» was refused. */
  readonly toolError: string | null;
  /** The price jumps a save waits to have confirmed. */
  readonly jumps: readonly PriceJump[];
}

/** A new price at least three times the stored one, or at most a third of it. */
export interface PriceJump {
  readonly id: number;
  readonly name: string;
  readonly before: number;
  readonly after: number;
}

/** The price fields a person types into. */
export type PriceField = 'price' | 'price_old';

/** A jump is suspicious from this factor up (or down): 1 990 ₽ typed as 19 900 ₽ or 199 ₽. */
const SUSPICIOUS_JUMP_FACTOR = 3;

/** The percent range the server accepts for «на N %» (api/admin-products.ts BulkProductChange). */
const PERCENT_MIN = -90;
const PERCENT_MAX = 500;

export const PRICE_MESSAGES = {
  empty: 'Укажите цену',
  notAmount: 'Цена — сумма в рублях, например 12 990',
  zero: 'Цена должна быть больше 0 ₽',
  kopecks: 'Цены товаров — в целых рублях, без копеек',
  oldNotAmount: 'Старая цена — сумма в рублях или пусто',
  percent: `Процент — число от ${PERCENT_MIN} до +${PERCENT_MAX}, не 0, например 5 или −10`,
  invalidCells: 'Исправьте ячейки с ошибками — сохранять пока нечего',
} as const;

/** A cell's key in `typed` and `invalid`. */
export function cellKey(id: number, field: PriceField): string {
  return `${id}:${field}`;
}

/**
 * What a person typed into a price cell, read as whole roubles: a number, null for «no old price»
 * (an empty old-price cell), or the reason it is not a price. Prices are positive whole roubles
 * (shared-rules/money-rule.ts: catalogue prices carry no kopecks).
 */
export function readPriceCell(
  field: PriceField,
  text: string,
): { readonly ok: true; readonly value: number | null } | { readonly ok: false; readonly message: string } {
  if (text.trim() === '')
    return field === 'price' ? { ok: false, message: PRICE_MESSAGES.empty } : { ok: true, value: null };
  const kopecks = parseRoubles(text);
  if (kopecks === null)
    return { ok: false, message: field === 'price' ? PRICE_MESSAGES.notAmount : PRICE_MESSAGES.oldNotAmount };
  if (kopecks === 0) return { ok: false, message: PRICE_MESSAGES.zero };
  if (kopecks % KOPECKS_PER_ROUBLE !== 0) return { ok: false, message: PRICE_MESSAGES.kopecks };
  return { ok: true, value: kopecks / KOPECKS_PER_ROUBLE };
}

/** «5», «+5», «−10», «2,5»: a percent change within the server's range, not 0; null otherwise. */
export function readPercent(text: string): number | null {
  const match = /^([+\-\u2212]?)(\d{1,3}(?:[.,]\d{1,2})?)$/.exec(text.replace(/[\s%]/g, ''));
  if (match === null) return null;
  const value = Number((match[2] ?? '').replace(',', '.')) * (match[1] === '' || match[1] === '+' ? 1 : -1);
  return value !== 0 && value >= PERCENT_MIN && value <= PERCENT_MAX ? value : null;
}

/** A price changed by `percent`, in whole roubles (half up), never below 1 ₽. */
export function priceChangedBy(price: number, percent: number): number {
  // In hundredths of a percent, so 2,5 % stays exact.
  const factor = 10_000 + Math.round(percent * 100);
  return Math.max(1, Math.round((price * factor) / 10_000));
}

/** The pending price changes that jump by ×3 or ÷3 or more from the stored price. */
function priceJumps(context: Pick<BulkGridContext, 'rows' | 'draft'>): PriceJump[] {
  return context.rows.flatMap((row) => {
    const after = context.draft[row.id]?.price;
    if (after === undefined || after === row.price || row.price <= 0) return [];
    const jumped = after >= row.price * SUSPICIOUS_JUMP_FACTOR || after * SUSPICIOUS_JUMP_FACTOR <= row.price;
    return jumped ? [{ id: row.id, name: row.name, before: row.price, after }] : [];
  });
}

export type BulkGridEvent =
  | { readonly type: 'grid.rowsLoaded'; readonly rows: readonly GridRow[] }
  | { readonly type: 'grid.cellEdited'; readonly edit: DistributiveOmit<CellEdit, 'before'> }
  /** Text typed into a price cell; it changes the draft only when it is a price. */
  | {
      readonly type: 'grid.priceTyped';
      readonly id: number;
      readonly field: PriceField;
      readonly text: string;
    }
  /** «Изменить выбранные на N %». */
  | { readonly type: 'grid.pricesChangedByPercent'; readonly text: string }
  /** «Установить цену N ₽ для выбранных». */
  | { readonly type: 'grid.pricesSet'; readonly text: string }
  | { readonly type: 'grid.jumpsConfirmed' }
  | { readonly type: 'grid.jumpsCancelled' }
  | { readonly type: 'grid.columnFilled'; readonly fill: DistributiveOmit<GridChange, 'ids'> }
  | { readonly type: 'grid.undo' }
  | { readonly type: 'grid.redo' }
  | { readonly type: 'grid.saveRequested' }
  | { readonly type: 'grid.undoSavedRequested' }
  | { readonly type: 'grid.noticeDismissed' };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The rows as stored after a save or an undo: the list behind the grid takes them (no second read). */
export type BulkGridEmitted = { readonly type: 'grid.rowsStored'; readonly rows: readonly GridRow[] };

export interface BulkGridInput {
  readonly rows: readonly GridRow[];
}

export const GRID_SAVE_FAILED_MESSAGE = 'Не удалось сохранить изменения. Они остались в таблице — повторите.';
const GRID_UNDO_FAILED_MESSAGE = 'Не удалось отменить сохранение. Попробуйте ещё раз.';

function notProvided(name: string): never {
  throw new Error(`bulk price grid machine: actor ${name} not provided`);
}

function valuesOf(row: GridRow): GridValues {
  return { price: row.price, price_old: row.price_old, badge: row.badge, hidden: row.hidden };
}

function draftOf(rows: readonly GridRow[]): Record<number, GridValues> {
  return Object.fromEntries(rows.map((row) => [row.id, valuesOf(row)]));
}

function applyEdits(
  draft: Readonly<Record<number, GridValues>>,
  edits: readonly CellEdit[],
  side: 'before' | 'after',
): Record<number, GridValues> {
  const next: Record<number, GridValues> = { ...draft };
  for (const edit of edits) {
    const current = next[edit.id];
    if (current) next[edit.id] = { ...current, [edit.field]: edit[side] };
  }
  return next;
}

/** A cell edit with the value it replaces; null when it changes nothing. */
function cellEdit(
  draft: Readonly<Record<number, GridValues>>,
  edit: DistributiveOmit<CellEdit, 'before'>,
): CellEdit | null {
  const current = draft[edit.id];
  if (!current || current[edit.field] === edit.after) return null;
  return { ...edit, before: current[edit.field] } as CellEdit;
}

/** The cells whose draft differs from the stored row, as cell edits (stored → draft). */
export function pendingEdits(context: Pick<BulkGridContext, 'rows' | 'draft'>): CellEdit[] {
  const fields: readonly GridField[] = ['price', 'price_old', 'badge', 'hidden'];
  const edits: CellEdit[] = [];
  for (const row of context.rows) {
    const current = context.draft[row.id];
    if (!current) continue;
    for (const field of fields) {
      if (current[field] !== row[field]) {
        edits.push({ id: row.id, field, before: row[field], after: current[field] } as CellEdit);
      }
    }
  }
  return edits;
}

/** Groups pending cells into bulk calls: one per field and value. */
export function groupChanges(edits: readonly CellEdit[]): GridChange[] {
  const groups = new Map<string, { field: GridField; value: GridValues[GridField]; ids: number[] }>();
  for (const edit of edits) {
    const key = `${edit.field}:${JSON.stringify(edit.after)}`;
    const group = groups.get(key) ?? { field: edit.field, value: edit.after, ids: [] };
    group.ids.push(edit.id);
    groups.set(key, group);
  }
  return [...groups.values()] as GridChange[];
}

/** Every row's price set by `priceOf` (from the draft), as one undoable command. */
function pricesCommand(
  context: BulkGridContext,
  priceOf: (current: number) => number,
): Partial<BulkGridContext> {
  const edits = context.rows
    .map((row) => {
      const current = context.draft[row.id]?.price;
      return current === undefined
        ? null
        : cellEdit(context.draft, { id: row.id, field: 'price', after: priceOf(current) });
    })
    .filter((edit): edit is CellEdit => edit !== null);
  const cleared = clearedCells(context, 'price');
  if (edits.length === 0) return { ...cleared, toolError: null };
  return {
    ...cleared,
    draft: applyEdits(context.draft, edits, 'after'),
    undoStack: [...context.undoStack, edits],
    redoStack: [],
    error: null,
    toolError: null,
  };
}

/** The typed text and errors of one field's cells (all fields when none is named) forgotten. */
function clearedCells(
  context: Pick<BulkGridContext, 'typed' | 'invalid'>,
  field?: PriceField,
): Pick<BulkGridContext, 'typed' | 'invalid'> {
  if (field === undefined) return { typed: {}, invalid: {} };
  const keep = (key: string) => !key.endsWith(`:${field}`);
  return {
    typed: Object.fromEntries(Object.entries(context.typed).filter(([key]) => keep(key))),
    invalid: Object.fromEntries(Object.entries(context.invalid).filter(([key]) => keep(key))),
  };
}

function withoutKey(record: Readonly<Record<string, string>>, key: string): Record<string, string> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

function replaceRowValues(
  rows: readonly GridRow[],
  draft: Readonly<Record<number, GridValues>>,
  ids: ReadonlySet<number>,
): GridRow[] {
  return rows.map((row) => {
    const values = draft[row.id];
    return ids.has(row.id) && values ? { ...row, ...values } : row;
  });
}

export const bulkPriceGridMachine = setup({
  types: {
    context: {} as BulkGridContext,
    events: {} as BulkGridEvent,
    emitted: {} as BulkGridEmitted,
    input: {} as BulkGridInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    saveChanges: fromPromise<SaveOutcome, { changes: readonly GridChange[] }>(async () =>
      notProvided('saveChanges'),
    ),
    undoOperations: fromPromise<UndoOutcome, { operations: readonly string[] }>(async () =>
      notProvided('undoOperations'),
    ),
  },
  guards: {
    hasPending: ({ context }) => pendingEdits(context).length > 0,
    hasInvalid: ({ context }) => Object.keys(context.invalid).length > 0,
    hasJumps: ({ context }) => priceJumps(context).length > 0,
    canUndo: ({ context }) => context.undoStack.length > 0,
    canRedo: ({ context }) => context.redoStack.length > 0,
    hasSaved: ({ context }) => context.saved.length > 0,
  },
}).createMachine({
  id: 'bulkPriceGrid',
  context: ({ input }) => ({
    rows: input?.rows ?? [],
    draft: draftOf(input?.rows ?? []),
    undoStack: [],
    redoStack: [],
    saved: [],
    error: null,
    notice: null,
    typed: {},
    invalid: {},
    toolError: null,
    jumps: [],
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'grid.rowsLoaded': {
          actions: assign(({ event }) => ({
            rows: event.rows,
            draft: draftOf(event.rows),
            undoStack: [],
            redoStack: [],
            error: null,
            typed: {},
            invalid: {},
          })),
        },
        'grid.priceTyped': {
          actions: assign(({ context, event }) => {
            const key = cellKey(event.id, event.field);
            const read = readPriceCell(event.field, event.text);
            const typed = { ...context.typed, [key]: event.text };
            if (!read.ok) return { typed, invalid: { ...context.invalid, [key]: read.message } };
            const invalid = withoutKey(context.invalid, key);
            const edit = cellEdit(context.draft, {
              id: event.id,
              field: event.field,
              after: event.field === 'price' ? (read.value ?? 0) : read.value,
            } as DistributiveOmit<CellEdit, 'before'>);
            if (edit === null) return { typed, invalid };
            return {
              typed,
              invalid,
              draft: applyEdits(context.draft, [edit], 'after'),
              undoStack: [...context.undoStack, [edit]],
              redoStack: [],
              error: null,
            };
          }),
        },
        'grid.pricesChangedByPercent': {
          actions: assign(({ context, event }) => {
            const percent = readPercent(event.text);
            if (percent === null) return { toolError: PRICE_MESSAGES.percent };
            return pricesCommand(context, (current) => priceChangedBy(current, percent));
          }),
        },
        'grid.pricesSet': {
          actions: assign(({ context, event }) => {
            const read = readPriceCell('price', event.text);
            if (!read.ok) return { toolError: read.message };
            return pricesCommand(context, () => read.value ?? 0);
          }),
        },
        'grid.cellEdited': {
          actions: assign(({ context, event }) => {
            const edit = cellEdit(context.draft, event.edit);
            if (edit === null) return {};
            return {
              draft: applyEdits(context.draft, [edit], 'after'),
              undoStack: [...context.undoStack, [edit]],
              redoStack: [],
              error: null,
            };
          }),
        },
        'grid.columnFilled': {
          actions: assign(({ context, event }) => {
            const edits = context.rows
              .map((row) =>
                cellEdit(context.draft, { ...event.fill, id: row.id, after: event.fill.value } as never),
              )
              .filter((edit): edit is CellEdit => edit !== null);
            if (edits.length === 0) return {};
            return {
              draft: applyEdits(context.draft, edits, 'after'),
              undoStack: [...context.undoStack, edits],
              redoStack: [],
              error: null,
            };
          }),
        },
        'grid.undo': {
          guard: 'canUndo',
          actions: assign(({ context }) => {
            const last = context.undoStack[context.undoStack.length - 1] ?? [];
            return {
              ...clearedCells(context),
              draft: applyEdits(context.draft, [...last].reverse(), 'before'),
              undoStack: context.undoStack.slice(0, -1),
              redoStack: [...context.redoStack, last],
            };
          }),
        },
        'grid.redo': {
          guard: 'canRedo',
          actions: assign(({ context }) => {
            const next = context.redoStack[context.redoStack.length - 1] ?? [];
            return {
              ...clearedCells(context),
              draft: applyEdits(context.draft, next, 'after'),
              redoStack: context.redoStack.slice(0, -1),
              undoStack: [...context.undoStack, next],
            };
          }),
        },
        'grid.saveRequested': [
          { guard: 'hasInvalid', actions: assign({ error: PRICE_MESSAGES.invalidCells }) },
          {
            guard: 'hasJumps',
            target: 'confirmingJumps',
            actions: assign({ jumps: ({ context }) => priceJumps(context) }),
          },
          { guard: 'hasPending', target: 'saving' },
        ],
        'grid.undoSavedRequested': { guard: 'hasSaved', target: 'undoing' },
        'grid.noticeDismissed': { actions: assign({ notice: null }) },
      },
    },
    confirmingJumps: {
      on: {
        'grid.jumpsConfirmed': { target: 'saving', actions: assign({ jumps: [] }) },
        'grid.jumpsCancelled': { target: 'editing', actions: assign({ jumps: [] }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveChanges',
        src: 'saveChanges',
        input: ({ context }) => ({ changes: groupChanges(pendingEdits(context)) }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              const failed = new Set(event.output.failedIds);
              const edits = pendingEdits(context).filter((edit) => !failed.has(edit.id));
              const savedIds = new Set(edits.map((edit) => edit.id));
              const rows = replaceRowValues(context.rows, context.draft, savedIds);
              const okCount = savedIds.size;
              return {
                rows,
                // Refused rows fall back to what the server holds.
                draft: draftOf(rows),
                undoStack: [],
                redoStack: [],
                saved:
                  edits.length === 0
                    ? context.saved
                    : [...context.saved, { operations: event.output.operations, edits }],
                error:
                  failed.size > 0 ? `Не сохранено товаров: ${failed.size} (удалены или недоступны)` : null,
                notice: `Сохранено товаров: ${okCount}`,
                ...clearedCells(context),
              };
            }),
            emit(({ context }) => ({ type: 'grid.rowsStored' as const, rows: context.rows })),
          ],
        },
        onError: { target: 'editing', actions: assign({ error: GRID_SAVE_FAILED_MESSAGE }) },
      },
    },
    undoing: {
      tags: ['busy'],
      invoke: {
        id: 'undoOperations',
        src: 'undoOperations',
        input: ({ context }) => ({
          operations: [...(context.saved[context.saved.length - 1]?.operations ?? [])].reverse(),
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              const batch = context.saved[context.saved.length - 1];
              const restored = new Set(event.output.restoredIds);
              const edits = (batch?.edits ?? []).filter((edit) => restored.has(edit.id));
              const storedDraft = applyEdits(draftOf(context.rows), [...edits].reverse(), 'before');
              const rows = replaceRowValues(context.rows, storedDraft, restored);
              const skipped = new Set((batch?.edits ?? []).map((edit) => edit.id)).size - restored.size;
              return {
                rows,
                draft: draftOf(rows),
                undoStack: [],
                redoStack: [],
                saved: context.saved.slice(0, -1),
                error:
                  skipped > 0 ? `Не отменено для ${skipped} тов.: их успели изменить после сохранения` : null,
                notice: `Изменения отменены: ${restored.size} тов.`,
                ...clearedCells(context),
              };
            }),
            emit(({ context }) => ({ type: 'grid.rowsStored' as const, rows: context.rows })),
          ],
        },
        onError: { target: 'editing', actions: assign({ error: GRID_UNDO_FAILED_MESSAGE }) },
      },
    },
  },
});
