import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewOrder, Order } from '../../../src/application/ports/orders.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import {
  CLIENT_7,
  cartOf,
  clientPorts,
  currentHref,
  type FakeSession,
  GUEST,
  LAMP,
  order,
  renderClientRoute,
  SOFA,
  startTestShop,
} from './client-test-support';

afterEach(cleanup);

const CART = [
  { ...SOFA, quantity: 2 },
  { ...LAMP, quantity: 1 },
];

function field(name: string | RegExp): HTMLInputElement {
  return screen.getByRole('textbox', { name }) as HTMLInputElement;
}

function type(name: string | RegExp, value: string) {
  act(() => fireEvent.change(field(name), { target: { value } }));
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
  });
}

function fillValidForm() {
  type(/^Имя/, 'Анна');
  type(/^Телефон/, '+7 900 123-45-67');
  type(/^Email/, 'anna@example.ru');
  type(/^Адрес доставки/, 'Санкт-Петербург, Невский пр., 1');
  act(() => fireEvent.click(screen.getByRole('checkbox', { name: /обработку персональных данных/ })));
}

describe('/checkout', () => {
  it('shows the Russian messages a shopper expects and sends nothing while the form is invalid', async () => {
    const create = vi.fn(async () => order());
    const services = clientPorts({ answer: GUEST }, { orders: { create } });
    const test = startTestShop(services, { localCart: CART });
    await renderClientRoute('/checkout', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' });

    type(/^Телефон/, '12-34');
    type(/^Email/, 'anna@example');
    await submit();

    expect(screen.getByText('Укажите имя')).toBeTruthy();
    expect(screen.getByText('Неверный формат телефона')).toBeTruthy();
    expect(screen.getByText('Неверный формат email')).toBeTruthy();
    expect(screen.getByText('Укажите адрес доставки')).toBeTruthy();
    expect(screen.getByText('Нужно согласие на обработку персональных данных')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    // Pickup needs no address; a corrected field loses its message as it is typed.
    act(() => fireEvent.click(screen.getByRole('radio', { name: /Самовывоз/ })));
    expect(screen.queryByRole('textbox', { name: /^Адрес доставки/ })).toBeNull();
    type(/^Телефон/, '+7 900 123-45-67');
    expect(screen.queryByText('Неверный формат телефона')).toBeNull();
  });

  it('links the consent to /privacy and /consent and limits the comment to 500 characters', async () => {
    const services = clientPorts({ answer: GUEST });
    const test = startTestShop(services, { localCart: CART });
    await renderClientRoute('/checkout', services, test.shop);
    const consent = (await screen.findByRole('checkbox', { name: /обработку персональных данных/ })).closest(
      'div',
    );
    if (!consent) throw new Error('no consent row');
    expect(
      within(consent).getByRole('link', { name: 'обработку персональных данных' }).getAttribute('href'),
    ).toBe('/consent');
    // The consent is its own document: the policy is pointed to beside it, not accepted with it (docs/privacy.md).
    expect(
      (screen.getByRole('checkbox', { name: /обработку персональных данных/ }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(screen.getByRole('link', { name: 'политике конфиденциальности' }).getAttribute('href')).toBe(
      '/privacy',
    );
    type(/^Комментарий/, 'а'.repeat(501));
    await submit();
    expect(screen.getByText('Не более 500 символов')).toBeTruthy();
  });

  it('places the order with ids and quantities only, clears the cart and thanks on /thank-you', async () => {
    const create = vi.fn(async (_order: NewOrder, _key: string): Promise<Order> => order({ id: 812 }));
    const services = clientPorts({ answer: GUEST }, { orders: { create } });
    const test = startTestShop(services, { localCart: CART });
    const { router } = await renderClientRoute('/checkout', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' });
    fillValidForm();
    type(/^Промокод/, ' home10 ');
    act(() => fireEvent.click(screen.getByRole('radio', { name: /Картой онлайн/ })));
    await submit();

    await waitFor(() => expect(currentHref(router)).toBe('/thank-you?order=812'));
    expect(create).toHaveBeenCalledTimes(1);
    const [sent, key] = create.mock.calls[0] ?? [];
    expect(sent).toEqual({
      cart: [
        { id: 1, quantity: 2 },
        { id: 2, quantity: 1 },
      ],
      // Typed as «+7 900 123-45-67»; the field's mask groups it as libphonenumber does.
      contact: { name: 'Анна', phone: '+7 900 123 45 67', email: 'anna@example.ru' },
      delivery: { method: 'courier', address: 'Санкт-Петербург, Невский пр., 1' },
      promoCode: 'home10',
      paymentMethod: 'online',
      consent: true,
    });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(cartOf(test)).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Спасибо за заказ!' })).toBeTruthy();
    expect(screen.getByText('№ 812')).toBeTruthy();
    expect(screen.getByText(/Скидка по промокоду HOME10/)).toBeTruthy();
    // Payment is not allowed yet, so there is no payment link.
    expect(screen.queryByRole('link', { name: 'Оплатить заказ' })).toBeNull();
  });

  it('sends a retry of the same order with the same Idempotency-Key, and a changed order with a new one', async () => {
    const create = vi
      .fn<(order: NewOrder, key: string) => Promise<Order>>()
      .mockRejectedValueOnce(new PortFailure({ kind: 'network', message: 'offline' }))
      .mockRejectedValueOnce(
        new PortFailure({
          kind: 'bad-request',
          status: 422,
          message: 'invalid promo',
          code: 'invalid_promo_code',
          serverMessage: 'Промокод не найден или больше не действует.',
        }),
      )
      .mockResolvedValue(order({ id: 900 }));
    const services = clientPorts({ answer: GUEST }, { orders: { create } });
    const test = startTestShop(services, { localCart: CART });
    const { router } = await renderClientRoute('/checkout', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' });
    fillValidForm();
    type(/^Промокод/, 'NOPE');

    await submit();
    expect(
      await screen.findByText('Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.'),
    ).toBeTruthy();
    await submit();
    expect(
      (await screen.findAllByText('Промокод не найден или больше не действует.')).length,
    ).toBeGreaterThan(0);
    expect(create.mock.calls[1]?.[1]).toBe(create.mock.calls[0]?.[1]);
    expect(cartOf(test)).toHaveLength(2);

    type(/^Промокод/, '');
    await submit();
    await waitFor(() => expect(currentHref(router)).toBe('/thank-you?order=900'));
    expect(create.mock.calls[2]?.[1]).not.toBe(create.mock.calls[0]?.[1]);
    expect(create.mock.calls[2]?.[0]).not.toHaveProperty('promoCode');
  });

  it('prefills e-mail and phone of a signed-in client from the clients port', async () => {
    const session: FakeSession = { answer: CLIENT_7 };
    const getContact = vi.fn(async () => ({ email: 'client7@example.ru', phone: '+7 911 000-00-07' }));
    const services = clientPorts(session, { clients: { getContact } });
    const test = startTestShop(services, { localCart: CART });
    await renderClientRoute('/checkout', services, test.shop);
    await waitFor(() => expect(field(/^Email/).value).toBe('client7@example.ru'));
    // Shown through the phone mask (shared-rules/phone-number.ts).
    expect(field(/^Телефон/).value).toBe('+7 911 000 00 07');
    expect(getContact).toHaveBeenCalledWith(7, expect.anything());
    expect(screen.queryByRole('link', { name: 'Войдите' })).toBeNull();
  });

  it('offers the catalogue instead of a form when the cart is empty', async () => {
    const services = clientPorts({ answer: GUEST });
    const test = startTestShop(services);
    await renderClientRoute('/checkout', services, test.shop);
    expect(await screen.findByRole('heading', { level: 1, name: 'В корзине нет товаров' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Подтвердить заказ' })).toBeNull();
  });
});

describe('/thank-you', () => {
  it('links to payment when the order may be paid, and to the account of a signed-in client', async () => {
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        orders: {
          listByClient: async () => [order({ id: 77, status: 'awaiting_payment', paymentAllowed: true })],
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute('/thank-you?order=77', services, test.shop);
    expect(await screen.findByRole('link', { name: 'Оплатить заказ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Оплатить заказ' }).getAttribute('href')).toBe('/pay/77');
    expect(screen.getByRole('link', { name: 'Мои заказы' }).getAttribute('href')).toBe('/orders/7');
  });

  it('says the order was not found when the address has no usable order number', async () => {
    const services = clientPorts({ answer: GUEST });
    const test = startTestShop(services);
    await renderClientRoute('/thank-you?order=-5', services, test.shop);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ не найден' })).toBeTruthy();
  });
});

describe('/thank-you after the payment gateway', () => {
  it('reads ?orderId= and says the order is paid', async () => {
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        orders: {
          listByClient: async () => [order({ id: 78, paid: true, status: 'paid', paymentAllowed: true })],
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute('/thank-you?orderId=78', services, test.shop);
    expect(await screen.findByText('Заказ оплачен. Спасибо!')).toBeTruthy();
    expect(screen.getByText('№ 78')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Оплатить заказ' })).toBeNull();
  });

  it('says the payment failed and still offers to pay', async () => {
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        orders: {
          listByClient: async () => [order({ id: 79, status: 'awaiting_payment', paymentAllowed: true })],
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute('/thank-you?orderId=79&payment=failed', services, test.shop);
    expect(
      await screen.findByText(
        'Оплата не прошла: деньги не списаны. Попробуйте ещё раз или выберите другую карту.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Оплатить заказ' })).toBeTruthy();
  });
});
