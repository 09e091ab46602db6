/**
 * The bulk edit grid of the product list: price, old price, badge and visibility of the selected
 * products, edited like a spreadsheet and saved in one go, with undo on both sides of the save.
 *
 * - `editing`  — cells change the draft; every edit (one cell, or a whole column filled at once) is a
 *                command on the undo stack, and undo/redo walk it before anything is saved;
 * - `saving`   — the changed cells go to the server grouped by field and value (one bulk call per
 *                group); each call answers an operation id, and the batch joins the saved log;
 * - `undoing`  — the last saved batch is undone on the server (its operations, newest first); rows
 *                changed by someone else since are left alone, and the grid says how many.
 * A failed save or undo returns to `editing` with the draft intact and a Russian message.
 */
import { assign, fromPromise, setup } from 'xstate';
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
}

export type BulkGridEvent =
  | { readonly type: 'grid.rowsLoaded'; readonly rows: readonly GridRow[] }
  | { readonly type: 'grid.cellEdited'; readonly edit: DistributiveOmit<CellEdit, 'before'> }
  | { readonly type: 'grid.columnFilled'; readonly fill: DistributiveOmit<GridChange, 'ids'> }
  | { readonly type: 'grid.undo' }
  | { readonly type: 'grid.redo' }
  | { readonly type: 'grid.saveRequested' }
  | { readonly type: 'grid.undoSavedRequested' }
  | { readonly type: 'grid.noticeDismissed' };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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
    canUndo: ({ context }) => context.undoStack.length > 0,
    canRedo: ({ context }) => context.redoStack.length > 0,
    hasSaved: ({ context }) => context.saved.length > 0,
  },
}).createMachine({
  id: 'bulkPriceGrid',
  context: { rows: [], draft: {}, undoStack: [], redoStack: [], saved: [], error: null, notice: null },
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
          })),
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
              draft: applyEdits(context.draft, next, 'after'),
              redoStack: context.redoStack.slice(0, -1),
              undoStack: [...context.undoStack, next],
            };
          }),
        },
        'grid.saveRequested': { guard: 'hasPending', target: 'saving' },
        'grid.undoSavedRequested': { guard: 'hasSaved', target: 'undoing' },
        'grid.noticeDismissed': { actions: assign({ notice: null }) },
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
          actions: assign(({ context, event }) => {
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
              error: failed.size > 0 ? `Не сохранено товаров: ${failed.size} (удалены или недоступны)` : null,
              notice: `Сохранено товаров: ${okCount}`,
            };
          }),
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
          actions: assign(({ context, event }) => {
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
            };
          }),
        },
        onError: { target: 'editing', actions: assign({ error: GRID_UNDO_FAILED_MESSAGE }) },
      },
    },
  },
});
