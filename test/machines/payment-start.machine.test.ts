import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  isOrderPayable,
  PAYMENT_START_FAILED_MESSAGE,
  type PaymentRefusal,
  type PaymentStartEvent,
  paymentAvailability,
  paymentStartMachine,
  paymentStartMachineFor,
} from '../../src/application/machines/payment-start.machine';
import type { Order, OrderStatus } from '../../src/application/ports/orders.port';
import type { PaymentStart } from '../../src/application/ports/payments.port';
import { PortFailure } from '../../src/application/ports/port-failure';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 77,
    clientId: 7,
    status: 'awaiting_payment',
    createdAt: '2026-11-20T10:00:00.000Z',
    items: [],
    subtotal: 200_000,
    discount: 20_000,
    total: 180_000,
    promoCode: 'HOME10',
    contact: { name: 'Анна', phone: '+79001234567', email: 'anna@example.ru' },
    delivery: { method: 'pickup', address: null },
    comment: null,
    paymentMethod: 'online',
    paymentAllowed: true,
    paid: false,
    history: [],
    ...overrides,
  };
}

const START: PaymentStart = { paymentId: 'pay_1', confirmationUrl: 'https://pay.example/pay_1' };
const refusal = (notPayable: boolean, message: string): PaymentRefusal => ({
  _tag: 'PaymentRefusal',
  notPayable,
  message,
});

function startPayment(orderId = 77) {
  const loadOrder = controlledActor<Order | null, { clientId: number; orderId: number }>('loadOrder');
  const createPayment = controlledActor<PaymentStart, { orderId: number }>('createPayment');
  const left: string[] = [];
  const actor = createActor(
    paymentStartMachine.provide({
      actors: { loadOrder: loadOrder.logic, createPayment: createPayment.logic },
      actions: { leaveFor: (_, { url }) => left.push(url) },
    }),
    { input: { orderId } },
  ).start();
  return { actor, loadOrder, createPayment, left, send: (event: PaymentStartEvent) => actor.send(event) };
}

async function loaded(answer: Order | null) {
  const sut = startPayment();
  sut.send({ type: 'payment.authKnown', clientId: 7 });
  expect(sut.actor.getSnapshot().value).toBe('loadingOrder');
  expect(sut.loadOrder.next().input).toEqual({ clientId: 7, orderId: 77 });
  sut.loadOrder.next().resolve(answer);
  await flush();
  return sut;
}

describe('payment start machine', () => {
  it('waits for the auth answer and asks a guest to sign in without reading anything', () => {
    const sut = startPayment();
    expect(sut.actor.getSnapshot().value).toBe('waitingForAuth');
    sut.send({ type: 'payment.authKnown', clientId: null });
    expect(sut.actor.getSnapshot().value).toBe('signInRequired');
    expect(sut.loadOrder.calls).toHaveLength(0);
  });

  it.each<[Partial<Order> | null, string]>([
    [{}, 'ready'],
    [{ status: 'awaiting_prepayment' }, 'ready'],
    [{ paid: true, status: 'paid' }, 'alreadyPaid'],
    [{ status: 'new', paymentAllowed: false }, 'awaitingApproval'],
    [{ status: 'confirmed', paymentAllowed: false }, 'awaitingApproval'],
    [{ status: 'cancelled' }, 'notPayable'],
    [{ paymentAllowed: false }, 'notPayable'],
    [null, 'missing'],
  ])('an order %j is %s', async (overrides, state) => {
    const sut = await loaded(overrides === null ? null : order(overrides));
    expect(sut.actor.getSnapshot().value).toBe(state);
  });

  it('says the order could not be read when the read fails', async () => {
    const sut = startPayment();
    sut.send({ type: 'payment.authKnown', clientId: 7 });
    sut.loadOrder.next().reject(new Error('offline'));
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('loadFailed');
  });

  it('creates the payment once and leaves for the payment page', async () => {
    const sut = await loaded(order());
    sut.send({ type: 'payment.startRequested' });
    sut.send({ type: 'payment.startRequested' });
    expect(sut.actor.getSnapshot().value).toBe('startingPayment');
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sut.createPayment.calls).toHaveLength(1);
    expect(sut.createPayment.next().input).toEqual({ orderId: 77 });
    sut.createPayment.next().resolve(START);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('redirecting');
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sut.left).toEqual([START.confirmationUrl]);
  });

  it('shows a failure and tries again; a 409 makes the order not payable', async () => {
    const sut = await loaded(order());
    sut.send({ type: 'payment.startRequested' });
    sut.createPayment.next().reject(refusal(false, 'Нет связи с сервером.'));
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context.error).toBe('Нет связи с сервером.');
    sut.send({ type: 'payment.startRequested' });
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    sut.createPayment.next().reject(new Error('bug'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(PAYMENT_START_FAILED_MESSAGE);
    sut.send({ type: 'payment.startRequested' });
    sut.createPayment.next().reject(refusal(true, 'Этот заказ сейчас нельзя оплатить.'));
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('notPayable');
    expect(sut.left).toEqual([]);
  });

  it('is the server rule: payable only when allowed, unpaid and waiting for (pre)payment', () => {
    const statuses: OrderStatus[] = [
      'new',
      'confirmed',
      'awaiting_payment',
      'awaiting_prepayment',
      'paid',
      'shipped',
    ];
    for (const status of statuses)
      for (const paymentAllowed of [true, false])
        for (const paid of [true, false]) {
          const candidate = { status, paymentAllowed, paid };
          const payable = isOrderPayable(candidate);
          expect(payable).toBe(
            paymentAllowed && !paid && (status === 'awaiting_payment' || status === 'awaiting_prepayment'),
          );
          expect(paymentAvailability(candidate) === 'payable').toBe(payable);
        }
  });
});

describe('paymentStartMachineFor', () => {
  it('reads the order among the client’s own and turns a 409 into "not payable"', async () => {
    const machine = paymentStartMachineFor({
      orders: { listByClient: async () => [order({ id: 76 }), order()] },
      payments: {
        create: async () => {
          throw new PortFailure({ kind: 'bad-request', status: 409, message: 'not payable' });
        },
      },
    }).provide({ actions: { leaveFor: () => undefined } });
    const actor = createActor(machine, { input: { orderId: 77 } }).start();
    actor.send({ type: 'payment.authKnown', clientId: 7 });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.order?.id).toBe(77);
    actor.send({ type: 'payment.startRequested' });
    await flush();
    expect(actor.getSnapshot().value).toBe('notPayable');
  });
});

const ORDERS: Order[] = [
  order(),
  order({ paid: true, status: 'paid' }),
  order({ status: 'new', paymentAllowed: false }),
  order({ status: 'cancelled' }),
];
const graphEvents: AnyEventObject[] = [
  { type: 'payment.authKnown', clientId: null },
  { type: 'payment.authKnown', clientId: 7 },
  { type: 'payment.startRequested' },
  ...ORDERS.map((each) => doneEvent('loadOrder', each)),
  doneEvent('loadOrder', null),
  errorEvent('loadOrder'),
  doneEvent('createPayment', START),
  errorEvent('createPayment', refusal(false, 'Нет связи с сервером.')),
  errorEvent('createPayment', refusal(true, 'Нельзя')),
];

describe('payment start machine graph', () => {
  it('reaches every state', () => {
    expect(
      unreachableStates(paymentStartMachine, { events: graphEvents as never[], input: { orderId: 77 } }),
    ).toEqual([]);
  });

  it('behaves like the chart along generated paths', async () => {
    const options = { events: graphEvents as never[], input: { orderId: 77 } };
    const paths = [
      ...getShortestPaths(paymentStartMachine, options),
      ...getSimplePaths(paymentStartMachine, options),
    ];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const sut = startPayment();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
        if (event.type === 'xstate.done.actor.loadOrder')
          sut.loadOrder.next().resolve(event.output as Order | null);
        else if (event.type === 'xstate.error.actor.loadOrder') sut.loadOrder.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.createPayment')
          sut.createPayment.next().resolve(event.output as PaymentStart);
        else if (event.type === 'xstate.error.actor.createPayment')
          sut.createPayment.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.send(event as PaymentStartEvent);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
