import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderQuote, QuoteRequest } from '../../../src/application/ports/orders.port';
import { clientPorts, GUEST, renderClientRoute, SOFA, startTestShop } from './client-test-support';

/**
 * Issue 23, item 3 on the real /checkout route (docs/delivery.md «One quote»): the shopper picks the
 * zone, types the floor, picks the lift and a service; the checkout asks the server's quote for them
 * and shows each service line and the total before «Подтвердить заказ»; each service's checkbox
 * shows the quote's price for it («Сборка — 2 000 ₽», `offers`).
 */
afterEach(cleanup);

const GOODS = 8_990_000;

const quoteFor = (request: QuoteRequest): OrderQuote => {
  const services =
    request.delivery.zone === undefined
      ? []
      : [
          { kind: 'delivery', label: 'Доставка за КАД, 12 км', amount: 48_000 },
          ...(request.delivery.floor === 7
            ? [{ kind: 'carrying', label: 'Подъём на 7 этаж без лифта', amount: 180_000 }]
            : []),
          ...(request.delivery.services?.includes('assembly')
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
    delivery: request.delivery.zone === undefined ? 0 : extra,
    deliveryNote: null,
    total: GOODS + extra,
    promo: { status: 'none' },
    // The server prices each service for this cart; the quote adds exactly this line when it is ticked.
    offers:
      request.delivery.zone === undefined
        ? []
        : [
            { service: 'assembly', amount: 200_000 },
            { service: 'old_furniture_removal', amount: 150_000 },
          ],
  };
};

/** The price shown after a service's checkbox: its description (the label stays the service's name). */
const priceAt = (box: HTMLElement): string | null => {
  const described = box.getAttribute('aria-describedby');
  return described === null ? null : (document.getElementById(described)?.textContent ?? null);
};

describe('checkout service lines', () => {
  it('asks the quote for the zone, floor, lift and services and lists every line with the total', async () => {
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
      },
    );
    const test = startTestShop(services, { localCart: [{ ...SOFA, quantity: 1 }] });
    await renderClientRoute('/checkout', services, test.shop);
    await screen.findByLabelText('Сумма заказа');
    await act(async () => {
      // One zone picker (delivery-details-fields, name «zone»): the address field has none of its own.
      const [pricedZone, ...others] = screen.getAllByRole('radio', { name: 'За КАД' });
      expect(others).toEqual([]);
      if (pricedZone === undefined) throw new Error('no priced zone «За КАД»');
      expect(pricedZone.getAttribute('name')).toBe('zone');
      fireEvent.click(pricedZone);
    });
    await act(async () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Километров за КАД' }), {
        target: { value: '12' },
      });
      fireEvent.change(screen.getByRole('textbox', { name: 'Этаж' }), { target: { value: '7' } });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Сборка' }));
    });
    await waitFor(() => {
      expect(within(screen.getByLabelText('Сумма заказа')).queryByText('Сборка')).not.toBeNull();
    });
    const sum = screen.getByLabelText('Сумма заказа');
    expect(within(sum).getByText('Доставка за КАД, 12 км').nextSibling?.textContent).toBe('480\u00a0₽');
    expect(within(sum).getByText('Подъём на 7 этаж без лифта').nextSibling?.textContent).toBe(
      '1\u00a0800\u00a0₽',
    );
    expect(within(sum).getByText('Сборка').nextSibling?.textContent).toBe('2\u00a0000\u00a0₽');
    expect(within(sum).getByText('Итого').nextSibling?.textContent).toBe('94\u00a0180\u00a0₽');
    expect(asked.at(-1)?.delivery).toEqual({
      method: 'courier',
      zone: 'outside_kad',
      kmBeyondKad: 12,
      floor: 7,
      lift: 'none',
      services: ['assembly'],
    });
    // Each service's checkbox shows the quote's own price for it; one the quote does not charge, none.
    await waitFor(() =>
      expect(priceAt(screen.getByRole('checkbox', { name: 'Сборка' }))).toBe('— 2\u00a0000\u00a0₽'),
    );
    expect(priceAt(screen.getByRole('checkbox', { name: 'Вывоз старой мебели' }))).toBe(
      '— 1\u00a0500\u00a0₽',
    );
    expect(priceAt(screen.getByRole('checkbox', { name: 'Снятие дверей' }))).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Сборка' }).closest('div')?.textContent).toBe(
      'Сборка— 2\u00a0000\u00a0₽',
    );
    const button = screen.getByRole('button', { name: 'Подтвердить заказ' });
    expect(sum.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
