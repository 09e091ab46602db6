import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderQuote, QuoteRequest } from '../../../src/application/ports/orders.port';
import { QUOTE_FAILED_MESSAGE } from '../../../src/domain/checkout';
import { clientPorts, GUEST, LAMP, renderClientRoute, SOFA, startTestShop } from './client-test-support';

/**
 * Issue 22, item 9 on the real /checkout route: the server's quote shows «Товары», «Скидка по
 * промокоду», «Доставка» and «Итого» before «Подтвердить заказ»; a promo problem shows at the promo
 * field; a failed quote says so without blocking the button; a line above the stock is flagged.
 */

afterEach(cleanup);

const CART = [
  { ...SOFA, quantity: 2 },
  { ...LAMP, quantity: 1 },
];

const line = (productId: number, quantity: number, unitPrice: number, available: number | null) => ({
  productId,
  name: productId === SOFA.id ? SOFA.name : LAMP.name,
  quantity,
  unitPrice,
  lineTotal: unitPrice * quantity,
  discount: 0,
  netTotal: unitPrice * quantity,
  available,
});

const QUOTE: OrderQuote = {
  items: [line(SOFA.id, 2, 10_000_000, 1), line(LAMP.id, 1, 500_000, null)],
  subtotal: 20_500_000,
  discount: 3_075_000,
  delivery: 0,
  deliveryNote: null,
  total: 17_425_000,
  promo: { status: 'applied', code: 'LETO15' },
};

describe('checkout summary from the quote', () => {
  it('shows goods, promo discount, delivery and total before the button, and flags a line above the stock', async () => {
    const asked: QuoteRequest[] = [];
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: {
          quote: async (request) => {
            asked.push(request);
            return QUOTE;
          },
        },
      },
    );
    const test = startTestShop(services, { localCart: CART });
    await renderClientRoute('/checkout', services, test.shop);
    const sum = await screen.findByLabelText('Сумма заказа');
    expect(within(sum).getByText('Товары').nextSibling?.textContent).toBe('205\u00a0000\u00a0₽');
    expect(within(sum).getByText('Скидка по промокоду').nextSibling?.textContent).toBe('−30\u00a0750\u00a0₽');
    expect(within(sum).getByText('Доставка').nextSibling?.textContent).toBe('Бесплатно');
    expect(within(sum).getByText('Итого').nextSibling?.textContent).toBe('174\u00a0250\u00a0₽');
    expect(screen.getByText('В наличии только 1 шт.')).toBeTruthy();
    expect(asked[0]?.cart).toEqual([
      { id: SOFA.id, quantity: 2 },
      { id: LAMP.id, quantity: 1 },
    ]);
    // The summary stands before «Подтвердить заказ».
    const button = screen.getByRole('button', { name: 'Подтвердить заказ' });
    expect(sum.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('re-quotes a typed promo code and shows its problem at the promo field; courier below the threshold', async () => {
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: {
          quote: async (request) =>
            request.promoCode === undefined
              ? { ...QUOTE, discount: 0, total: 20_500_000, promo: { status: 'none' } }
              : {
                  ...QUOTE,
                  discount: 0,
                  delivery: null,
                  deliveryNote: 'Стоимость доставки сообщит менеджер',
                  total: 20_500_000,
                  promo: {
                    status: 'problem',
                    code: 'OT500K',
                    problem: 'min_subtotal',
                    message: 'Промокод действует для заказов от 500\u00a0000\u00a0₽',
                  },
                },
        },
      },
    );
    const test = startTestShop(services, { localCart: CART });
    await renderClientRoute('/checkout', services, test.shop);
    await screen.findByLabelText('Сумма заказа');
    await act(async () => {
      fireEvent.change(screen.getByRole('textbox', { name: /^Промокод/ }), { target: { value: 'OT500K' } });
    });
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: /^Промокод/ }).getAttribute('aria-invalid')).toBe('true');
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Промокод действует для заказов от 500\u00a0000\u00a0₽',
    );
    const sum = screen.getByLabelText('Сумма заказа');
    expect(within(sum).queryByText('Скидка по промокоду')).toBeNull();
    expect(within(sum).getByText('Стоимость доставки сообщит менеджер')).toBeTruthy();
  });

  it('a failed quote says so and leaves the confirm button usable', async () => {
    const services = clientPorts(
      { answer: GUEST },
      { orders: { quote: async () => Promise.reject(new Error('offline')) } },
    );
    const test = startTestShop(services, { localCart: CART });
    await renderClientRoute('/checkout', services, test.shop);
    expect(await screen.findByText(QUOTE_FAILED_MESSAGE)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Подтвердить заказ' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe('the cart flags a line above the stock', () => {
  it('shows «В наличии только 1 шт.» beside the line when the cart loads, and drops it when the quantity fits', async () => {
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: {
          quote: async (request) => ({
            ...QUOTE,
            items: request.cart.map((asked) =>
              line(
                asked.id,
                asked.quantity,
                asked.id === SOFA.id ? 10_000_000 : 500_000,
                asked.id === SOFA.id ? 1 : null,
              ),
            ),
          }),
        },
      },
    );
    const test = startTestShop(services, { localCart: CART });
    await renderClientRoute('/cart', services, test.shop);
    const sofa = await screen.findByRole('listitem', { name: SOFA.name });
    await waitFor(() => expect(within(sofa).getByText('В наличии только 1 шт.')).toBeTruthy());
    expect(
      within(screen.getByRole('listitem', { name: LAMP.name })).queryByText(/В наличии только/),
    ).toBeNull();
    await act(async () => {
      fireEvent.click(within(sofa).getByRole('button', { name: 'Уменьшить количество' }));
    });
    await waitFor(() => expect(within(sofa).queryByText(/В наличии только/)).toBeNull());
  });
});
