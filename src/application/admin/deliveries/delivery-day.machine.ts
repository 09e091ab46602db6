/**
 * «Доставки на день» (/admin/deliveries; issue 23, item 5; docs/delivery-dates.md): one day's
 * deliveries by window, its capacity used/total, and the manager's editor for that day's capacity and
 * the shop's default. Every save answers the day as the server now sees it, which becomes the screen.
 *
 * - `loading`         — reads the day (the route's `day`, else today in Moscow).
 * - `ready`           — the day is shown; another day may be picked, the capacities edited and saved.
 * - `savingCapacity`  — the day's own capacity (or «как обычно»: back to the default) is saved over the
 *                       override the screen showed.
 * - `savingDefault`   — the default a day is saved over the default the screen showed.
 * - `unavailable`     — the day could not be read; «Повторить» reads it again.
 *
 * A save refused because someone changed the value meanwhile (409) keeps the server's Russian message
 * and reads the day again, so the screen shows what is stored now; a value that is not a whole number
 * from 0 to 1000 is refused here without a call.
 */
import { assign, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import {
  ADMIN_DELIVERIES_PORT,
  type AdminDeliveriesPort,
  type AdminDeliveryDayView,
} from '../../ports/admin-deliveries.port';
import { CLOCK_PORT, type ClockPort } from '../../ports/clock.port';
import { isPortFailure } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';
import { moscowToday } from './moscow-today';

/** The contract's bound (api/admin-deliveries.ts). */
const MAX_DAY_CAPACITY = 1000;
const CAPACITY_FORMAT_MESSAGE = `Вместимость — целое число от 0 до ${MAX_DAY_CAPACITY}.`;

/** «8» → 8; anything but a whole number 0–1000 → null. */
function capacityOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_DAY_CAPACITY ? value : null;
}

interface DeliveryDayContext {
  /** The day asked for; null: today in Moscow (the first read answers which day that is). */
  readonly day: string | null;
  readonly view: AdminDeliveryDayView | null;
  /** The day's capacity as typed; '' keeps the default. */
  readonly capacityText: string;
  readonly defaultText: string;
  readonly failure: string | null;
  readonly notice: string | null;
}

type DeliveryDayEvent =
  | { readonly type: 'day.picked'; readonly day: string }
  | { readonly type: 'day.retry' }
  | { readonly type: 'capacity.edited'; readonly text: string }
  | { readonly type: 'default.edited'; readonly text: string }
  | { readonly type: 'capacity.saveRequested' }
  /** «Как обычно»: the day's own capacity goes, the default applies again. */
  | { readonly type: 'capacity.resetRequested' }
  | { readonly type: 'default.saveRequested' };

interface CapacitySave {
  readonly day: string;
  readonly capacity: number | null;
  readonly expected: number | null;
}
interface DefaultSave {
  readonly day: string;
  readonly capacity: number;
  readonly expected: number;
}

const drafts = (view: AdminDeliveryDayView) => ({
  capacityText: view.override === null ? '' : String(view.override),
  defaultText: String(view.defaultCapacity),
});

const isStale = (error: unknown): boolean => isPortFailure(error) && error.status === 409;

export const deliveryDayMachine = setup({
  types: {
    context: {} as DeliveryDayContext,
    events: {} as DeliveryDayEvent,
    input: {} as { readonly day?: string | null },
  },
  actors: {
    loadDay: fromPromise<AdminDeliveryDayView, { day: string | null }>(async () => {
      throw new Error('deliveryDay machine: actor loadDay not provided');
    }),
    saveCapacity: fromPromise<AdminDeliveryDayView, CapacitySave>(async () => {
      throw new Error('deliveryDay machine: actor saveCapacity not provided');
    }),
    saveDefault: fromPromise<AdminDeliveryDayView, DefaultSave>(async () => {
      throw new Error('deliveryDay machine: actor saveDefault not provided');
    }),
  },
  guards: {
    capacityValid: ({ context }) =>
      context.capacityText.trim() === '' || capacityOf(context.capacityText) !== null,
    defaultValid: ({ context }) => capacityOf(context.defaultText) !== null,
  },
  actions: {
    refuseFormat: assign({ failure: CAPACITY_FORMAT_MESSAGE, notice: null }),
    takeDay: assign(({ event }) =>
      event.type === 'day.picked' ? { day: event.day, failure: null, notice: null } : {},
    ),
  },
}).createMachine({
  id: 'deliveryDay',
  context: ({ input }) => ({
    day: input.day ?? null,
    view: null,
    capacityText: '',
    defaultText: '',
    failure: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDay',
        input: ({ context }) => ({ day: context.day }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            view: event.output,
            day: event.output.day,
            ...drafts(event.output),
          })),
        },
        onError: {
          target: 'unavailable',
          actions: assign({ failure: ({ event }) => adminFailureMessage(event.error) }),
        },
      },
      on: { 'day.picked': { target: 'loading', reenter: true, actions: 'takeDay' } },
    },
    unavailable: {
      on: {
        'day.retry': { target: 'loading', actions: assign({ failure: null }) },
        'day.picked': { target: 'loading', actions: 'takeDay' },
      },
    },
    ready: {
      on: {
        'day.picked': { target: 'loading', actions: 'takeDay' },
        'capacity.edited': { actions: assign({ capacityText: ({ event }) => event.text, notice: null }) },
        'default.edited': { actions: assign({ defaultText: ({ event }) => event.text, notice: null }) },
        'capacity.saveRequested': [
          { guard: 'capacityValid', target: 'savingCapacity' },
          { actions: 'refuseFormat' },
        ],
        'capacity.resetRequested': {
          target: 'savingCapacity',
          actions: assign({ capacityText: '' }),
        },
        'default.saveRequested': [
          { guard: 'defaultValid', target: 'savingDefault' },
          { actions: 'refuseFormat' },
        ],
      },
    },
    savingCapacity: {
      entry: assign({ failure: null, notice: null }),
      invoke: {
        src: 'saveCapacity',
        input: ({ context }) => {
          if (context.view === null) throw new Error('deliveryDay machine: saving without a day');
          return {
            day: context.view.day,
            capacity: context.capacityText.trim() === '' ? null : capacityOf(context.capacityText),
            expected: context.view.override,
          };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            view: event.output,
            ...drafts(event.output),
            notice:
              event.output.override === null
                ? 'Для этого дня действует обычная вместимость.'
                : 'Вместимость дня сохранена.',
          })),
        },
        onError: [
          {
            guard: ({ event }) => isStale(event.error),
            target: 'loading',
            actions: assign({ failure: ({ event }) => adminFailureMessage(event.error) }),
          },
          { target: 'ready', actions: assign({ failure: ({ event }) => adminFailureMessage(event.error) }) },
        ],
      },
    },
    savingDefault: {
      entry: assign({ failure: null, notice: null }),
      invoke: {
        src: 'saveDefault',
        input: ({ context }) => {
          if (context.view === null) throw new Error('deliveryDay machine: saving without a day');
          return {
            day: context.view.day,
            capacity: capacityOf(context.defaultText) ?? context.view.defaultCapacity,
            expected: context.view.defaultCapacity,
          };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            view: event.output,
            ...drafts(event.output),
            notice: 'Обычная вместимость сохранена.',
          })),
        },
        onError: [
          {
            guard: ({ event }) => isStale(event.error),
            target: 'loading',
            actions: assign({ failure: ({ event }) => adminFailureMessage(event.error) }),
          },
          { target: 'ready', actions: assign({ failure: ({ event }) => adminFailureMessage(event.error) }) },
        ],
      },
    },
  },
});

/** The screen's machine with its reads and saves carried out by the deliveries port. */
function providedDeliveryDay(deliveries: AdminDeliveriesPort, clock: ClockPort) {
  return deliveryDayMachine.provide({
    actors: {
      loadDay: fromPromise<AdminDeliveryDayView, { day: string | null }>(({ input, signal }) =>
        deliveries.day(input.day ?? moscowToday(clock.now()), { signal }),
      ),
      saveCapacity: fromPromise<AdminDeliveryDayView, CapacitySave>(({ input, signal }) =>
        deliveries.setCapacity(input.day, input.capacity, input.expected, { signal }),
      ),
      saveDefault: fromPromise<AdminDeliveryDayView, DefaultSave>(({ input, signal }) =>
        deliveries.setDefaultCapacity(input.day, input.capacity, input.expected, { signal }),
      ),
    },
  });
}

export const deliveryDay = defineUseCase(
  'admin.deliveries.dayMachine',
  { deliveries: ADMIN_DELIVERIES_PORT, clock: CLOCK_PORT },
  ({ deliveries, clock }) => providedDeliveryDay(deliveries, clock),
);
