/**
 * Row selection and bulk actions on a list (the orders list: «Сменить статус», «Разрешить оплату»,
 * «Удалить»). The manager ticks rows, picks an action, sees what it will do to each row, confirms,
 * and then sees what happened to each row.
 *
 * - `idle`       — nothing is selected.
 * - `selecting`  — some rows are ticked; the bulk bar shows their count and the actions.
 * - `confirming` — an action was picked: the dialog lists per row whether the order chart allows it
 *                  (the screen reads each row's `actions`); confirm or cancel (the selection stays).
 * - `applying`   — the `apply` actor sends one bulk call with every selected id; the server applies
 *                  the allowed ones and explains the rest.
 * - `results`    — the per-row outcome (`results`); closing it clears the selection and emits
 *                  `bulk.applied`, so the list reloads. A call that failed as a whole lands here
 *                  too, with `error` set and no rows, and the selection is kept to try again.
 *
 * A selection is a list of row ids in the order they were ticked; at most `MAX_BULK_SELECTION`
 * (the API's limit) can be ticked.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from './admin-failure';

/** The API takes at most this many ids per bulk call. */
export const MAX_BULK_SELECTION = 500;

export type BulkAction =
  | { readonly kind: 'status'; readonly status: string }
  | { readonly kind: 'allowPayment' }
  | { readonly kind: 'delete' };

export interface BulkRowResult {
  readonly id: number;
  readonly ok: boolean;
  readonly error?: string;
}

export interface BulkSelectionContext {
  readonly selected: readonly number[];
  readonly action: BulkAction | null;
  readonly results: readonly BulkRowResult[];
  /** The whole call failed (network, session): nothing was applied. */
  readonly error: string | null;
}

export type BulkSelectionEvent =
  | { readonly type: 'selection.toggled'; readonly id: number }
  /** «Выбрать все на странице» (or a shift-click range): exactly these ids. */
  | { readonly type: 'selection.replaced'; readonly ids: readonly number[] }
  | { readonly type: 'selection.cleared' }
  | { readonly type: 'bulk.chosen'; readonly action: BulkAction }
  | { readonly type: 'bulk.cancelled' }
  | { readonly type: 'bulk.confirmed' }
  | { readonly type: 'results.closed' };

export type BulkSelectionEmitted = {
  readonly type: 'bulk.applied';
  readonly results: readonly BulkRowResult[];
};

function toggled(selected: readonly number[], id: number): readonly number[] {
  if (selected.includes(id)) return selected.filter((each) => each !== id);
  if (selected.length >= MAX_BULK_SELECTION) return selected;
  return [...selected, id];
}

function replaced(ids: readonly number[]): readonly number[] {
  return [...new Set(ids)].slice(0, MAX_BULK_SELECTION);
}

export const bulkSelectionMachine = setup({
  types: {
    context: {} as BulkSelectionContext,
    events: {} as BulkSelectionEvent,
    emitted: {} as BulkSelectionEmitted,
  },
  actors: {
    /** One bulk call for every selected id; the server answers per id. */
    apply: fromPromise<readonly BulkRowResult[], { action: BulkAction; ids: readonly number[] }>(async () => {
      throw new Error('bulkSelection machine: actor apply not provided');
    }),
  },
  guards: {
    willBeEmpty: ({ context, event }) => {
      if (event.type === 'selection.toggled') return toggled(context.selected, event.id).length === 0;
      if (event.type === 'selection.replaced') return replaced(event.ids).length === 0;
      return true;
    },
    failedAsAWhole: ({ context }) => context.error !== null,
  },
  actions: {
    toggle: assign({
      selected: ({ context, event }) =>
        event.type === 'selection.toggled' ? toggled(context.selected, event.id) : context.selected,
    }),
    replace: assign({
      selected: ({ context, event }) =>
        event.type === 'selection.replaced' ? replaced(event.ids) : context.selected,
    }),
    clear: assign({ selected: [], action: null, results: [], error: null }),
    choose: assign({
      action: ({ event }) => (event.type === 'bulk.chosen' ? event.action : null),
      error: null,
    }),
    forgetAction: assign({ action: null, results: [], error: null }),
  },
}).createMachine({
  id: 'bulkSelection',
  context: { selected: [], action: null, results: [], error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'selection.toggled': { target: 'selecting', actions: 'toggle' },
        'selection.replaced': [
          { guard: 'willBeEmpty', actions: 'replace' },
          { target: 'selecting', actions: 'replace' },
        ],
      },
    },
    selecting: {
      on: {
        'selection.toggled': [
          { guard: 'willBeEmpty', target: 'idle', actions: 'clear' },
          { actions: 'toggle' },
        ],
        'selection.replaced': [
          { guard: 'willBeEmpty', target: 'idle', actions: 'clear' },
          { actions: 'replace' },
        ],
        'selection.cleared': { target: 'idle', actions: 'clear' },
        'bulk.chosen': { target: 'confirming', actions: 'choose' },
      },
    },
    confirming: {
      on: {
        'bulk.confirmed': 'applying',
        'bulk.cancelled': { target: 'selecting', actions: 'forgetAction' },
      },
    },
    applying: {
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => {
          if (context.action === null) throw new Error('bulkSelection machine: applying without an action');
          return { action: context.action, ids: context.selected };
        },
        onDone: {
          target: 'results',
          actions: assign({ results: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'results',
          actions: assign({ results: [], error: ({ event }) => adminFailureMessage(event.error) }),
        },
      },
    },
    results: {
      on: {
        'results.closed': [
          // Nothing was applied: keep the rows ticked so the manager can try again.
          { guard: 'failedAsAWhole', target: 'selecting', actions: 'forgetAction' },
          {
            target: 'idle',
            actions: [
              emit(({ context }) => ({ type: 'bulk.applied' as const, results: context.results })),
              'clear',
            ],
          },
        ],
      },
    },
  },
});
