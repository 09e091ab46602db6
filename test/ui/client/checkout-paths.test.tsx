import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { type CheckoutRefusal, checkoutMachine } from '../../../src/application/machines/checkout.machine';
import type { NewOrder, Order } from '../../../src/application/ports/orders.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { type CheckoutTextField, type CheckoutValues, EMPTY_CHECKOUT } from '../../../src/domain/checkout';
import {
  clientPorts,
  currentHref,
  GUEST,
  LAMP,
  order,
  renderClientRoute,
  SOFA,
  startTestShop,
} from './client-test-support';

/**
 * The checkout page driven along the checkout machine's own paths: the shortest way to every state
 * of the form (and every way it looks: which fields show a message, the form's message, the cart's
 * message), replayed on the real /checkout route — typing, leaving a field, ticking the consent,
 * pressing «Подтвердить заказ», the orders port answering or failing — and after every step the page
 * must show what the machine's state says. Prefilling is left out (the page is a guest's); it has its
 * own route test.
 */

afterEach(cleanup);

const CART = [
  { ...SOFA, quantity: 2 },
  { ...LAMP, quantity: 1 },
];

const LABELS: Readonly<Record<CheckoutTextField, RegExp>> = {
  name: /^Имя/,
  phone: /^Телефон/,
  email: /^Email/,
  address: /^Адрес доставки/,
  comment: /^Комментарий/,
  promoCode: /^Промокод/,
};

// Written as the phone mask shows it, so the field keeps exactly what the machine holds.
const VALID: Readonly<Partial<Record<CheckoutTextField, string>>> = {
  name: 'Анна',
  phone: '+7 900 123 45 67',
  email: 'anna@example.ru',
  address: 'Санкт-Петербург, Невский пр., 1',
};

const refusal = (code: string | null, message: string): CheckoutRefusal => ({
  _tag: 'CheckoutRefusal',
  code,
  message,
});
const NETWORK = refusal(null, 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.');
const PROMO = refusal('invalid_promo_code', 'Промокод не найден или больше не действует.');
const STOCK = refusal('out_of_stock', 'Диван «Верона»: осталось 1 шт.');
const PLACED = order({ id: 900 });

const modelEvents: AnyEventObject[] = [
  ...Object.entries(VALID).map(([field, value]) => ({ type: 'checkout.fieldChanged', field, value })),
  { type: 'checkout.fieldChanged', field: 'name', value: '' },
  { type: 'checkout.fieldChanged', field: 'promoCode', value: 'NOPE' },
  { type: 'checkout.consentChanged', consent: true },
  { type: 'checkout.fieldBlurred', field: 'email' },
  { type: 'checkout.submitted', cart: CART },
  { type: 'xstate.done.actor.placeOrder', output: PLACED },
  { type: 'xstate.error.actor.placeOrder', error: NETWORK },
  { type: 'xstate.error.actor.placeOrder', error: PROMO },
  { type: 'xstate.error.actor.placeOrder', error: STOCK },
];

/** How the orders port fails for a refusal the machine sees. */
function portFailureOf(refused: CheckoutRefusal): PortFailure {
  return refused.code === null
    ? new PortFailure({ kind: 'network', message: 'offline' })
    : new PortFailure({
        kind: 'bad-request',
        status: refused.code === 'out_of_stock' ? 409 : 422,
        message: refused.code,
        code: refused.code,
        serverMessage: refused.message,
      });
}

type ModelState = SnapshotFrom<typeof checkoutMachine>;

function formOf(state: ModelState): string {
  return (state.value as { form: string }).form;
}

/** What the page must show in a state before the order is placed. */
function expectPageToShow(state: ModelState) {
  const busy = state.hasTag('busy');
  const button = screen.getByRole('button', { name: busy ? 'Оформляем заказ…' : 'Подтвердить заказ' });
  expect((button as HTMLButtonElement).disabled).toBe(busy);
  for (const [field, label] of Object.entries(LABELS) as [CheckoutTextField, RegExp][]) {
    expect((screen.getByRole('textbox', { name: label }) as HTMLInputElement).value).toBe(
      state.context.values[field],
    );
  }
  expect(
    (screen.getByRole('checkbox', { name: /обработку персональных данных/ }) as HTMLInputElement).checked,
  ).toBe(state.context.values.consent);
  const expectedAlerts = [
    ...Object.values(state.context.errors),
    state.context.formMessage,
    state.context.cartMessage,
  ]
    .filter((message): message is string => typeof message === 'string')
    .sort();
  expect(
    screen
      .queryAllByRole('alert')
      .map((alert) => alert.textContent)
      .sort(),
  ).toEqual(expectedAlerts);
}

/**
 * Whether a person can make the path's edits: typing a field's current value again changes nothing on
 * a page (React sends no change), while the model would still take the event.
 */
function typedByAPerson(path: ReturnType<typeof getShortestPaths>[number]): boolean {
  let values: CheckoutValues = EMPTY_CHECKOUT;
  for (const step of path.steps) {
    const event = step.event as AnyEventObject;
    if (event.type === 'checkout.fieldChanged' && values[event.field as CheckoutTextField] === event.value)
      return false;
    if (event.type === 'checkout.consentChanged' && values.consent === event.consent) return false;
    values = (step.state as ModelState).context.values;
  }
  return true;
}

interface Pending {
  readonly order: NewOrder;
  readonly key: string;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

describe('/checkout along the checkout machine’s paths', () => {
  it('shows every state the machine reaches', async () => {
    const shortestByLook = new Map<string, ReturnType<typeof getShortestPaths>[number]>();
    const allPaths = getShortestPaths(checkoutMachine, {
      events: modelEvents as never[],
      input: { clientId: null, newAttemptKey: () => 'model-key-0001' },
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.values,
          Object.keys(snapshot.context.errors).sort(),
          snapshot.context.formMessage !== null,
          snapshot.context.cartMessage !== null,
        ]),
    });
    for (const path of [...allPaths].filter(typedByAPerson).sort((a, b) => a.steps.length - b.steps.length)) {
      const state = path.state as ModelState;
      const look = JSON.stringify([
        formOf(state),
        Object.keys(state.context.errors).sort(),
        state.context.formMessage !== null,
        state.context.cartMessage !== null,
      ]);
      if (!shortestByLook.has(look)) shortestByLook.set(look, path);
    }
    const paths = [...shortestByLook.values()];
    expect([...new Set(paths.map((path) => formOf(path.state as ModelState)))].sort()).toEqual([
      'editing',
      'failed',
      'placed',
      'submitting',
    ]);

    for (const path of paths) {
      const pending: Pending[] = [];
      const services = clientPorts(
        { answer: GUEST },
        {
          orders: {
            create: (sent, key) =>
              new Promise<Order>((resolve, reject) => pending.push({ order: sent, key, resolve, reject })),
          },
        },
      );
      const test = startTestShop(services, { localCart: CART });
      const { router } = await renderClientRoute('/checkout', services, test.shop);
      await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' });

      for (const step of path.steps) {
        const event = step.event as AnyEventObject;
        await act(async () => {
          if (event.type === 'checkout.fieldChanged') {
            const label = LABELS[event.field as CheckoutTextField];
            fireEvent.change(screen.getByRole('textbox', { name: label }), {
              target: { value: event.value },
            });
          } else if (event.type === 'checkout.fieldBlurred') {
            fireEvent.blur(screen.getByRole('textbox', { name: LABELS[event.field as CheckoutTextField] }));
          } else if (event.type === 'checkout.consentChanged') {
            const consent = screen.getByRole('checkbox', { name: /обработку персональных данных/ });
            if ((consent as HTMLInputElement).checked !== event.consent) fireEvent.click(consent);
          } else if (event.type === 'checkout.submitted') {
            fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
          } else if (event.type === 'xstate.done.actor.placeOrder') {
            pending.shift()?.resolve(event.output as Order);
          } else if (event.type === 'xstate.error.actor.placeOrder') {
            pending.shift()?.reject(portFailureOf(event.error as CheckoutRefusal));
          }
        });
        const state = step.state as ModelState;
        if (formOf(state) === 'placed') {
          await waitFor(() => expect(currentHref(router)).toBe(`/thank-you?order=${PLACED.id}`));
          expect(test.actor.getSnapshot().children.cartSync?.getSnapshot().context.cart).toEqual([]);
        } else {
          await waitFor(() => expectPageToShow(state));
        }
      }
      // Exactly the calls the path answered, plus the one in flight.
      expect(pending).toHaveLength(formOf(path.state as ModelState) === 'submitting' ? 1 : 0);
      cleanup();
    }
  }, 90_000);

  it('sends a double click once, and the retry of a failed attempt with the same key', async () => {
    const pending: Pending[] = [];
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: {
          create: (sent, key) =>
            new Promise<Order>((resolve, reject) => pending.push({ order: sent, key, resolve, reject })),
        },
      },
    );
    const test = startTestShop(services, { localCart: CART });
    const { router } = await renderClientRoute('/checkout', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' });
    act(() => {
      for (const [field, value] of Object.entries(VALID))
        fireEvent.change(screen.getByRole('textbox', { name: LABELS[field as CheckoutTextField] }), {
          target: { value },
        });
      fireEvent.click(screen.getByRole('checkbox', { name: /обработку персональных данных/ }));
    });
    const form = screen.getByRole('button', { name: 'Подтвердить заказ' }).closest('form');
    if (!form) throw new Error('no form');
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(pending).toHaveLength(1);
    await act(async () => pending.shift()?.reject(portFailureOf(STOCK)));
    expect(await screen.findByText(STOCK.message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Изменить корзину' }).getAttribute('href')).toBe('/cart');
    const firstKey = await act(async () => {
      fireEvent.submit(form);
      return pending[0]?.key;
    });
    expect(pending).toHaveLength(1);
    await act(async () => pending.shift()?.reject(portFailureOf(NETWORK)));
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(pending[0]?.key).toBe(firstKey);
    await act(async () => pending.shift()?.resolve(PLACED));
    await waitFor(() => expect(currentHref(router)).toBe('/thank-you?order=900'));
  });
});
