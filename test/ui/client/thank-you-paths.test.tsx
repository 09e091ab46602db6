import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { thankYouMachine } from '../../../src/application/machines/thank-you.machine';
import type { AuthAnswer } from '../../../src/application/ports/auth.port';
import type { Order } from '../../../src/application/ports/orders.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { rememberPlacedOrder } from '../../../src/ui/routes/-client/placed-orders';
import { CLIENT_7, clientPorts, GUEST, order, renderClientRoute, startTestShop } from './client-test-support';

/**
 * The thank-you page driven along the thank-you machine's own paths (xstate/graph), from an order
 * placed in this tab and from one that was not: the auth check answering, the orders port answering
 * or failing; after every step the page shows the order's details exactly when the machine has them,
 * and always thanks for the order by its number.
 */

afterEach(cleanup);

/** Placed-in-this-tab orders are remembered for the page's life, so each case has its own number. */
const ORDER_ID = 4321;
const PLACED_ID = 4322;
const DETAILED = order({
  id: ORDER_ID,
  status: 'awaiting_payment',
  paymentAllowed: true,
  contact: { name: 'Анна', phone: '+79001234567', email: 'anna@example.ru' },
});

const modelEvents: AnyEventObject[] = [
  { type: 'thankYou.authKnown', clientId: null },
  { type: 'thankYou.authKnown', clientId: 7 },
  { type: 'xstate.done.actor.loadOrder', output: DETAILED },
  { type: 'xstate.done.actor.loadOrder', output: null },
  { type: 'xstate.error.actor.loadOrder', error: new Error('offline') },
];

type ModelState = SnapshotFrom<typeof thankYouMachine>;

function expectPageToShow(state: ModelState) {
  expect(screen.getByRole('heading', { level: 1, name: 'Спасибо за заказ!' })).toBeTruthy();
  expect(screen.getByText(`№ ${state.context.orderId}`)).toBeTruthy();
  const detailed = state.context.order !== null;
  expect(screen.queryByText('К оплате') !== null).toBe(detailed);
  expect(screen.queryByText('anna@example.ru') !== null).toBe(detailed);
  expect(screen.queryByText(/вашу почту/) !== null).toBe(!detailed);
  // The pay link needs the details (whether payment is allowed).
  expect(screen.queryByRole('link', { name: 'Оплатить заказ' }) !== null).toBe(detailed);
}

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

const deferred = <T,>(queue: Deferred<T>[]) =>
  new Promise<T>((resolve, reject) => queue.push({ resolve, reject }));

describe('/thank-you along the thank-you machine’s paths', () => {
  it.each([
    ['not placed in this tab', null],
    ['placed in this tab', { ...DETAILED, id: PLACED_ID }],
  ] as const)(
    'shows every state the machine reaches for an order %s',
    async (_, placed: Order | null) => {
      const paths = getShortestPaths(thankYouMachine, {
        events: modelEvents as never[],
        input: { orderId: placed?.id ?? ORDER_ID, placed },
        serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.order !== null]),
      });
      const reached = [...new Set(paths.map((path) => String(path.state.value)))].sort();
      expect(reached).toEqual(placed ? ['shown'] : ['loading', 'shown', 'waitingForAuth', 'withoutDetails']);

      for (const path of paths) {
        if (placed) rememberPlacedOrder(placed);
        const auth: Deferred<AuthAnswer>[] = [];
        const reads: Deferred<readonly Order[]>[] = [];
        const services = clientPorts(
          { answer: GUEST },
          { auth: { checkAuth: () => deferred(auth) }, orders: { listByClient: () => deferred(reads) } },
        );
        const test = startTestShop(services);
        await renderClientRoute(`/thank-you?order=${placed?.id ?? ORDER_ID}`, services, test.shop);
        for (const step of path.steps) {
          const event = step.event as AnyEventObject;
          await act(async () => {
            if (event.type === 'thankYou.authKnown') {
              auth.shift()?.resolve(event.clientId === null ? GUEST : CLIENT_7);
            } else if (event.type === 'xstate.done.actor.loadOrder') {
              reads.shift()?.resolve(event.output === null ? [order({ id: 1 })] : [event.output as Order]);
            } else if (event.type === 'xstate.error.actor.loadOrder') {
              reads.shift()?.reject(new PortFailure({ kind: 'network', message: 'offline' }));
            }
          });
          await waitFor(() => expectPageToShow(step.state as ModelState));
        }
        cleanup();
      }
    },
    60_000,
  );
});
