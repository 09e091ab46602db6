import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryOffer } from '../../../src/application/ports/delivery.port';
import type { NewOrder, Order } from '../../../src/application/ports/orders.port';
import { clientPorts, GUEST, order, renderClientRoute, SOFA, startTestShop } from './client-test-support';

/**
 * Issue 23, item 5 on the real /checkout route: the courier's day picker offers the server's working
 * days with the cart's date in words; a full day is shown but cannot be chosen; a chosen day offers the
 * free window and the paid slots with their price; the order carries the chosen slot.
 */
afterEach(cleanup);

const OFFER: DeliveryOffer = {
  promise: { from: '2026-11-30', to: '2026-12-02', text: 'Привезём 30 ноября – 2 декабря' },
  days: [
    { day: '2026-11-30', label: 'понедельник, 30 ноября', full: true },
    { day: '2026-12-01', label: 'вторник, 1 декабря', full: false },
    { day: '2026-12-02', label: 'среда, 2 декабря', full: false },
  ],
  windows: [
    { id: 1, label: 'Весь день, 10:00–22:00', price: 0 },
    { id: 3, label: '13:00–16:00', price: 100_000 },
  ],
};

const type = (name: RegExp, value: string) =>
  act(() => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } }));

describe('the checkout’s delivery day', () => {
  it('offers the working days and windows, refuses a full day, and sends the chosen slot', async () => {
    const create = vi.fn<(order: NewOrder, key: string) => Promise<Order>>(async () => order({ id: 901 }));
    const asked: unknown[] = [];
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: { create },
        delivery: {
          days: async (cart) => {
            asked.push(cart);
            return OFFER;
          },
        },
      },
    );
    const test = startTestShop(services, { localCart: [{ ...SOFA, quantity: 1 }] });
    await renderClientRoute('/checkout', services, test.shop);
    const picker = await screen.findByTestId('delivery-day-picker');
    expect(within(picker).getByText('Привезём 30 ноября – 2 декабря')).toBeTruthy();
    expect(asked[0]).toEqual([{ id: SOFA.id, quantity: 1 }]);
    const days = within(picker).getByRole('radiogroup', { name: 'День доставки' });
    const full = within(days).getByRole('radio', { name: /понедельник, 30 ноября/ }) as HTMLInputElement;
    expect(full.disabled).toBe(true);
    expect(within(days).getByText('Мест нет')).toBeTruthy();
    expect(within(picker).queryByRole('radiogroup', { name: 'Время доставки' })).toBeNull();

    act(() => fireEvent.click(within(days).getByRole('radio', { name: /среда, 2 декабря/ })));
    const windows = await within(picker).findByRole('radiogroup', { name: 'Время доставки' });
    expect((within(windows).getByRole('radio', { name: /Весь день/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(within(windows).getByText('Бесплатно')).toBeTruthy();
    expect(within(windows).getByText(/^\+1\s000\s₽$/)).toBeTruthy();
    act(() => fireEvent.click(within(windows).getByRole('radio', { name: /13:00–16:00/ })));

    type(/^Имя/, 'Анна');
    type(/^Телефон/, '+7 900 123-45-67');
    type(/^Email/, 'anna@example.ru');
    type(/^Адрес доставки/, 'Санкт-Петербург, Невский пр., 1');
    act(() => fireEvent.click(screen.getByRole('checkbox', { name: /обработку персональных данных/ })));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    });
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0].delivery).toEqual({
      method: 'courier',
      address: 'Санкт-Петербург, Невский пр., 1',
      slot: { day: '2026-12-02', windowId: 3 },
    });
  });

  it('offers nothing for pickup, nor when the days cannot be read', async () => {
    const services = clientPorts({ answer: GUEST }, { orders: {} });
    const test = startTestShop(services, { localCart: [{ ...SOFA, quantity: 1 }] });
    await renderClientRoute('/checkout', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' });
    expect(screen.queryByTestId('delivery-day-picker')).toBeNull();
  });
});
