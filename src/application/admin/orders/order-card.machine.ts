/**
 * The order card (/admin/orders/{id}): the order as the server last answered it, and what the manager
 * may do with it now. Which status moves exist is the server's lifecycle chart's answer (the order's
 * `actions`); this machine only offers those, never works them out again, and takes every command's
 * answer — the saved order — as the card's new state (no reload of the page after a save).
 *
 * - `idle`        — the card shows the order; a move, «Удалить заказ», «Восстановить» or «Вернуть деньги» may
 *                   be asked for. Any section's save (`order.saved`) and a fresh read by the route
 *                   (`order.loaded`) replace the order in every state.
 * - `dateMissing` — «Согласовать доставку» was asked for an order with no delivery date: nothing is sent,
 *                   and the «Дата» field says why (shared-rules/delivery-agreement-rule.ts) until a date is
 *                   saved or another command is asked for.
 * - `confirming`  — a move that is hard to undo (cancel, claim, closing the pay link) or the bin asks first.
 * - `running`     — `runCommand` carries the command out; its answer is the saved order.
 * - `done`        — it worked: the card shows the order the server answered, and «Готово».
 * - `failed`      — the server refused or could not be reached; the message shows. When the order moved
 *                   meanwhile, the card takes the order as it is now (its moves with it).
 * - `prepayment`  — «Запросить предоплату» asks the amount first (issue 22); its dialog's save answers the
 *                   saved order (`order.saved`), closing it returns to `idle`.
 * - `refund`      — «Вернуть деньги»: the refund dialog, likewise.
 */
import { assign, fromPromise, setup } from 'xstate';
import { deliveryDateRefusal } from '../../../../shared-rules/delivery-agreement-rule';
import { closesPayLink } from '../../../../shared-rules/order-status-rule';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import {
  ADMIN_ORDERS_PORT,
  type AdminOrderDetail,
  type AdminOrderStatus,
} from '../../ports/admin-orders.port';
import { isPortFailure } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

export type OrderCardCommand =
  | { readonly kind: 'move'; readonly to: AdminOrderStatus }
  | { readonly kind: 'delete' }
  | { readonly kind: 'restore' };

export interface OrderCardContext {
  readonly order: AdminOrderDetail;
  readonly command: OrderCardCommand | null;
  readonly error: string | null;
}

export type OrderCardEvent =
  | { readonly type: 'status.moveRequested'; readonly to: AdminOrderStatus }
  | { readonly type: 'order.deleteRequested' }
  | { readonly type: 'order.restoreRequested' }
  | { readonly type: 'command.confirmed' }
  | { readonly type: 'command.cancelled' }
  | { readonly type: 'refund.requested' }
  | { readonly type: 'dialog.closed' }
  /** A section's command answered the saved order (contact, delivery, cart, note, prepayment, refund). */
  | { readonly type: 'order.saved'; readonly order: AdminOrderDetail }
  /** The route read the order again (a revisit): the card follows it without closing anything. */
  | { readonly type: 'order.loaded'; readonly order: AdminOrderDetail };

/** The server refused because someone moved the order meanwhile: the refusal, and the order as it is. */
export class OrderChangedMeanwhile extends Error {
  readonly _tag = 'OrderChangedMeanwhile';
  constructor(
    readonly refusal: unknown,
    readonly order: AdminOrderDetail,
  ) {
    super('order changed meanwhile');
  }
}

/** Moves that are hard to undo: the order ends, a claim opens, or the client's pay link stops working. */
function moveNeedsConfirmation(from: AdminOrderStatus, to: AdminOrderStatus): boolean {
  return to === 'cancelled' || to === 'claim' || closesPayLink(from, to);
}

const requestedMove = (event: OrderCardEvent): AdminOrderStatus | null =>
  event.type === 'status.moveRequested' ? event.to : null;

/**
 * Where a requested move leads: nowhere unless the chart offers it now (the server's `actions`; none
 * for an order in the bin); a prepayment asks its amount first; «Согласовать доставку» needs a date.
 */
function moveBranch(
  context: OrderCardContext,
  event: OrderCardEvent,
): 'prepayment' | 'dateMissing' | 'confirming' | 'running' | null {
  const to = requestedMove(event);
  const { order } = context;
  if (to === null || order.deletedAt !== null || !order.actions.some((action) => action.to === to))
    return null;
  if (to === 'awaiting_prepayment') return 'prepayment';
  if (deliveryDateRefusal(to, order.deliveryDetails.date) !== null) return 'dateMissing';
  return moveNeedsConfirmation(order.status, to) ? 'confirming' : 'running';
}

/**
 * What the manager may ask for while no command runs and no dialog is open (idle, dateMissing, done,
 * failed): a move the chart offers, the bin, the restore, a refund.
 */
const REQUESTS = {
  'status.moveRequested': [
    { guard: 'offersPrepayment', target: '#orderCard.prepayment' },
    { guard: 'offersWithoutDate', target: '#orderCard.dateMissing' },
    { guard: 'offersWithConfirmation', target: '#orderCard.confirming', actions: 'rememberMove' },
    { guard: 'offersDirectly', target: '#orderCard.running', actions: 'rememberMove' },
  ],
  'order.deleteRequested': { guard: 'isLive', target: '#orderCard.confirming', actions: 'rememberDelete' },
  'order.restoreRequested': { guard: 'isInBin', target: '#orderCard.running', actions: 'rememberRestore' },
  'refund.requested': { guard: 'hasRefundable', target: '#orderCard.refund' },
} as const;

export const orderCardMachine = setup({
  types: {
    context: {} as OrderCardContext,
    events: {} as OrderCardEvent,
    input: {} as { readonly order: AdminOrderDetail },
  },
  actors: {
    /** Carries out a status move, the bin or the restore; answers the saved order. */
    runCommand: fromPromise<AdminOrderDetail, { order: AdminOrderDetail; command: OrderCardCommand }>(
      async () => {
        throw new Error('orderCard machine: actor runCommand not provided');
      },
    ),
  },
  guards: {
    /** Which branch a requested move takes; only moves the chart offers take any. */
    offersPrepayment: ({ context, event }) => moveBranch(context, event) === 'prepayment',
    offersWithoutDate: ({ context, event }) => moveBranch(context, event) === 'dateMissing',
    offersWithConfirmation: ({ context, event }) => moveBranch(context, event) === 'confirming',
    offersDirectly: ({ context, event }) => moveBranch(context, event) === 'running',
    isLive: ({ context }) => context.order.deletedAt === null,
    isInBin: ({ context }) => context.order.deletedAt !== null,
    hasRefundable: ({ context }) =>
      context.order.deletedAt === null && (context.order.payment?.paid ?? 0) > 0,
  },
  actions: {
    rememberMove: assign({
      command: ({ event }) => {
        const to = requestedMove(event);
        return to === null ? null : { kind: 'move' as const, to };
      },
      error: null,
    }),
    rememberDelete: assign({ command: { kind: 'delete' as const }, error: null }),
    rememberRestore: assign({ command: { kind: 'restore' as const }, error: null }),
    forgetCommand: assign({ command: null, error: null }),
    takeSaved: assign({
      order: ({ context, event }) =>
        event.type === 'order.saved' || event.type === 'order.loaded' ? event.order : context.order,
    }),
  },
}).createMachine({
  id: 'orderCard',
  context: ({ input }) => ({ order: input.order, command: null, error: null }),
  initial: 'idle',
  on: {
    'order.saved': { actions: 'takeSaved' },
    'order.loaded': { actions: 'takeSaved' },
  },
  states: {
    idle: { on: REQUESTS },
    dateMissing: {
      on: { ...REQUESTS, 'order.saved': { target: 'idle', actions: 'takeSaved' } },
    },
    confirming: {
      on: {
        'command.confirmed': 'running',
        'command.cancelled': { target: 'idle', actions: 'forgetCommand' },
      },
    },
    running: {
      invoke: {
        id: 'runCommand',
        src: 'runCommand',
        input: ({ context }) => {
          if (context.command === null) throw new Error('orderCard machine: running without a command');
          return { order: context.order, command: context.command };
        },
        onDone: { target: 'done', actions: assign({ order: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) =>
            event.error instanceof OrderChangedMeanwhile
              ? { order: event.error.order, error: adminFailureMessage(event.error.refusal) }
              : { order: context.order, error: adminFailureMessage(event.error) },
          ),
        },
      },
    },
    done: { on: REQUESTS },
    failed: { on: REQUESTS },
    prepayment: {
      on: {
        'order.saved': { target: 'idle', actions: 'takeSaved' },
        'dialog.closed': 'idle',
      },
    },
    refund: {
      on: {
        'order.saved': { target: 'idle', actions: 'takeSaved' },
        'dialog.closed': 'idle',
      },
    },
  },
});

/** The card's machine with its commands carried out by the admin orders port. */
export const orderCard = defineUseCase('admin.orders.card', { orders: ADMIN_ORDERS_PORT }, ({ orders }) =>
  orderCardMachine.provide({
    actors: {
      runCommand: fromPromise<AdminOrderDetail, { order: AdminOrderDetail; command: OrderCardCommand }>(
        async ({ input: { order, command }, signal }) => {
          if (command.kind === 'delete') return orders.remove(order.id, { signal });
          if (command.kind === 'restore') return orders.restore(order.id, { signal });
          try {
            // The status the manager saw: a stale one fails with 409 `status_changed`.
            return await orders.updateStatus(order.id, command.to, order.status, { signal });
          } catch (refusal) {
            if (!isPortFailure(refusal) || refusal.code !== 'status_changed') throw refusal;
            throw new OrderChangedMeanwhile(refusal, await orders.get(order.id, { signal }));
          }
        },
      ),
    },
  }),
);
