import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  AVAILABILITY_DELAY_MS,
  type CartAvailabilityEvent,
  type CartQuote,
  cartAvailabilityMachine,
  cartAvailabilityMachineFor,
} from '../../src/application/machines/cart-availability.machine';
import type { StorageSlot } from '../../src/application/ports/key-value-storage.port';
import type { OrderQuote, QuoteRequest } from '../../src/application/ports/orders.port';
import type { Cart } from '../../src/domain/cart';
import {
  type CheckoutDeliveryDetails,
  EMPTY_DELIVERY_DETAILS,
  QUOTE_FAILED_MESSAGE,
} from '../../src/domain/checkout';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const CART: Cart = [
  { id: 1, name: 'Диван', price: 100_000, quantity: 3 },
  { id: 2, name: 'Лампа', price: 5_000, quantity: 1 },
];

const EMPTY_QUOTE: OrderQuote = {
  items: [],
  subtotal: 0,
  discount: 0,
  services: [],
  delivery: 0,
  deliveryNote: null,
  total: 0,
  promo: { status: 'none' },
};

const answer = (available: Readonly<Record<number, number>>): CartQuote => ({
  available,
  quote: EMPTY_QUOTE,
});

function start() {
  const check = controlledActor<CartQuote, { cart: Cart; details: CheckoutDeliveryDetails }>('quoteCart');
  const actor = createActor(cartAvailabilityMachine.provide({ actors: { quoteCart: check.logic } })).start();
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
    sut.check.next().resolve(answer({ 1: 1 }));
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
        delivery: { method: 'courier' },
      },
    ]);
    expect(actor.getSnapshot().context.available).toEqual({ 1: 2 });
  });

  it('quotes the delivery draft the shopper changes, keeps it for the checkout, and starts from it', async () => {
    const asked: QuoteRequest[] = [];
    const stored = new Map<string, unknown>([
      ['deliveryDraft', { ...EMPTY_DELIVERY_DETAILS, zone: 'inside_kad', floor: '3' }],
    ]);
    const storage = {
      read: <T>(slot: StorageSlot<T>): T => slot.decode(JSON.stringify(stored.get(slot.key) ?? null)),
      write: <T>(slot: StorageSlot<T>, value: T) => {
        stored.set(slot.key, JSON.parse(slot.encode(value)));
      },
    };
    const actor = createActor(
      cartAvailabilityMachineFor({
        orders: {
          quote: async (request) => {
            asked.push(request);
            return {
              ...EMPTY_QUOTE,
              services: [{ kind: 'delivery', label: 'Доставка', amount: 150_000 }],
              delivery: 150_000,
              total: 150_000,
            };
          },
        },
        storage,
      }),
    ).start();
    expect(actor.getSnapshot().context.details).toMatchObject({ zone: 'inside_kad', floor: '3' });
    vi.useFakeTimers();
    actor.send({ type: 'availability.cartShown', cart: CART });
    actor.send({
      type: 'availability.deliveryDetailsChanged',
      details: { floor: '7', extras: ['assembly'] },
    });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    await flush();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.delivery).toEqual({
      method: 'courier',
      zone: 'inside_kad',
      floor: 7,
      lift: 'none',
      services: ['assembly'],
    });
    expect(actor.getSnapshot().context.quote?.services).toEqual([
      { kind: 'delivery', label: 'Доставка', amount: 150_000 },
    ]);
    expect(stored.get('deliveryDraft')).toMatchObject({
      zone: 'inside_kad',
      floor: '7',
      extras: ['assembly'],
    });
  });

  it('keeps the last figures and says so when a quote fails', async () => {
    vi.useFakeTimers();
    const sut = start();
    sut.send({ type: 'availability.cartShown', cart: CART });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    sut.check.next().resolve(answer({}));
    await flush();
    sut.send({ type: 'availability.deliveryDetailsChanged', details: { zone: 'outside_kad' } });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DELAY_MS);
    expect(sut.check.next().input.details.zone).toBe('outside_kad');
    sut.check.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context.quote).toEqual(EMPTY_QUOTE);
    expect(sut.actor.getSnapshot().context.quoteMessage).toBe(QUOTE_FAILED_MESSAGE);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'availability.cartShown', cart: CART },
  { type: 'availability.cartShown', cart: [] },
  { type: 'availability.deliveryDetailsChanged', details: { zone: 'inside_kad' } },
  afterEvent('availabilityDelay', 'cartAvailability.waiting'),
  doneEvent('quoteCart', answer({ 1: 2 })),
  errorEvent('quoteCart'),
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
        const event = step.event as AnyEventObject & { output?: CartQuote; error?: unknown };
        if (event.type === 'xstate.done.actor.quoteCart') sut.check.next().resolve(event.output as CartQuote);
        else if (event.type === 'xstate.error.actor.quoteCart') sut.check.next().reject(event.error);
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
