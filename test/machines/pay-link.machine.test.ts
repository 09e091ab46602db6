import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { payLinkMachineFor } from '../../src/application/machines/pay-link.machine';
import type { PayLinkView } from '../../src/application/ports/payments.port';
import { PortFailure } from '../../src/application/ports/port-failure';
import { flush } from './support/controlled-actor';

const VIEW: PayLinkView = {
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

function start(
  payments: Parameters<typeof payLinkMachineFor>[0],
  left: string[] = [],
): ReturnType<typeof createActor<ReturnType<typeof payLinkMachineFor>>> {
  const machine = payLinkMachineFor(payments).provide({
    actions: { leaveFor: (_, { url }) => left.push(url) },
  });
  return createActor(machine, { input: { orderId: 77, token: 'abc.def' } }).start();
}

describe('pay link machine (issue 22, item 5)', () => {
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
      left,
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.method).toBe('sbp');
    actor.send({ type: 'payLink.methodChosen', method: 'installments' });
    actor.send({ type: 'payLink.startRequested' });
    await flush();
    expect(asked).toEqual(['installments']);
    expect(left).toEqual(['https://pay.example/1']);
    expect(actor.getSnapshot().value).toBe('redirecting');
  });

  it('a 404 is «invalid» whatever the cause; a lost connection is «loadFailed»', async () => {
    const invalid = start({
      openLink: async () => Promise.reject(refused(404)),
      payByLink: async () => Promise.reject(refused(500)),
    });
    const offline = start({
      openLink: async () => Promise.reject(new PortFailure({ kind: 'network', message: 'offline' })),
      payByLink: async () => Promise.reject(refused(500)),
    });
    await flush();
    expect(invalid.getSnapshot().value).toBe('invalid');
    expect(offline.getSnapshot().value).toBe('loadFailed');
  });

  it('waits for approval, refuses a method not offered, and maps 409 / 404 / other failures', async () => {
    const waiting = start({
      openLink: async () => ({ ...VIEW, state: 'awaiting_approval', amountDue: 0 }),
      payByLink: async () => Promise.reject(refused(500)),
    });
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
      actor.send({ type: 'payLink.methodChosen', method: 'sbp' });
      expect(actor.getSnapshot().context.method).toBe('card');
      actor.send({ type: 'payLink.startRequested' });
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
