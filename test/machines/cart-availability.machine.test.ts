import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  AVAILABILITY_DELAY_MS,
  type Availability,
  type CartAvailabilityEvent,
  cartAvailabilityMachine,
  cartAvailabilityMachineFor,
} from '../../src/application/machines/cart-availability.machine';
import type { QuoteRequest } from '../../src/application/ports/orders.port';
import type { Cart } from '../../src/domain/cart';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const CART: Cart = [
  { id: 1, name: 'Диван', price: 100_000, quantity: 3 },
  { id: 2, name: 'Лампа', price: 5_000, quantity: 1 },
];

function start() {
  const check = controlledActor<Availability, { cart: Cart }>('checkAvailability');
  const actor = createActor(
    cartAvailabilityMachine.provide({ actors: { checkAvailability: check.logic } }),
  ).start();
  return { actor, check, send: (event: CartAvailabilityEvent) => actor.send(event) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('cart availability machine', () => {
  it('checks the cart after the pause; a change meanwhile drops the older answer; an empty cart clears', async () => {
    vi.useFakeTimers();
    const sut = start();
    sut.send({ type: 'availability.cartShown', cart: CART });
    expect(sut.check.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    const first = sut.check.next();
    sut.send({
      type: 'availability.cartShown',
      cart: [{ id: 1, name: 'Диван', price: 100_000, quantity: 2 }],
    });
    expect(first.aborted()).toBe(true);
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    sut.check.next().resolve({ 1: 1 });
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('ready');
    expect(sut.actor.getSnapshot().context.available).toEqual({ 1: 1 });
    sut.send({ type: 'availability.cartShown', cart: [] });
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.actor.getSnapshot().context.available).toEqual({});
  });

  it('asks the quote for the cart and keeps only the limited lines', async () => {
    const asked: QuoteRequest[] = [];
    const actor = createActor(
      cartAvailabilityMachineFor({
        orders: {
          quote: async (request) => {
            asked.push(request);
            return {
              items: [
                {
                  productId: 1,
                  name: 'Диван',
                  quantity: 3,
                  unitPrice: 1,
                  lineTotal: 3,
                  discount: 0,
                  netTotal: 3,
                  available: 2,
                },
                {
                  productId: 2,
                  name: 'Лампа',
                  quantity: 1,
                  unitPrice: 1,
                  lineTotal: 1,
                  discount: 0,
                  netTotal: 1,
                  available: null,
                },
              ],
              subtotal: 4,
              discount: 0,
              delivery: 0,
              deliveryNote: null,
              total: 4,
              promo: { status: 'none' },
            };
          },
        },
      }),
    ).start();
    vi.useFakeTimers();
    actor.send({ type: 'availability.cartShown', cart: CART });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    await flush();
    expect(asked).toEqual([
      {
        cart: [
          { id: 1, quantity: 3 },
          { id: 2, quantity: 1 },
        ],
        delivery: { method: 'pickup' },
      },
    ]);
    expect(actor.getSnapshot().context.available).toEqual({ 1: 2 });
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'availability.cartShown', cart: CART },
  { type: 'availability.cartShown', cart: [] },
  afterEvent('availabilityDelay', 'cartAvailability.waiting'),
  doneEvent('checkAvailability', { 1: 2 }),
  errorEvent('checkAvailability'),
];

describe('cart availability machine graph', () => {
  it('reaches every state', () => {
    expect(unreachableStates(cartAvailabilityMachine, { events: graphEvents as never[] })).toEqual([]);
  });

  it('behaves like the chart along generated paths', async () => {
    vi.useFakeTimers();
    const paths = getShortestPaths(cartAvailabilityMachine, { events: graphEvents as never[] });
    expect(paths.length).toBeGreaterThanOrEqual(5);
    for (const path of paths) {
      const sut = start();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: Availability; error?: unknown };
        if (event.type === 'xstate.done.actor.checkAvailability')
          sut.check.next().resolve(event.output as Availability);
        else if (event.type === 'xstate.error.actor.checkAvailability') sut.check.next().reject(event.error);
        else if (event.type.startsWith('xstate.after.availabilityDelay'))
          await vi.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
        else if (event.type !== 'xstate.init') sut.send(event as CartAvailabilityEvent);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
