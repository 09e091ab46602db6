/**
 * «Движение остатков» of the product editor (issue 22, docs/stock.md; issue 25 item 1). Two parallel
 * regions over one product:
 *
 * - `ledger`     — the stock ledger, newest first, a page at a time: `loading` → `shown` | `failed`
 *                  (`ledger.retried` reads again); `ledger.pageRequested` reads another page.
 * - `correction` — the «Ручная корректировка» form (by a difference or to a counted balance, with a
 *                  note): `editing` → (a valid amount) `saving` → `editing` with the form emptied |
 *                  `failed` (what was typed is kept).
 *
 * A correction answers the product with its new stock and version: the product form takes both
 * (`form.recordTouched`), so a later save of other fields is no conflict, and the ledger shows its
 * first page again, where the server has put the new «Ручная корректировка» row.
 */
import { assign, fromPromise, raise, sendTo, setup } from 'xstate';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import type { ProductFormRef } from '../../machines/admin/image-manager.machine';
import {
  ADMIN_PRODUCTS_PORT,
  type LoadedProduct,
  type StockCorrection,
  type StockMovementPage,
} from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';

export type StockCorrectionMode = 'delta' | 'balance';

const AMOUNT = /^[-+−]?\d{1,7}$/;

/**
 * The correction the typed amount means, or null when it means none: a difference is a non-zero whole
 * number (`+2`, `−1`; the typographic minus counts), a counted balance is a whole number not below zero.
 */
export function stockCorrectionOf(mode: StockCorrectionMode, amount: string): StockCorrection | null {
  const text = amount.trim();
  if (!AMOUNT.test(text)) return null;
  const value = Number(text.replace('−', '-'));
  if (mode === 'balance') return value < 0 || /^[-−]/.test(text) ? null : { balance: value };
  return value === 0 ? null : { delta: value };
}

/** How many pages the ledger has (at least one, an empty ledger is one empty page). */
export const ledgerPages = (movements: StockMovementPage | null): number =>
  movements === null ? 1 : Math.max(1, Math.ceil(movements.total / movements.limit));

interface StockMovementsContext {
  readonly productId: number;
  readonly form: ProductFormRef;
  readonly page: number;
  /** The page last read; kept while another page loads, null before the first answer. */
  readonly movements: StockMovementPage | null;
  readonly mode: StockCorrectionMode;
  readonly amount: string;
  readonly note: string;
  readonly correctionFailure: string | null;
}

type StockMovementsEvent =
  | { readonly type: 'ledger.pageRequested'; readonly page: number }
  | { readonly type: 'ledger.retried' }
  | { readonly type: 'ledger.corrected' }
  | { readonly type: 'correction.modeChosen'; readonly mode: StockCorrectionMode }
  | { readonly type: 'correction.amountEdited'; readonly amount: string }
  | { readonly type: 'correction.noteEdited'; readonly note: string }
  | { readonly type: 'correction.submitted' };

interface CorrectionRequest {
  readonly productId: number;
  readonly correction: StockCorrection;
  readonly note: string;
}

export const stockMovementsMachine = setup({
  types: {
    context: {} as StockMovementsContext,
    events: {} as StockMovementsEvent,
    input: {} as { readonly productId: number; readonly form: ProductFormRef },
  },
  actors: {
    readLedger: fromPromise<StockMovementPage, { productId: number; page: number }>(async () => {
      throw new Error('stockMovements machine: actor readLedger not provided');
    }),
    correctStock: fromPromise<LoadedProduct, CorrectionRequest>(async () => {
      throw new Error('stockMovements machine: actor correctStock not provided');
    }),
  },
  guards: {
    correctionValid: ({ context }) => stockCorrectionOf(context.mode, context.amount) !== null,
    pageExists: ({ context, event }) =>
      event.type === 'ledger.pageRequested' &&
      event.page >= 1 &&
      event.page <= ledgerPages(context.movements) &&
      event.page !== context.page,
  },
  actions: {
    chooseMode: assign({
      mode: ({ context, event }) => (event.type === 'correction.modeChosen' ? event.mode : context.mode),
      correctionFailure: null,
    }),
    editAmount: assign({
      amount: ({ context, event }) =>
        event.type === 'correction.amountEdited' ? event.amount : context.amount,
      correctionFailure: null,
    }),
    editNote: assign({
      note: ({ context, event }) => (event.type === 'correction.noteEdited' ? event.note : context.note),
    }),
  },
}).createMachine({
  id: 'stockMovements',
  type: 'parallel',
  context: ({ input }) => ({
    productId: input.productId,
    form: input.form,
    page: 1,
    movements: null,
    mode: 'delta',
    amount: '',
    note: '',
    correctionFailure: null,
  }),
  states: {
    ledger: {
      initial: 'loading',
      on: {
        // The correction region's answer: the new row is on the first page.
        'ledger.corrected': { target: '.loading', reenter: true, actions: assign({ page: 1 }) },
      },
      states: {
        loading: {
          invoke: {
            id: 'readLedger',
            src: 'readLedger',
            input: ({ context }) => ({ productId: context.productId, page: context.page }),
            onDone: { target: 'shown', actions: assign({ movements: ({ event }) => event.output }) },
            onError: { target: 'failed' },
          },
        },
        shown: {
          on: {
            'ledger.pageRequested': {
              guard: 'pageExists',
              target: 'loading',
              actions: assign({ page: ({ event }) => event.page }),
            },
          },
        },
        failed: {
          on: { 'ledger.retried': 'loading' },
        },
      },
    },
    correction: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'correction.modeChosen': { actions: 'chooseMode' },
            'correction.amountEdited': { actions: 'editAmount' },
            'correction.noteEdited': { actions: 'editNote' },
            'correction.submitted': { guard: 'correctionValid', target: 'saving' },
          },
        },
        saving: {
          invoke: {
            id: 'correctStock',
            src: 'correctStock',
            input: ({ context }) => ({
              productId: context.productId,
              // The guard let only a valid amount through.
              correction: stockCorrectionOf(context.mode, context.amount) ?? { delta: 0 },
              note: context.note,
            }),
            onDone: {
              target: 'editing',
              actions: [
                sendTo(
                  ({ context }) => context.form,
                  ({ event }) => ({
                    type: 'form.recordTouched' as const,
                    meta: event.output.meta,
                    version: event.output.version,
                    fields: { stock: event.output.draft.stock },
                  }),
                ),
                assign({ amount: '', note: '' }),
                raise({ type: 'ledger.corrected' }),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ correctionFailure: ({ event }) => adminFailureMessage(event.error) }),
            },
          },
        },
        failed: {
          on: {
            'correction.modeChosen': { target: 'editing', actions: 'chooseMode' },
            'correction.amountEdited': { target: 'editing', actions: 'editAmount' },
            'correction.noteEdited': { actions: 'editNote' },
            'correction.submitted': {
              guard: 'correctionValid',
              target: 'saving',
              actions: assign({ correctionFailure: null }),
            },
          },
        },
      },
    },
  },
});

/** The stock panel's machine with its reads and corrections done by the admin products port. */
export const stockMovementsMachineOfShop = defineUseCase(
  'admin.products.stockMovementsMachine',
  { products: ADMIN_PRODUCTS_PORT },
  ({ products }) =>
    stockMovementsMachine.provide({
      actors: {
        readLedger: fromPromise<StockMovementPage, { productId: number; page: number }>(({ input, signal }) =>
          products.stockMovements(input.productId, input.page, { signal }),
        ),
        correctStock: fromPromise<LoadedProduct, CorrectionRequest>(({ input, signal }) =>
          products.correctStock(input.productId, input.correction, input.note, { signal }),
        ),
      },
    }),
);
