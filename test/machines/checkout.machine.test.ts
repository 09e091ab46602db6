import { fc, test } from '@fast-check/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  CHECKOUT_EMPTY_CART_MESSAGE,
  CHECKOUT_FAILED_MESSAGE,
  type CheckoutEvent,
  type CheckoutRefusal,
  checkoutMachine,
  checkoutMachineFor,
  failureTarget,
  firstInvalidField,
  QUOTE_DELAY_MS,
} from '../../src/application/machines/checkout.machine';
import type { ClientContact } from '../../src/application/ports/clients.port';
import type {
  LastOrderContact,
  Order,
  OrderQuote,
  QuoteRequest,
} from '../../src/application/ports/orders.port';
import { PortFailure } from '../../src/application/ports/port-failure';
import type { Cart } from '../../src/domain/cart';
import {
  type CheckoutOrder,
  type CheckoutTextField,
  type CheckoutValues,
  checkoutOrder,
  EMPTY_CHECKOUT,
  QUOTE_FAILED_MESSAGE,
  validateCheckout,
} from '../../src/domain/checkout';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const CART: Cart = [
  { id: 1, name: 'Диван', price: 100_000, quantity: 2 },
  { id: 2, name: 'Лампа', price: 5_000, quantity: 1 },
];

const VALID_TEXT: Readonly<Record<'name' | 'phone' | 'email' | 'address', string>> = {
  name: 'Анна',
  phone: '+7 900 123-45-67',
  email: 'anna@example.ru',
  address: 'Санкт-Петербург, Невский пр., 1',
};

function placedOrder(id: number): Order {
  return {
    id,
    clientId: 7,
    status: 'new',
    createdAt: '2026-11-20T10:00:00.000Z',
    items: [],
    subtotal: 205_000,
    discount: 0,
    total: 205_000,
    promoCode: null,
    contact: { name: 'Анна', phone: '+79001234567', email: 'anna@example.ru' },
    delivery: { method: 'courier', address: VALID_TEXT.address },
    comment: null,
    paymentMethod: 'on_delivery',
    paymentAllowed: false,
    paid: false,
    history: [],
  };
}

function refusal(code: string | null, message: string): CheckoutRefusal {
  return { _tag: 'CheckoutRefusal', code, message };
}

const NETWORK = refusal(null, 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.');
const PROMO = refusal('invalid_promo_code', 'Промокод не найден или больше не действует.');
const STOCK = refusal('out_of_stock', 'Диван: осталось 1 шт.');
const KEY_REUSED = refusal('idempotency_key_reused', 'Этот ключ повтора уже использован для другого заказа.');

type PlaceInput = { order: CheckoutOrder; idempotencyKey: string };

function startCheckout(clientId: number | null = null) {
  const placeOrder = controlledActor<Order, PlaceInput>('placeOrder');
  const loadContacts = controlledActor<ClientContact, { clientId: number }>('loadContacts');
  const loadLastOrderContact = controlledActor<LastOrderContact | null, unknown>('loadLastOrderContact');
  const quoteOrder = controlledActor<OrderQuote, QuoteRequest>('quoteOrder');
  const log: string[] = [];
  let counter = 0;
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        placeOrder: placeOrder.logic,
        loadContacts: loadContacts.logic,
        loadLastOrderContact: loadLastOrderContact.logic,
        quoteOrder: quoteOrder.logic,
      },
      actions: {
        focusField: (_, { field }) => log.push(`focus:${field}`),
        rememberOrder: (_, { order }) => log.push(`remember:${order.id}`),
        tellCartOrderPlaced: () => log.push('cart.orderPlaced'),
        showThankYou: (_, { orderId }) => log.push(`thankYou:${orderId}`),
      },
    }),
    { input: { clientId, newAttemptKey: () => `attempt-key-${++counter}` } },
  ).start();
  const send = (event: CheckoutEvent) => actor.send(event);
  const fill = (values: Partial<Record<CheckoutTextField, string>> = VALID_TEXT) => {
    for (const [field, value] of Object.entries(values))
      send({ type: 'checkout.fieldChanged', field: field as CheckoutTextField, value });
  };
  const fillValid = () => {
    fill();
    send({ type: 'checkout.consentChanged', consent: true });
  };
  const form = () => (actor.getSnapshot().value as { form: string }).form;
  const quoteState = () => (actor.getSnapshot().value as { quote: string }).quote;
  return {
    actor,
    send,
    fill,
    fillValid,
    form,
    quoteState,
    placeOrder,
    loadContacts,
    loadLastOrderContact,
    quoteOrder,
    log,
  };
}

describe('checkout machine', () => {
  it('refuses an invalid form with every message, focuses the first invalid field and sends nothing', () => {
    const sut = startCheckout();
    sut.send({ type: 'checkout.fieldChanged', field: 'phone', value: '12-34' });
    sut.send({ type: 'checkout.submitted', cart: CART });
    expect(sut.form()).toBe('editing');
    expect(sut.actor.getSnapshot().context.errors).toEqual({
      name: 'Укажите имя',
      phone: 'Неверный формат телефона',
      email: 'Укажите email',
      address: 'Укажите адрес доставки',
      consent: 'Нужно согласие на обработку персональных данных',
    });
    expect(sut.log).toEqual(['focus:name']);
    expect(sut.placeOrder.calls).toHaveLength(0);
  });

  it('checks a field on blur, re-checks a field with an error as it is typed, and drops the address for pickup', () => {
    const sut = startCheckout();
    sut.send({ type: 'checkout.fieldChanged', field: 'email', value: 'anna@' });
    expect(sut.actor.getSnapshot().context.errors).toEqual({});
    sut.send({ type: 'checkout.fieldBlurred', field: 'email' });
    expect(sut.actor.getSnapshot().context.errors).toEqual({ email: 'Неверный формат email' });
    sut.send({ type: 'checkout.fieldChanged', field: 'email', value: 'anna@example.ru' });
    expect(sut.actor.getSnapshot().context.errors).toEqual({});

    sut.send({ type: 'checkout.fieldBlurred', field: 'address' });
    expect(sut.actor.getSnapshot().context.errors.address).toBe('Укажите адрес доставки');
    sut.send({ type: 'checkout.deliveryChosen', delivery: 'pickup' });
    expect(sut.actor.getSnapshot().context.errors.address).toBeUndefined();
  });

  it('says the cart is empty instead of sending an order without lines', () => {
    const sut = startCheckout();
    sut.fillValid();
    sut.send({ type: 'checkout.submitted', cart: [] });
    expect(sut.form()).toBe('editing');
    expect(sut.actor.getSnapshot().context.cartMessage).toBe(CHECKOUT_EMPTY_CART_MESSAGE);
    expect(sut.placeOrder.calls).toHaveLength(0);
  });

  it('places the order once, ignores a second submit meanwhile, then tells the cart and shows thanks', async () => {
    const sut = startCheckout();
    sut.fillValid();
    sut.send({ type: 'checkout.submitted', cart: CART });
    sut.send({ type: 'checkout.submitted', cart: CART });
    expect(sut.form()).toBe('submitting');
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sut.placeOrder.calls).toHaveLength(1);
    expect(sut.placeOrder.next().input).toEqual({
      order: checkoutOrder({ ...EMPTY_CHECKOUT, ...VALID_TEXT, consent: true }, CART),
      idempotencyKey: 'attempt-key-1',
    });
    sut.placeOrder.next().resolve(placedOrder(812));
    await flush();
    expect(sut.form()).toBe('placed');
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sut.log).toEqual(['remember:812', 'cart.orderPlaced', 'thankYou:812']);
    sut.send({ type: 'checkout.submitted', cart: CART });
    expect(sut.placeOrder.calls).toHaveLength(1);
  });

  it('retries the same attempt with the same key, and an edited order with a new key', async () => {
    const sut = startCheckout();
    sut.fillValid();
    sut.send({ type: 'checkout.submitted', cart: CART });
    sut.placeOrder.next().reject(NETWORK);
    await flush();
    expect(sut.form()).toBe('failed');
    expect(sut.actor.getSnapshot().context.formMessage).toBe(NETWORK.message);

    sut.send({ type: 'checkout.submitted', cart: CART });
    expect(sut.placeOrder.calls[1]?.input.idempotencyKey).toBe('attempt-key-1');
    sut.placeOrder.next().reject(NETWORK);
    await flush();

    // Typed and typed back: the same order, so still the same attempt.
    sut.send({ type: 'checkout.fieldChanged', field: 'comment', value: 'Позвоните заранее' });
    sut.send({ type: 'checkout.fieldChanged', field: 'comment', value: '' });
    expect(sut.form()).toBe('editing');
    expect(sut.actor.getSnapshot().context.formMessage).toBeNull();
    sut.send({ type: 'checkout.submitted', cart: CART });
    expect(sut.placeOrder.calls[2]?.input.idempotencyKey).toBe('attempt-key-1');
    sut.placeOrder.next().reject(NETWORK);
    await flush();

    sut.send({ type: 'checkout.paymentChosen', payment: 'online' });
    sut.send({ type: 'checkout.submitted', cart: CART });
    expect(sut.placeOrder.calls[3]?.input.idempotencyKey).toBe('attempt-key-2');
    expect(sut.placeOrder.calls[3]?.input.order.paymentMethod).toBe('online');
  });

  it('puts a promo-code refusal under the promo field and a stock refusal beside the cart', async () => {
    const sut = startCheckout();
    sut.fillValid();
    sut.fill({ promoCode: 'NOPE' });
    sut.send({ type: 'checkout.submitted', cart: CART });
    sut.placeOrder.next().reject(PROMO);
    await flush();
    expect(sut.form()).toBe('failed');
    expect(sut.actor.getSnapshot().context.errors).toEqual({ promoCode: PROMO.message });

    // Correcting the code removes the server's message (the local rule finds nothing wrong).
    sut.fill({ promoCode: '' });
    expect(sut.actor.getSnapshot().context.errors).toEqual({});
    sut.send({ type: 'checkout.submitted', cart: CART });
    sut.placeOrder.next().reject(STOCK);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      cartMessage: STOCK.message,
      formMessage: null,
      errors: {},
    });
    // The shopper changed the cart: a new attempt, and the cart message goes with the submit.
    sut.send({ type: 'checkout.submitted', cart: [{ id: 1, name: 'Диван', price: 100_000, quantity: 1 }] });
    expect(sut.actor.getSnapshot().context.cartMessage).toBeNull();
    expect(sut.placeOrder.calls[1]?.input.idempotencyKey).not.toBe(
      sut.placeOrder.calls[2]?.input.idempotencyKey,
    );
  });

  it('starts a new attempt when the server says the key belongs to another order', async () => {
    const sut = startCheckout();
    sut.fillValid();
    sut.send({ type: 'checkout.submitted', cart: CART });
    sut.placeOrder.next().reject(KEY_REUSED);
    await flush();
    expect(sut.actor.getSnapshot().context.formMessage).toBe(CHECKOUT_FAILED_MESSAGE);
    sut.send({ type: 'checkout.submitted', cart: CART });
    expect(sut.placeOrder.calls.map((call) => call.input.idempotencyKey)).toEqual([
      'attempt-key-1',
      'attempt-key-2',
    ]);
  });

  it('shows the general message for a failure that is not a refusal', async () => {
    const sut = startCheckout();
    sut.fillValid();
    sut.send({ type: 'checkout.submitted', cart: CART });
    sut.placeOrder.next().reject(new Error('bug'));
    await flush();
    expect(sut.actor.getSnapshot().context.formMessage).toBe(CHECKOUT_FAILED_MESSAGE);
  });

  it('maps server codes to their place', () => {
    expect(failureTarget('invalid_promo_code')).toEqual({ kind: 'field', field: 'promoCode' });
    expect(failureTarget('promo_min_subtotal')).toEqual({ kind: 'field', field: 'promoCode' });
    expect(failureTarget('promo_limit')).toEqual({ kind: 'field', field: 'promoCode' });
    expect(failureTarget('address_required')).toEqual({ kind: 'field', field: 'address' });
    expect(failureTarget('consent_required')).toEqual({ kind: 'field', field: 'consent' });
    for (const code of [
      'out_of_stock',
      'unavailable_products',
      'empty_cart',
      'too_many_lines',
      'invalid_quantity',
    ])
      expect(failureTarget(code)).toEqual({ kind: 'cart' });
    expect(failureTarget('idempotency_key_reused')).toEqual({ kind: 'form', newAttempt: true });
    expect(failureTarget('too_many_requests')).toEqual({ kind: 'form', newAttempt: false });
    expect(failureTarget(null)).toEqual({ kind: 'form', newAttempt: false });
    expect(firstInvalidField({ consent: 'x', phone: 'y' })).toBe('phone');
    expect(firstInvalidField({})).toBeNull();
  });

  it("prefills a signed-in client's contacts without overwriting what was typed", async () => {
    const sut = startCheckout();
    sut.fill({ email: 'typed@example.ru' });
    sut.send({ type: 'checkout.signedIn', clientId: 7 });
    expect(sut.loadContacts.next().input).toEqual({ clientId: 7 });
    sut.loadContacts.next().resolve({ email: 'client7@example.ru', phone: '+7 911 000 00 07' });
    await flush();
    expect(sut.actor.getSnapshot().context.values).toMatchObject({
      email: 'typed@example.ru',
      phone: '+7 911 000 00 07',
    });
    // Known from the start: loaded at once; a failure leaves the fields as they are.
    const known = startCheckout(7);
    known.loadContacts.next().reject(new Error('offline'));
    await flush();
    known.loadLastOrderContact.next().reject(new Error('offline'));
    await flush();
    expect(known.actor.getSnapshot().value).toEqual({ form: 'editing', prefill: 'done', quote: 'idle' });
    expect(known.actor.getSnapshot().context.values.email).toBe('');
  });
});

describe('checkoutMachineFor', () => {
  it('sends the order with its key through the port and turns a refusal into the code and the message', async () => {
    const sent: [CheckoutOrder, string][] = [];
    const machine = checkoutMachineFor(
      {
        orders: {
          quote: async () => quoteOf(20_500_000, 0),
          lastContact: async () => ({ name: 'Анна', phone: '+79110000008', address: 'Литейный пр., 2' }),
          create: async (order, key) => {
            sent.push([order, key]);
            throw new PortFailure({
              kind: 'bad-request',
              status: 422,
              message: 'promo',
              code: 'invalid_promo_code',
              serverMessage: PROMO.message,
            });
          },
        },
        clients: { getContact: async () => ({ email: 'client7@example.ru', phone: '+79110000007' }) },
      },
      (stored) => `masked ${stored}`,
    ).provide({ actions: { focusField: () => undefined } });
    const actor = createActor(machine, { input: { clientId: 7, newAttemptKey: () => 'key-0001' } }).start();
    await flush();
    expect(actor.getSnapshot().context.values.phone).toBe('masked +79110000007');
    // The last order fills the name and address; the account's phone was there first.
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'Анна', address: 'Литейный пр., 2' });
    for (const [field, value] of Object.entries(VALID_TEXT))
      actor.send({ type: 'checkout.fieldChanged', field: field as CheckoutTextField, value });
    actor.send({ type: 'checkout.consentChanged', consent: true });
    actor.send({ type: 'checkout.submitted', cart: CART });
    await flush();
    expect(sent.map(([, key]) => key)).toEqual(['key-0001']);
    expect(actor.getSnapshot().context.errors.promoCode).toBe(PROMO.message);
  });
});

function quoteOf(
  subtotal: number,
  discount: number,
  promo: OrderQuote['promo'] = { status: 'none' },
): OrderQuote {
  return {
    items: [],
    subtotal,
    discount,
    delivery: 0,
    deliveryNote: null,
    total: subtotal - discount,
    promo,
  };
}

describe('checkout quote region', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('quotes the shown cart after the pause, with the code and delivery as typed', async () => {
    vi.useFakeTimers();
    const sut = startCheckout();
    expect(sut.quoteState()).toBe('idle');
    sut.send({ type: 'checkout.cartShown', cart: CART });
    sut.send({ type: 'checkout.fieldChanged', field: 'promoCode', value: ' leto15 ' });
    sut.send({ type: 'checkout.deliveryChosen', delivery: 'pickup' });
    expect(sut.quoteState()).toBe('waiting');
    expect(sut.quoteOrder.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS);
    expect(sut.quoteOrder.calls.map((call) => call.input)).toEqual([
      {
        cart: [
          { id: 1, quantity: 2 },
          { id: 2, quantity: 1 },
        ],
        delivery: { method: 'pickup' },
        promoCode: 'leto15',
      },
    ]);
    sut.quoteOrder.next().resolve(quoteOf(20_500_000, 3_075_000, { status: 'applied', code: 'LETO15' }));
    await flush();
    expect(sut.quoteState()).toBe('ready');
    expect(sut.actor.getSnapshot().context.quote?.total).toBe(17_425_000);
  });

  it('drops an older answer: the latest change wins', async () => {
    vi.useFakeTimers();
    const sut = startCheckout();
    sut.send({ type: 'checkout.cartShown', cart: CART });
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS);
    const first = sut.quoteOrder.next();
    sut.send({ type: 'checkout.fieldChanged', field: 'promoCode', value: 'HOME10' });
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS);
    expect(first.aborted()).toBe(true);
    first.resolve(quoteOf(1, 0));
    const second = sut.quoteOrder.next();
    expect(second.input.promoCode).toBe('HOME10');
    second.resolve(
      quoteOf(20_500_000, 0, { status: 'problem', code: 'HOME10', problem: 'invalid', message: 'нет' }),
    );
    await flush();
    expect(sut.actor.getSnapshot().context.quote?.subtotal).toBe(20_500_000);
  });

  it('a failure shows its message and blocks nothing; an empty cart stops quoting; other fields do not re-quote', async () => {
    vi.useFakeTimers();
    const sut = startCheckout();
    sut.send({ type: 'checkout.cartShown', cart: CART });
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS);
    sut.quoteOrder.next().reject(new Error('offline'));
    await flush();
    expect(sut.quoteState()).toBe('failed');
    expect(sut.actor.getSnapshot().context.quoteMessage).toBe(QUOTE_FAILED_MESSAGE);
    sut.fillValid();
    expect(sut.quoteState()).toBe('failed');
    sut.send({ type: 'checkout.submitted', cart: CART });
    expect(sut.form()).toBe('submitting');
    sut.send({ type: 'checkout.cartShown', cart: [] });
    expect(sut.quoteState()).toBe('idle');
    expect(sut.actor.getSnapshot().context.quote).toBeNull();
  });

  it('a quote the server refuses shows its reason (a delivery day filled up meanwhile)', async () => {
    vi.useFakeTimers();
    const sut = startCheckout();
    sut.send({ type: 'checkout.cartShown', cart: CART });
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS);
    sut.quoteOrder.next().reject(
      new PortFailure({
        kind: 'bad-request',
        message: 'POST /api/orders/quote answered 409',
        status: 409,
        code: 'delivery_day_full',
        serverMessage: 'На этот день доставки мест больше нет. Выберите другой день.',
      }),
    );
    await flush();
    expect(sut.quoteState()).toBe('failed');
    expect(sut.actor.getSnapshot().context.quoteMessage).toBe(
      'На этот день доставки мест больше нет. Выберите другой день.',
    );
  });

  it("prefills the last order's name, phone and address without overwriting what was typed", async () => {
    const sut = startCheckout(7);
    sut.send({ type: 'checkout.fieldChanged', field: 'name', value: 'Борис' });
    sut.loadContacts.next().resolve({ email: 'client7@example.ru', phone: null });
    await flush();
    sut.loadLastOrderContact
      .next()
      .resolve({ name: 'Анна', phone: '+7 911 000-00-08', address: 'Невский пр., 1' });
    await flush();
    expect(sut.actor.getSnapshot().context.values).toMatchObject({
      name: 'Борис',
      phone: '+7 911 000-00-08',
      email: 'client7@example.ru',
      address: 'Невский пр., 1',
    });
    expect((sut.actor.getSnapshot().value as { prefill: string }).prefill).toBe('done');
  });
});

const ORDER = placedOrder(900);
const graphEvents: AnyEventObject[] = [
  ...Object.entries(VALID_TEXT).map(([field, value]) => ({ type: 'checkout.fieldChanged', field, value })),
  { type: 'checkout.fieldChanged', field: 'name', value: '' },
  { type: 'checkout.consentChanged', consent: true },
  { type: 'checkout.fieldBlurred', field: 'email' },
  { type: 'checkout.submitted', cart: CART },
  { type: 'checkout.submitted', cart: [] },
  { type: 'checkout.signedIn', clientId: 7 },
  doneEvent('placeOrder', ORDER),
  errorEvent('placeOrder', NETWORK),
  errorEvent('placeOrder', STOCK),
  doneEvent('loadContacts', { email: 'client7@example.ru', phone: null }),
  errorEvent('loadContacts'),
  doneEvent('loadLastOrderContact', null),
  errorEvent('loadLastOrderContact'),
  { type: 'checkout.cartShown', cart: CART },
  { type: 'checkout.cartShown', cart: [] },
  { type: 'checkout.deliveryChosen', delivery: 'pickup' },
  afterEvent('quoteDelay', 'checkout.quote.waiting'),
  doneEvent('quoteOrder', quoteOf(20_500_000, 0)),
  errorEvent('quoteOrder'),
];

/** What distinguishes states for the traversal: where the machine is and which fields are wrong. */
const serializeState = (snapshot: {
  value: unknown;
  context: { values: CheckoutValues; cartMessage: string | null };
}) =>
  JSON.stringify([
    snapshot.value,
    Object.keys(validateCheckout(snapshot.context.values)),
    snapshot.context.cartMessage !== null,
  ]);

describe('checkout machine graph', () => {
  it('reaches every state', () => {
    expect(
      unreachableStates(checkoutMachine, {
        events: graphEvents as never[],
        input: { clientId: null, newAttemptKey: () => 'graph-key-1' },
        serializeState: serializeState as never,
      }),
    ).toEqual([]);
  });

  it('behaves like the chart along generated paths', async () => {
    vi.useFakeTimers();
    const paths = getShortestPaths(checkoutMachine, {
      events: graphEvents as never[],
      input: { clientId: null, newAttemptKey: () => 'graph-key-1' },
      serializeState: serializeState as never,
    });
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const sut = startCheckout();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
        if (event.type === 'xstate.done.actor.placeOrder')
          sut.placeOrder.next().resolve(event.output as Order);
        else if (event.type === 'xstate.error.actor.placeOrder') sut.placeOrder.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.loadContacts')
          sut.loadContacts.next().resolve(event.output as ClientContact);
        else if (event.type === 'xstate.error.actor.loadContacts')
          sut.loadContacts.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.loadLastOrderContact')
          sut.loadLastOrderContact.next().resolve(event.output as LastOrderContact | null);
        else if (event.type === 'xstate.error.actor.loadLastOrderContact')
          sut.loadLastOrderContact.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.quoteOrder')
          sut.quoteOrder.next().resolve(event.output as OrderQuote);
        else if (event.type === 'xstate.error.actor.quoteOrder') sut.quoteOrder.next().reject(event.error);
        else if (event.type.startsWith('xstate.after.quoteDelay'))
          await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS);
        else if (event.type !== 'xstate.init') sut.send(event as CheckoutEvent);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
    vi.useRealTimers();
  });
});

/**
 * The idempotency rule as a property: whatever the shopper types, submits (twice in a row too) and
 * however the server fails, (1) a retry of the same order carries the same key, (2) a changed order
 * carries a key never used before, (3) at most one order call is in flight, and (4) after an order
 * is placed nothing more is sent.
 */
interface IdempotencyModel {
  values: CheckoutValues;
  /** The last call's order and key; null at the start and after the server disowned the key. */
  last: { fingerprint: string; key: string } | null;
  keys: Set<string>;
  placed: boolean;
}

type Sut = ReturnType<typeof startCheckout>;
type IdempotencyCommand = fc.AsyncCommand<IdempotencyModel, Sut>;

class Edit implements IdempotencyCommand {
  constructor(
    readonly field: CheckoutTextField,
    readonly value: string,
  ) {}
  check = () => true;
  async run(model: IdempotencyModel, sut: Sut) {
    sut.send({ type: 'checkout.fieldChanged', field: this.field, value: this.value });
    if (sut.form() === 'editing' || sut.form() === 'failed')
      model.values = { ...model.values, [this.field]: this.value };
  }
  toString = () => `edit(${this.field}=${JSON.stringify(this.value)})`;
}

class Submit implements IdempotencyCommand {
  constructor(readonly times: number) {}
  check = () => true;
  async run(model: IdempotencyModel, sut: Sut) {
    const before = sut.placeOrder.calls.length;
    const idle = sut.form() === 'editing' || sut.form() === 'failed';
    for (let index = 0; index < this.times; index += 1) sut.send({ type: 'checkout.submitted', cart: CART });
    const made = sut.placeOrder.calls.slice(before);
    const valid = Object.keys(validateCheckout(model.values)).length === 0;
    if (!idle || !valid || model.placed) {
      expect(made).toHaveLength(0);
      return;
    }
    expect(made).toHaveLength(1);
    const call = made[0];
    if (!call) return;
    const fingerprint = JSON.stringify(checkoutOrder(model.values, CART));
    expect(call.input.order).toEqual(checkoutOrder(model.values, CART));
    if (model.last !== null && model.last.fingerprint === fingerprint) {
      expect(call.input.idempotencyKey).toBe(model.last.key);
    } else {
      expect(model.keys.has(call.input.idempotencyKey)).toBe(false);
    }
    model.keys.add(call.input.idempotencyKey);
    model.last = { fingerprint, key: call.input.idempotencyKey };
    expect(sut.placeOrder.pendingCount()).toBe(1);
  }
  toString = () => `submit×${this.times}`;
}

class ServerAnswers implements IdempotencyCommand {
  constructor(readonly answer: 'placed' | 'network' | 'promo' | 'stock' | 'keyReused') {}
  check = () => true;
  async run(model: IdempotencyModel, sut: Sut) {
    if (sut.placeOrder.pendingCount() === 0) return;
    const call = sut.placeOrder.next();
    if (this.answer === 'placed') {
      call.resolve(placedOrder(1));
      model.placed = true;
    } else {
      call.reject({ network: NETWORK, promo: PROMO, stock: STOCK, keyReused: KEY_REUSED }[this.answer]);
      if (this.answer === 'keyReused') model.last = null;
    }
    await flush();
    expect(sut.form()).toBe(this.answer === 'placed' ? 'placed' : 'failed');
  }
  toString = () => `server(${this.answer})`;
}

const editCommand = fc.oneof(
  fc.constantFrom('Анна', 'Борис', '').map((value) => new Edit('name', value)),
  fc.constantFrom('+7 900 123-45-67', '+7 911 000-00-07').map((value) => new Edit('phone', value)),
  fc.constantFrom('anna@example.ru', 'boris@example.ru').map((value) => new Edit('email', value)),
  fc.constantFrom('Невский пр., 1', 'Литейный пр., 2').map((value) => new Edit('address', value)),
  fc.constantFrom('', 'HOME10').map((value) => new Edit('promoCode', value)),
  fc.constantFrom('', 'Позвоните заранее').map((value) => new Edit('comment', value)),
);

const idempotencyCommands = fc.commands(
  [
    editCommand,
    fc.integer({ min: 1, max: 3 }).map((times) => new Submit(times)),
    fc
      .constantFrom('placed', 'network', 'network', 'promo', 'stock', 'keyReused')
      .map((answer) => new ServerAnswers(answer as ServerAnswers['answer'])),
  ],
  { maxCommands: 40 },
);

test.prop([idempotencyCommands], { numRuns: 150 })(
  'same attempt ⇒ same key; a changed order ⇒ a new key; never two calls at once',
  async (commands) => {
    const sut = startCheckout();
    sut.fillValid();
    const model: IdempotencyModel = {
      values: { ...EMPTY_CHECKOUT, ...VALID_TEXT, consent: true },
      last: null,
      keys: new Set(),
      placed: false,
    };
    await fc.asyncModelRun(() => ({ model, real: sut }), commands);
    sut.actor.stop();
  },
);
