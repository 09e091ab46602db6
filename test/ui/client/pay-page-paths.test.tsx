import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { payPageMachine } from '../../../src/application/machines/pay-page.machine';
import type { PaymentStart, PayPageView } from '../../../src/application/ports/payments.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { PAY_MESSAGES, PayView } from '../../../src/ui/routes/-client/pay-view';
import { CLIENT_7, clientPorts, startTestShop } from './client-test-support';
import { renderWithShop } from './render-with-shop';

/**
 * The signed-in owner's pay page driven along the pay page machine's own paths: the shortest way to
 * every state it can reach without a link (xstate/graph), replayed on the real view — the page read
 * answering or failing, a method picked, «Оплатить», the payment answering or failing — and after every
 * step the page must show what the state says.
 */

afterEach(cleanup);

const START: PaymentStart = {
  paymentId: 'pay_12345678',
  confirmationUrl: 'https://pay.example/pay_12345678',
};
const PAGE: PayPageView = {
  orderId: 77,
  state: 'payable',
  amountDue: 5_499_000,
  total: 5_499_000,
  prepayment: false,
  lines: [{ name: 'Диван «Осло»', quantity: 1, lineTotal: 5_499_000 }],
  methods: ['card', 'sbp', 'installments'],
  chosen: 'card',
  installment: { months: 6, monthly: 916_500 },
};
const PAGES: readonly PayPageView[] = [
  PAGE,
  { ...PAGE, state: 'paid', amountDue: 0 },
  { ...PAGE, state: 'closed', amountDue: 0 },
  { ...PAGE, state: 'awaiting_approval', amountDue: 0 },
];
const NETWORK_MESSAGE = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';
const refusal = (status: number | null) => ({
  _tag: 'PayPageRefusal',
  status,
  message: status === null ? NETWORK_MESSAGE : 'Отказ',
});

const modelEvents: AnyEventObject[] = [
  { type: 'payPage.methodChosen', method: 'sbp' },
  { type: 'payPage.startRequested' },
  ...PAGES.map((output) => ({ type: 'xstate.done.actor.openPage', output })),
  ...[401, 404, null].map((status) => ({ type: 'xstate.error.actor.openPage', error: refusal(status) })),
  { type: 'xstate.done.actor.startPayment', output: START },
  ...[null, 409].map((status) => ({ type: 'xstate.error.actor.startPayment', error: refusal(status) })),
];

type ModelState = SnapshotFrom<typeof payPageMachine>;

/** The texts a state shows (the states a page without a link reaches). */
const STATE_TEXT: Readonly<Record<string, string | null>> = {
  loading: 'Загрузка страницы…',
  signInRequired: PAY_MESSAGES.signIn,
  missing: PAY_MESSAGES.notFound,
  loadFailed: PAY_MESSAGES.loadFailed,
  alreadyPaid: PAY_MESSAGES.paid,
  awaitingApproval: PAY_MESSAGES.awaitingApproval,
  notPayable: PAY_MESSAGES.closed,
  ready: null,
  startingPayment: null,
  redirecting: null,
  failed: NETWORK_MESSAGE,
};

function expectPageToShow(state: ModelState, left: readonly string[]) {
  const value = String(state.value);
  const text = STATE_TEXT[value];
  if (text) expect(screen.getByText(text)).toBeTruthy();
  const withButton = ['ready', 'startingPayment', 'redirecting', 'failed'].includes(value);
  const busy = state.hasTag('busy');
  const button = screen.queryByRole('button', { name: busy ? 'Переходим к оплате…' : 'Оплатить' });
  expect(button !== null).toBe(withButton);
  if (button) expect((button as HTMLButtonElement).disabled).toBe(busy);
  if (withButton) {
    // The provider's methods, the one the machine holds checked.
    const checked = screen.getByRole('radio', { name: state.context.method === 'sbp' ? /СБП/ : /Картой/ });
    expect((checked as HTMLInputElement).checked).toBe(true);
  }
  if (state.context.view !== null && value !== 'loading')
    expect(screen.getByText(state.context.view.prepayment ? 'Предоплата' : 'К оплате')).toBeTruthy();
  expect(left).toEqual(value === 'redirecting' ? [START.confirmationUrl] : []);
}

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(queue: Deferred<T>[]): Promise<T> {
  return new Promise<T>((resolve, reject) => queue.push({ resolve, reject }));
}

const failureOf = (status: number | null) =>
  status === null
    ? new PortFailure({ kind: 'network', message: 'offline' })
    : new PortFailure({ kind: 'bad-request', status, message: 'refused', serverMessage: 'Отказ' });

describe('/pay/{orderId} (signed in) along the pay page machine’s paths', () => {
  it('shows every state the machine reaches', async () => {
    const paths = getShortestPaths(payPageMachine, {
      events: modelEvents as never[],
      input: { orderId: 77, token: null },
      serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.method]),
    });
    expect([...new Set(paths.map((path) => String(path.state.value)))].sort()).toEqual(
      Object.keys(STATE_TEXT).sort(),
    );

    for (const path of paths) {
      const reads: Deferred<PayPageView>[] = [];
      const starts: Deferred<PaymentStart>[] = [];
      const services = clientPorts(
        { answer: CLIENT_7 },
        { payments: { page: () => deferred(reads), create: () => deferred(starts) } },
      );
      const left: string[] = [];
      await renderWithShop(
        <PayView orderId={77} token={null} leaveFor={(url) => left.push(url)} />,
        services,
        startTestShop(services).shop,
      );

      for (const step of path.steps) {
        const event = step.event as AnyEventObject;
        await act(async () => {
          if (event.type === 'payPage.methodChosen') {
            fireEvent.click(screen.getByRole('radio', { name: /СБП/ }));
          } else if (event.type === 'payPage.startRequested') {
            fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
          } else if (event.type === 'xstate.done.actor.openPage') {
            reads.shift()?.resolve(event.output as PayPageView);
          } else if (event.type === 'xstate.error.actor.openPage') {
            reads.shift()?.reject(failureOf((event.error as { status: number | null }).status));
          } else if (event.type === 'xstate.done.actor.startPayment') {
            starts.shift()?.resolve(event.output as PaymentStart);
          } else if (event.type === 'xstate.error.actor.startPayment') {
            starts.shift()?.reject(failureOf((event.error as { status: number | null }).status));
          }
        });
        await waitFor(() => expectPageToShow(step.state as ModelState, left));
      }
      cleanup();
    }
  }, 60_000);
});
