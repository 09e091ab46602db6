import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  type ThankYouEvent,
  thankYouMachine,
  thankYouMachineFor,
} from '../../src/application/machines/thank-you.machine';
import type { Order } from '../../src/application/ports/orders.port';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

function order(id: number): Order {
  return {
    id,
    clientId: 7,
    status: 'new',
    createdAt: '2026-11-20T10:00:00.000Z',
    items: [],
    subtotal: 5_000,
    discount: 0,
    total: 5_000,
    promoCode: null,
    contact: { name: 'Анна', phone: '+79001234567', email: 'anna@example.ru' },
    delivery: { method: 'pickup', address: null },
    comment: null,
    paymentMethod: 'on_delivery',
    paymentAllowed: false,
    paid: false,
    history: [],
  };
}

function startThankYou(placed: Order | null = null) {
  const loadOrder = controlledActor<Order | null, { clientId: number; orderId: number }>('loadOrder');
  const actor = createActor(thankYouMachine.provide({ actors: { loadOrder: loadOrder.logic } }), {
    input: { orderId: 812, placed },
  }).start();
  return { actor, loadOrder, send: (event: ThankYouEvent) => actor.send(event) };
}

describe('thank-you machine', () => {
  it('shows an order placed in this tab at once and reads nothing', () => {
    const sut = startThankYou(order(812));
    expect(sut.actor.getSnapshot().value).toBe('shown');
    sut.send({ type: 'thankYou.authKnown', clientId: 7 });
    expect(sut.loadOrder.calls).toHaveLength(0);
  });

  it("reads a signed-in client's copy; a guest, a stranger's order or a failure thanks without details", async () => {
    const client = startThankYou();
    expect(client.actor.getSnapshot().value).toBe('waitingForAuth');
    client.send({ type: 'thankYou.authKnown', clientId: 7 });
    expect(client.loadOrder.next().input).toEqual({ clientId: 7, orderId: 812 });
    client.loadOrder.next().resolve(order(812));
    await flush();
    expect(client.actor.getSnapshot().value).toBe('shown');
    expect(client.actor.getSnapshot().context.order?.id).toBe(812);

    const guest = startThankYou();
    guest.send({ type: 'thankYou.authKnown', clientId: null });
    expect(guest.actor.getSnapshot().value).toBe('withoutDetails');

    const stranger = startThankYou();
    stranger.send({ type: 'thankYou.authKnown', clientId: 7 });
    stranger.loadOrder.next().resolve(null);
    await flush();
    expect(stranger.actor.getSnapshot().value).toBe('withoutDetails');

    const offline = startThankYou();
    offline.send({ type: 'thankYou.authKnown', clientId: 7 });
    offline.loadOrder.next().reject(new Error('offline'));
    await flush();
    expect(offline.actor.getSnapshot().value).toBe('withoutDetails');
    expect(offline.actor.getSnapshot().context.order).toBeNull();
  });

  it('finds the order among the client’s own through the orders port', async () => {
    const asked: number[] = [];
    const actor = createActor(
      thankYouMachineFor({
        listByClient: async (clientId) => {
          asked.push(clientId);
          return [order(811), order(812)];
        },
      }),
      { input: { orderId: 812, placed: null } },
    ).start();
    actor.send({ type: 'thankYou.authKnown', clientId: 7 });
    await flush();
    expect(asked).toEqual([7]);
    expect(actor.getSnapshot().context.order?.id).toBe(812);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'thankYou.authKnown', clientId: null },
  { type: 'thankYou.authKnown', clientId: 7 },
  doneEvent('loadOrder', order(812)),
  doneEvent('loadOrder', null),
  errorEvent('loadOrder'),
];

describe('thank-you machine graph', () => {
  it('reaches every state, from a placed order and from none', () => {
    const fromPlaced = unreachableStates(thankYouMachine, {
      events: graphEvents as never[],
      input: { orderId: 812, placed: order(812) },
    });
    const fromNone = unreachableStates(thankYouMachine, {
      events: graphEvents as never[],
      input: { orderId: 812, placed: null },
    });
    expect(fromPlaced.filter((id) => fromNone.includes(id))).toEqual([]);
  });

  it('behaves like the chart along generated paths', async () => {
    const paths = getShortestPaths(thankYouMachine, {
      events: graphEvents as never[],
      input: { orderId: 812, placed: null },
    });
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const sut = startThankYou();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
        if (event.type === 'xstate.done.actor.loadOrder')
          sut.loadOrder.next().resolve(event.output as Order | null);
        else if (event.type === 'xstate.error.actor.loadOrder') sut.loadOrder.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.send(event as ThankYouEvent);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
