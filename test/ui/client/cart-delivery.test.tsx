import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderQuote, QuoteRequest } from '../../../src/application/ports/orders.port';
import {
  clientPorts,
  currentHref,
  GUEST,
  renderClientRoute,
  SOFA,
  startTestShop,
} from './client-test-support';

/**
 * Issue 23, item 3 on the real /cart route (docs/delivery.md «The cart»): «Доставка и услуги» has the
 * checkout's own zone, floor, lift and services fields; the cart page's machine asks the server's quote
 * for them and lists «Доставка», «Подъём на 7 этаж без лифта», «Сборка» with the total before
 * checkout; what the shopper entered is what the checkout starts with (one delivery draft).
 */
afterEach(cleanup);

const GOODS = 8_990_000;

/** A stand-in for the server's quote: a line per detail asked, so the test sees what was sent. */
const quoteFor = (request: QuoteRequest): OrderQuote => {
  const { delivery } = request;
  const services =
    delivery.zone === undefined
      ? []
      : [
          {
            kind: 'delivery',
            label:
              delivery.zone === 'outside_kad'
                ? `Доставка за КАД, ${delivery.kmBeyondKad ?? 0} км`
                : 'Доставка',
            amount: 48_000,
          },
          ...((delivery.floor ?? 1) > 1 && delivery.lift === 'none'
            ? [{ kind: 'carrying', label: `Подъём на ${delivery.floor} этаж без лифта`, amount: 180_000 }]
            : []),
          ...(delivery.services?.includes('assembly')
            ? [{ kind: 'assembly', label: 'Сборка', amount: 200_000 }]
            : []),
        ];
  const extra = services.reduce((sum, line) => sum + line.amount, 0);
  return {
    items: [
      {
        productId: SOFA.id,
        name: SOFA.name,
        quantity: 1,
        unitPrice: GOODS,
        lineTotal: GOODS,
        discount: 0,
        netTotal: GOODS,
        available: null,
      },
    ],
    subtotal: GOODS,
    discount: 0,
    services,
    delivery: delivery.zone === undefined ? null : extra,
    deliveryNote: delivery.zone === undefined ? 'Стоимость доставки сообщит менеджер' : null,
    total: GOODS + extra,
    promo: { status: 'none' },
    offers: delivery.zone === undefined ? [] : [{ service: 'assembly', amount: 200_000 }],
  };
};

describe('the cart’s «Доставка и услуги»', () => {
  it('prices the zone, floor, lift and services before checkout, and the checkout starts with them', async () => {
    const asked: QuoteRequest[] = [];
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: {
          quote: async (request) => {
            asked.push(request);
            return quoteFor(request);
          },
        },
        delivery: { suggest: async () => ({ enabled: false, suggestions: [] }) },
      },
    );
    const test = startTestShop(services, { localCart: [{ ...SOFA, quantity: 1 }] });
    const { router } = await renderClientRoute('/cart', services, test.shop);
    const block = await screen.findByRole('region', { name: 'Доставка и услуги' });
    // Before a zone: the manager tells the delivery's price.
    await waitFor(() =>
      expect(within(block).getByText('Доставка').nextSibling?.textContent).toBe(
        'Стоимость доставки сообщит менеджер',
      ),
    );

    await act(async () => {
      fireEvent.click(within(block).getByRole('radio', { name: 'За КАД' }));
    });
    await act(async () => {
      fireEvent.change(within(block).getByRole('textbox', { name: 'Километров за КАД' }), {
        target: { value: '12' },
      });
      fireEvent.change(within(block).getByRole('textbox', { name: 'Этаж' }), { target: { value: '7' } });
      fireEvent.click(within(block).getByRole('checkbox', { name: 'Сборка' }));
    });
    const sum = within(block).getByLabelText('Доставка и услуги: сумма');
    await waitFor(() => expect(within(sum).queryByText('Сборка')).not.toBeNull());
    // The box shows the quote's price of «Сборка» for this cart, after its label.
    const assembly = within(block).getByRole('checkbox', { name: 'Сборка' });
    expect(document.getElementById(assembly.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '— 2\u00a0000\u00a0₽',
    );
    expect(within(sum).getByText('Доставка за КАД, 12 км').nextSibling?.textContent).toBe('480\u00a0₽');
    expect(within(sum).getByText('Подъём на 7 этаж без лифта').nextSibling?.textContent).toBe(
      '1\u00a0800\u00a0₽',
    );
    expect(within(sum).getByText('Сборка').nextSibling?.textContent).toBe('2\u00a0000\u00a0₽');
    expect(within(sum).getByText('Итого с доставкой и услугами').nextSibling?.textContent).toBe(
      '94\u00a0180\u00a0₽',
    );
    // The same request the checkout makes for these details.
    expect(asked.at(-1)).toEqual({
      cart: [{ id: SOFA.id, quantity: 1 }],
      delivery: {
        method: 'courier',
        zone: 'outside_kad',
        kmBeyondKad: 12,
        floor: 7,
        lift: 'none',
        services: ['assembly'],
      },
    });
    expect(screen.queryByText('Стоимость доставки менеджер уточнит после оформления.')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Оформить заказ' }));
    });
    await waitFor(() => expect(currentHref(router)).toBe('/checkout'));
    const zones = await screen.findByRole('group', { name: 'Зона доставки' });
    expect((within(zones).getByRole('radio', { name: 'За КАД' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Километров за КАД' }) as HTMLInputElement).value).toBe('12');
    expect((screen.getByRole('textbox', { name: 'Этаж' }) as HTMLInputElement).value).toBe('7');
    expect((screen.getByRole('checkbox', { name: 'Сборка' }) as HTMLInputElement).checked).toBe(true);
    // The checkout asks the same quote at once: its «Итого» is the cart's.
    await waitFor(() =>
      expect(
        within(screen.getByRole('complementary', { name: 'Ваш заказ' })).getByText('Итого').nextSibling
          ?.textContent,
      ).toBe('94\u00a0180\u00a0₽'),
    );
  });
});
