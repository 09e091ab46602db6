import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  type PaymentRefusal,
  paymentStartMachine,
} from '../../../src/application/machines/payment-start.machine';
import type { AuthAnswer } from '../../../src/application/ports/auth.port';
import type { Order } from '../../../src/application/ports/orders.port';
import type { PaymentStart } from '../../../src/application/ports/payments.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { PAY_MESSAGES, PayView } from '../../../src/ui/routes/-client/pay-view';
import { CLIENT_7, clientPorts, GUEST, order, startTestShop } from './client-test-support';
import { renderWithShop } from './render-with-shop';

/**
 * The payment page driven along the payment-start machine's own paths: the shortest way to every
 * state (xstate/graph), replayed on the real view — the auth check answering, the orders port
 * answering or failing, «Оплатить картой», the payments port answering or failing — and after every
 * step the page must show what the state says.
 */

afterEach(cleanup);

const START: PaymentStart = {
  paymentId: 'pay_12345678',
  confirmationUrl: 'https://pay.example/pay_12345678',
};
const NETWORK: PaymentRefusal = {
  _tag: 'PaymentRefusal',
  notPayable: false,
  message: 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.',
};
const CONFLICT: PaymentRefusal = {
  _tag: 'PaymentRefusal',
  notPayable: true,
  message: 'Этот заказ сейчас нельзя оплатить.',
};

const ORDERS: readonly Order[] = [
  order({ id: 77, status: 'awaiting_payment', paymentAllowed: true }),
  order({ id: 77, status: 'paid', paid: true, paymentAllowed: true }),
  order({ id: 77, status: 'new', paymentAllowed: false }),
  order({ id: 77, status: 'cancelled', paymentAllowed: true }),
];

const modelEvents: AnyEventObject[] = [
  { type: 'payment.authKnown', clientId: null },
  { type: 'payment.authKnown', clientId: 7 },
  { type: 'payment.startRequested' },
  ...ORDERS.map((output) => ({ type: 'xstate.done.actor.loadOrder', output })),
  { type: 'xstate.done.actor.loadOrder', output: null },
  { type: 'xstate.error.actor.loadOrder', error: new Error('offline') },
  { type: 'xstate.done.actor.createPayment', output: START },
  { type: 'xstate.error.actor.createPayment', error: NETWORK },
  { type: 'xstate.error.actor.createPayment', error: CONFLICT },
];

type ModelState = SnapshotFrom<typeof paymentStartMachine>;

/** The texts a state shows, and whether the pay button is there (and enabled). */
const STATE_TEXT: Readonly<Record<string, string | null>> = {
  waitingForAuth: 'Загрузка страницы…',
  signInRequired: PAY_MESSAGES.signIn,
  loadingOrder: 'Загружаем заказ…',
  missing: PAY_MESSAGES.notFound,
  loadFailed: PAY_MESSAGES.loadFailed,
  alreadyPaid: PAY_MESSAGES.paid,
  awaitingApproval: PAY_MESSAGES.awaitingApproval,
  notPayable: PAY_MESSAGES.closed,
  ready: null,
  startingPayment: null,
  redirecting: null,
  failed: NETWORK.message,
};

function expectPageToShow(state: ModelState, left: readonly string[]) {
  const value = String(state.value);
  const text = STATE_TEXT[value];
  if (text) expect(screen.getByText(text)).toBeTruthy();
  const withButton = ['ready', 'startingPayment', 'redirecting', 'failed'].includes(value);
  const busy = state.hasTag('busy');
  const button = screen.queryByRole('button', { name: busy ? 'Переходим к оплате…' : 'Оплатить картой' });
  expect(button !== null).toBe(withButton);
  if (button) expect((button as HTMLButtonElement).disabled).toBe(busy);
  if (state.context.order !== null && value !== 'waitingForAuth')
    expect(screen.getByText('К оплате')).toBeTruthy();
  expect(left).toEqual(value === 'redirecting' ? [START.confirmationUrl] : []);
}

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(queue: Deferred<T>[]): Promise<T> {
  return new Promise<T>((resolve, reject) => queue.push({ resolve, reject }));
}

describe('/pay/{orderId} along the payment-start machine’s paths', () => {
  it('shows every state the machine reaches', async () => {
    const paths = getShortestPaths(paymentStartMachine, {
      events: modelEvents as never[],
      input: { orderId: 77 },
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    });
    expect(paths.map((path) => String(path.state.value)).sort()).toEqual(Object.keys(STATE_TEXT).sort());

    for (const path of paths) {
      const auth: Deferred<AuthAnswer>[] = [];
      const reads: Deferred<readonly Order[]>[] = [];
      const payments: Deferred<PaymentStart>[] = [];
      const session = { answer: GUEST };
      const services = clientPorts(session, {
        auth: { checkAuth: () => deferred(auth) },
        orders: { listByClient: () => deferred(reads) },
        payments: { create: () => deferred(payments) },
      });
      const test = startTestShop(services);
      const left: string[] = [];
      await renderWithShop(<PayView orderId={77} leaveFor={(url) => left.push(url)} />, services, test.shop);

      for (const step of path.steps) {
        const event = step.event as AnyEventObject;
        await act(async () => {
          if (event.type === 'payment.authKnown') {
            auth.shift()?.resolve(event.clientId === null ? GUEST : CLIENT_7);
          } else if (event.type === 'xstate.done.actor.loadOrder') {
            reads.shift()?.resolve(event.output === null ? [order({ id: 12 })] : [event.output as Order]);
          } else if (event.type === 'xstate.error.actor.loadOrder') {
            reads.shift()?.reject(new PortFailure({ kind: 'bad-response', status: 500, message: 'down' }));
          } else if (event.type === 'payment.startRequested') {
            fireEvent.click(screen.getByRole('button', { name: 'Оплатить картой' }));
          } else if (event.type === 'xstate.done.actor.createPayment') {
            payments.shift()?.resolve(event.output as PaymentStart);
          } else if (event.type === 'xstate.error.actor.createPayment') {
            const refusal = event.error as PaymentRefusal;
            payments
              .shift()
              ?.reject(
                refusal.notPayable
                  ? new PortFailure({ kind: 'bad-request', status: 409, message: 'not payable' })
                  : new PortFailure({ kind: 'network', message: 'offline' }),
              );
          }
        });
        await waitFor(() => expectPageToShow(step.state as ModelState, left));
      }
      cleanup();
    }
  }, 60_000);
});
