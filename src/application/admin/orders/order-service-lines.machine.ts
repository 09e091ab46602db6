/**
 * «Доставка и услуги» on the order card (issue 23; docs/delivery.md «The manager's edit»): the order's
 * service lines and their edit. The save replaces the lines over the total the card showed
 * (PUT /api/admin/orders/:id/services); the server recomputes the total and answers the saved order,
 * which the machine emits (`serviceLines.orderSaved`) for the card to take — no reload of the page.
 *
 * - `viewing` — the lines as the server last answered them; «Изменить» starts an edit.
 * - `editing` — the draft: a line's name and price (whole roubles) changed, a line added or removed.
 *               A draft with an empty name or a price that is not whole roubles ≥ 0 is not sent; its
 *               errors show.
 * - `saving`  — the lines go to the server. A refusal because the order changed meanwhile (409
 *               `order_changed`) rereads the order: the card takes it, the draft stays with the
 *               server's Russian message and the next save goes over the fresh total. Another refusal
 *               (paid, handed over: 409 `order_locked`) keeps the draft and shows its message.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import {
  OPTIONAL_SERVICE_LABELS,
  OPTIONAL_SERVICES,
  type ServiceKind,
} from '../../../../shared-rules/delivery-service-rule';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import {
  ADMIN_ORDERS_PORT,
  type AdminOrderDetail,
  type OrderServiceLine,
} from '../../ports/admin-orders.port';
import { isPortFailure } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';
import { OrderChangedMeanwhile } from './order-card.machine';

/** The contract's bounds (api/admin-orders.ts updateAdminOrderServices). */
const MAX_LINES = 20;
const MAX_LABEL = 128;
const KOPECKS_PER_ROUBLE = 100;

/** A line as typed: the price in whole roubles as text. */
export interface ServiceDraftLine {
  readonly kind: ServiceKind;
  readonly label: string;
  readonly roubles: string;
}

export type ServiceLineErrors = Partial<Record<'label' | 'roubles', string>>;

/** The kinds a manager adds by hand, with the label a new line starts with. */
export const ADDABLE_SERVICES: readonly { readonly kind: ServiceKind; readonly label: string }[] = [
  { kind: 'delivery', label: 'Доставка' },
  ...OPTIONAL_SERVICES.map((kind) => ({ kind, label: OPTIONAL_SERVICE_LABELS[kind] })),
  { kind: 'other', label: '' },
];

/** «1 500» / «1500 ₽» → 150 000 kopecks; anything but whole roubles ≥ 0 → null. */
function kopecksOf(roubles: string): number | null {
  const digits = roubles.replace(/[\s\u00a0₽]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) * KOPECKS_PER_ROUBLE : null;
}

export function serviceLineErrors(line: ServiceDraftLine): ServiceLineErrors {
  const errors: { label?: string; roubles?: string } = {};
  if (line.label.trim() === '') errors.label = 'Назовите услугу';
  else if (line.label.trim().length > MAX_LABEL) errors.label = `Не больше ${MAX_LABEL} символов`;
  if (kopecksOf(line.roubles) === null) errors.roubles = 'Цена — в целых рублях, не меньше нуля';
  return errors;
}

const draftValid = (draft: readonly ServiceDraftLine[]): boolean =>
  draft.length <= MAX_LINES && draft.every((line) => Object.keys(serviceLineErrors(line)).length === 0);

const draftOf = (lines: readonly OrderServiceLine[]): ServiceDraftLine[] =>
  lines.map((line) => ({
    kind: line.kind,
    label: line.label,
    roubles: String(Math.floor(line.amount / KOPECKS_PER_ROUBLE)),
  }));

const linesOf = (draft: readonly ServiceDraftLine[]): OrderServiceLine[] =>
  draft.map((line) => ({ kind: line.kind, label: line.label.trim(), amount: kopecksOf(line.roubles) ?? 0 }));

interface ServicesContext {
  readonly orderId: number;
  readonly lines: readonly OrderServiceLine[];
  /** The order's total the card shows: the save goes over it. */
  readonly seenTotal: number;
  readonly draft: readonly ServiceDraftLine[];
  readonly showErrors: boolean;
  readonly failure: string | null;
  readonly notice: string | null;
}

type ServicesEvent =
  /** The card holds another order state (any section's save, a fresh read). */
  | { readonly type: 'order.loaded'; readonly order: AdminOrderDetail }
  | { readonly type: 'edit.started' }
  | { readonly type: 'edit.cancelled' }
  | {
      readonly type: 'line.edited';
      readonly index: number;
      readonly changes: Partial<Pick<ServiceDraftLine, 'label' | 'roubles'>>;
    }
  | { readonly type: 'line.added'; readonly kind: ServiceKind }
  | { readonly type: 'line.removed'; readonly index: number }
  | { readonly type: 'save.requested' };

type ServicesEmitted = { readonly type: 'serviceLines.orderSaved'; readonly order: AdminOrderDetail };

interface SaveInput {
  readonly orderId: number;
  readonly services: readonly OrderServiceLine[];
  readonly seenTotal: number;
}

const fromOrder = (order: AdminOrderDetail) => ({ lines: order.services ?? [], seenTotal: order.total });

export const orderServicesMachine = setup({
  types: {
    context: {} as ServicesContext,
    events: {} as ServicesEvent,
    emitted: {} as ServicesEmitted,
    input: {} as { readonly order: AdminOrderDetail },
  },
  actors: {
    saveServices: fromPromise<AdminOrderDetail, SaveInput>(async () => {
      throw new Error('orderServices machine: actor saveServices not provided');
    }),
  },
  guards: {
    draftValid: ({ context }) => draftValid(context.draft),
  },
}).createMachine({
  id: 'orderServices',
  context: ({ input }) => ({
    orderId: input.order.id,
    ...fromOrder(input.order),
    draft: [],
    showErrors: false,
    failure: null,
    notice: null,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'order.loaded': { actions: assign(({ event }) => fromOrder(event.order)) },
        'edit.started': {
          target: 'editing',
          actions: assign(({ context }) => ({
            draft: draftOf(context.lines),
            showErrors: false,
            failure: null,
            notice: null,
          })),
        },
      },
    },
    editing: {
      on: {
        // The card's own saves move the total the edit goes over; the draft stays.
        'order.loaded': { actions: assign({ seenTotal: ({ event }) => event.order.total }) },
        'edit.cancelled': { target: 'viewing', actions: assign({ failure: null }) },
        'line.edited': {
          actions: assign({
            draft: ({ context, event }) =>
              context.draft.map((line, index) =>
                index === event.index ? { ...line, ...event.changes } : line,
              ),
          }),
        },
        'line.added': {
          guard: ({ context }) => context.draft.length < MAX_LINES,
          actions: assign({
            draft: ({ context, event }) => [
              ...context.draft,
              {
                kind: event.kind,
                label: ADDABLE_SERVICES.find((each) => each.kind === event.kind)?.label ?? '',
                roubles: '',
              },
            ],
          }),
        },
        'line.removed': {
          actions: assign({
            draft: ({ context, event }) => context.draft.filter((_, index) => index !== event.index),
          }),
        },
        'save.requested': [
          { guard: 'draftValid', target: 'saving' },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    saving: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'saveServices',
        input: ({ context }) => ({
          orderId: context.orderId,
          services: linesOf(context.draft),
          seenTotal: context.seenTotal,
        }),
        onDone: {
          target: 'viewing',
          actions: [
            assign(({ event }) => ({
              ...fromOrder(event.output),
              notice: 'Услуги сохранены, итог заказа пересчитан.',
            })),
            emit(({ event }) => ({ type: 'serviceLines.orderSaved' as const, order: event.output })),
          ],
        },
        onError: [
          {
            guard: ({ event }) => event.error instanceof OrderChangedMeanwhile,
            target: 'editing',
            actions: [
              assign(({ event }) => {
                const changed = event.error as OrderChangedMeanwhile;
                return { seenTotal: changed.order.total, failure: adminFailureMessage(changed.refusal) };
              }),
              emit(({ event }) => ({
                type: 'serviceLines.orderSaved' as const,
                order: (event.error as OrderChangedMeanwhile).order,
              })),
            ],
          },
          {
            target: 'editing',
            actions: assign({ failure: ({ event }) => adminFailureMessage(event.error) }),
          },
        ],
      },
    },
  },
});

/** The section's machine with its save carried out by the admin orders port. */
export const orderServices = defineUseCase(
  'admin.orders.servicesMachine',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    orderServicesMachine.provide({
      actors: {
        saveServices: fromPromise<AdminOrderDetail, SaveInput>(async ({ input, signal }) => {
          try {
            return await orders.updateServices(input.orderId, input.services, input.seenTotal, { signal });
          } catch (refusal) {
            if (!isPortFailure(refusal) || refusal.code !== 'order_changed') throw refusal;
            throw new OrderChangedMeanwhile(refusal, await orders.get(input.orderId, { signal }));
          }
        }),
      },
    }),
);
