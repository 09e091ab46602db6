/**
 * «Перенести» on the order card (issue 23, item 5): the manager moves the order's delivery to another
 * day and window with free places. The move goes over the slot the card showed
 * (POST /api/admin/orders/:id/delivery-slot); then the order is read again and emitted
 * (`slot.orderSaved`) for the card to take.
 *
 * - `idle`       — the slot is shown; «Перенести» opens the picker.
 * - `picking`    — a day is picked (`loadingDay` reads its capacity, places taken and windows;
 *                  `dayShown` shows them) and a window chosen. A day without free places cannot be
 *                  chosen (the order's own day can: only its window changes).
 * - `moving`     — the move. A full day (409 `delivery_day_full`) rereads the day and stays in the
 *                  picker with the server's message; a slot someone else moved meanwhile (409
 *                  `delivery_slot_changed`) rereads the order for the card and closes the picker with
 *                  the message.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import {
  ADMIN_DELIVERIES_PORT,
  type AdminDeliveryDayView,
  type SlotRef,
} from '../../ports/admin-deliveries.port';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { isPortFailure } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';
import { OrderChangedMeanwhile } from './order-card.machine';

/** The slot the order holds as the card shows it (the day alone when no window was booked). */
function heldSlot(order: AdminOrderDetail): SlotRef {
  const slot = order.delivery.slot;
  return slot === undefined
    ? { day: order.deliveryDetails.date, windowId: null }
    : { day: slot.day, windowId: slot.windowId };
}

/** Whether the picked day takes the order: a free place, or it is the order's own day. */
export function dayTakesOrder(view: AdminDeliveryDayView, held: SlotRef): boolean {
  return view.day === held.day || view.booked < view.capacity;
}

interface SlotContext {
  readonly orderId: number;
  readonly held: SlotRef;
  readonly day: string | null;
  readonly view: AdminDeliveryDayView | null;
  readonly windowId: number | null;
  readonly failure: string | null;
  readonly notice: string | null;
}

type SlotEvent =
  | { readonly type: 'order.loaded'; readonly order: AdminOrderDetail }
  | { readonly type: 'move.started' }
  | { readonly type: 'move.cancelled' }
  | { readonly type: 'day.picked'; readonly day: string }
  | { readonly type: 'window.picked'; readonly windowId: number }
  | { readonly type: 'move.confirmed' };

type SlotEmitted = { readonly type: 'slot.orderSaved'; readonly order: AdminOrderDetail };

interface MoveInput {
  readonly orderId: number;
  readonly target: { readonly day: string; readonly windowId: number };
  readonly expected: SlotRef;
}

/** A full day: the move stays in the picker, which shows the day as it is now. */
class DayFull extends Error {
  readonly _tag = 'DayFull';
  constructor(
    readonly refusal: unknown,
    readonly view: AdminDeliveryDayView,
  ) {
    super('delivery day full');
  }
}

export const orderSlotMachine = setup({
  types: {
    context: {} as SlotContext,
    events: {} as SlotEvent,
    emitted: {} as SlotEmitted,
    input: {} as { readonly order: AdminOrderDetail },
  },
  actors: {
    loadDay: fromPromise<AdminDeliveryDayView, { day: string }>(async () => {
      throw new Error('orderSlot machine: actor loadDay not provided');
    }),
    moveSlot: fromPromise<AdminOrderDetail, MoveInput>(async () => {
      throw new Error('orderSlot machine: actor moveSlot not provided');
    }),
  },
  guards: {
    canMove: ({ context }) =>
      context.view !== null && context.windowId !== null && dayTakesOrder(context.view, context.held),
  },
}).createMachine({
  id: 'orderSlot',
  context: ({ input }) => ({
    orderId: input.order.id,
    held: heldSlot(input.order),
    day: null,
    view: null,
    windowId: null,
    failure: null,
    notice: null,
  }),
  initial: 'idle',
  on: {
    'order.loaded': { actions: assign({ held: ({ event }) => heldSlot(event.order) }) },
  },
  states: {
    idle: {
      on: {
        'move.started': {
          target: 'picking',
          actions: assign({ day: null, view: null, windowId: null, failure: null, notice: null }),
        },
      },
    },
    picking: {
      initial: 'choosingDay',
      on: {
        'move.cancelled': { target: 'idle', actions: assign({ failure: null }) },
        'day.picked': {
          target: '.loadingDay',
          actions: assign({ day: ({ event }) => event.day, windowId: null, failure: null }),
        },
      },
      states: {
        choosingDay: {},
        loadingDay: {
          invoke: {
            src: 'loadDay',
            input: ({ context }) => ({ day: context.day ?? '' }),
            onDone: {
              target: 'dayShown',
              actions: assign({
                view: ({ event }) => event.output,
                windowId: ({ context, event }) =>
                  event.output.day === context.held.day ? context.held.windowId : null,
              }),
            },
            onError: {
              target: 'choosingDay',
              actions: assign({ view: null, failure: ({ event }) => adminFailureMessage(event.error) }),
            },
          },
        },
        dayShown: {
          on: {
            'window.picked': { actions: assign({ windowId: ({ event }) => event.windowId }) },
            'move.confirmed': { guard: 'canMove', target: '#orderSlot.moving' },
          },
        },
      },
    },
    moving: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'moveSlot',
        input: ({ context }) => {
          if (context.view === null || context.windowId === null)
            throw new Error('orderSlot machine: moving without a day and a window');
          return {
            orderId: context.orderId,
            target: { day: context.view.day, windowId: context.windowId },
            expected: context.held,
          };
        },
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({
              held: heldSlot(event.output),
              notice: 'Доставка перенесена.',
            })),
            emit(({ event }) => ({ type: 'slot.orderSaved' as const, order: event.output })),
          ],
        },
        onError: [
          {
            guard: ({ event }) => event.error instanceof DayFull,
            target: 'picking.dayShown',
            actions: assign(({ event }) => {
              const full = event.error as DayFull;
              return { view: full.view, failure: adminFailureMessage(full.refusal) };
            }),
          },
          {
            guard: ({ event }) => event.error instanceof OrderChangedMeanwhile,
            target: 'idle',
            actions: [
              assign(({ event }) => {
                const changed = event.error as OrderChangedMeanwhile;
                return { held: heldSlot(changed.order), failure: adminFailureMessage(changed.refusal) };
              }),
              emit(({ event }) => ({
                type: 'slot.orderSaved' as const,
                order: (event.error as OrderChangedMeanwhile).order,
              })),
            ],
          },
          {
            target: 'picking.dayShown',
            actions: assign({ failure: ({ event }) => adminFailureMessage(event.error) }),
          },
        ],
      },
    },
  },
});

/** The picker's machine over the deliveries port (days, moves) and the orders port (the saved order). */
export const orderSlot = defineUseCase(
  'admin.orders.slotMachine',
  { orders: ADMIN_ORDERS_PORT, deliveries: ADMIN_DELIVERIES_PORT },
  ({ orders, deliveries }) =>
    orderSlotMachine.provide({
      actors: {
        loadDay: fromPromise<AdminDeliveryDayView, { day: string }>(({ input, signal }) =>
          deliveries.day(input.day, { signal }),
        ),
        moveSlot: fromPromise<AdminOrderDetail, MoveInput>(async ({ input, signal }) => {
          try {
            await deliveries.moveSlot(input.orderId, input.target, input.expected, { signal });
          } catch (refusal) {
            if (!isPortFailure(refusal)) throw refusal;
            if (refusal.code === 'delivery_day_full')
              throw new DayFull(refusal, await deliveries.day(input.target.day, { signal }));
            if (refusal.code === 'delivery_slot_changed')
              throw new OrderChangedMeanwhile(refusal, await orders.get(input.orderId, { signal }));
            throw refusal;
          }
          return orders.get(input.orderId, { signal });
        }),
      },
    }),
);
