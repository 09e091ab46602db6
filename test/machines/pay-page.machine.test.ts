import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { payPage } from '../../src/application/machines/pay-page.machine';
import {
  PAYMENTS_PORT,
  type PaymentsPort,
  type PayPageView,
} from '../../src/application/ports/payments.port';
import { PortFailure } from '../../src/application/ports/port-failure';
import { provide, testUseCases } from '../support/test-ports';
import { strictFake } from '../ui/routes/route-test-support';
import { flush } from './support/controlled-actor';

const VIEW: PayPageView = {
  orderId: 77,
  state: 'payable',
  amountDue: 5_499_000,
  total: 5_499_000,
  prepayment: false,
  lines: [{ name: 'Диван «Осло»', quantity: 1, lineTotal: 5_499_000 }],
  methods: ['card', 'sbp', 'installments'],
  chosen: 'sbp',
  installment: { months: 6, monthly: 916_500 },
};
const refused = (status: number) =>
  new PortFailure({ kind: 'bad-request', status, message: 'refused', serverMessage: 'Отказ' });

/** The pay page's machine as the page's container builds it (the `payPage` use case) over these fakes. */
function start(payments: Partial<PaymentsPort>, token: string | null = 'abc.def', left: string[] = []) {
  const machine = testUseCases([provide(PAYMENTS_PORT, strictFake<PaymentsPort>('PaymentsPort', payments))])(
    payPage,
  ).provide({ actions: { leaveFor: (_, { url }) => left.push(url) } });
  return createActor(machine, { input: { orderId: 77, token } }).start();
}

describe('pay page machine, by a signed link (issue 22, item 5)', () => {
  it('opens the link, starts with the method chosen at checkout, pays with the one picked', async () => {
    const asked: string[] = [];
    const left: string[] = [];
    const actor = start(
      {
        openLink: async () => VIEW,
        payByLink: async (_orderId, _token, method) => {
          asked.push(method);
          return { paymentId: 'pay_1', confirmationUrl: 'https://pay.example/1' };
        },
      },
      'abc.def',
      left,
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.method).toBe('sbp');
    actor.send({ type: 'payPage.methodChosen', method: 'installments' });
    actor.send({ type: 'payPage.startRequested' });
    await flush();
    expect(asked).toEqual(['installments']);
    expect(left).toEqual(['https://pay.example/1']);
    expect(actor.getSnapshot().value).toBe('redirecting');
  });

  it('a 404 is «invalid» whatever the cause; a lost connection is «loadFailed»', async () => {
    const invalid = start({ openLink: async () => Promise.reject(refused(404)) });
    const offline = start({
      openLink: async () => Promise.reject(new PortFailure({ kind: 'network', message: 'offline' })),
    });
    await flush();
    expect(invalid.getSnapshot().value).toBe('invalid');
    expect(offline.getSnapshot().value).toBe('loadFailed');
  });

  it('waits for approval, refuses a method not offered, and maps 409 / 404 / other failures', async () => {
    const waiting = start({ openLink: async () => ({ ...VIEW, state: 'awaiting_approval', amountDue: 0 }) });
    await flush();
    expect(waiting.getSnapshot().value).toBe('awaitingApproval');

    const failures = [refused(409), refused(404), refused(422)];
    const outcomes: unknown[] = [];
    for (const failure of failures) {
      const actor = start({
        openLink: async () => ({ ...VIEW, methods: ['card'], chosen: 'card' }),
        payByLink: async () => Promise.reject(failure),
      });
      await flush();
      actor.send({ type: 'payPage.methodChosen', method: 'sbp' });
      expect(actor.getSnapshot().context.method).toBe('card');
      actor.send({ type: 'payPage.startRequested' });
      await flush();
      outcomes.push([actor.getSnapshot().value, actor.getSnapshot().context.error]);
    }
    expect(outcomes).toEqual([
      ['notPayable', null],
      ['invalid', null],
      ['failed', 'Отказ'],
    ]);
  });
});

describe('pay page machine, the signed-in owner (same view, same methods)', () => {
  it('reads the owner’s page and pays the own order with the method picked', async () => {
    const asked: unknown[] = [];
    const left: string[] = [];
    const actor = start(
      {
        page: async () => VIEW,
        create: async (orderId, method) => {
          asked.push([orderId, method]);
          return { paymentId: 'pay_2', confirmationUrl: 'https://pay.example/2' };
        },
      },
      null,
      left,
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.view?.methods).toEqual(['card', 'sbp', 'installments']);
    actor.send({ type: 'payPage.methodChosen', method: 'sbp' });
    actor.send({ type: 'payPage.startRequested' });
    await flush();
    expect(asked).toEqual([[77, 'sbp']]);
    expect(left).toEqual(['https://pay.example/2']);
  });

  it('a guest is asked to sign in (401), another client’s order is «missing» (404), paid and closed orders say so', async () => {
    const outcomes: unknown[] = [];
    for (const page of [
      async () => Promise.reject(refused(401)),
      async () => Promise.reject(refused(404)),
      async () => ({ ...VIEW, state: 'paid' as const, amountDue: 0 }),
      async () => ({ ...VIEW, state: 'closed' as const, amountDue: 0 }),
      async () => ({ ...VIEW, state: 'awaiting_approval' as const, amountDue: 0 }),
    ]) {
      const actor = start({ page }, null);
      await flush();
      outcomes.push(actor.getSnapshot().value);
    }
    expect(outcomes).toEqual(['signInRequired', 'missing', 'alreadyPaid', 'notPayable', 'awaitingApproval']);
  });
});
