import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressSuggestion } from '../../../src/application/ports/delivery.port';
import type { OrderQuote, QuoteRequest } from '../../../src/application/ports/orders.port';
import { clientPorts, GUEST, renderClientRoute, SOFA, startTestShop } from './client-test-support';

/**
 * Issue 23, item 4 on the real /checkout route: with the suggestions service the address field is a
 * combobox whose options tell the delivery zone, and a taken one fills the one priced zone picker
 * (zone and km; the shopper may still correct it); without it the shopper picks the zone by hand.
 */
afterEach(cleanup);

const SUGGESTIONS: readonly AddressSuggestion[] = [
  {
    value: 'г Санкт-Петербург, Невский пр-кт, д 28',
    zone: 'inside_kad',
    kmBeyondKad: 0,
    zoneText: 'Санкт-Петербург в пределах КАД',
  },
  {
    value: 'г Санкт-Петербург, г Пушкин, Октябрьский б-р, д 24',
    zone: 'outside_kad',
    kmBeyondKad: 9,
    zoneText: 'За КАД, 9 км',
  },
];

const EMPTY_QUOTE: OrderQuote = {
  items: [],
  subtotal: 0,
  discount: 0,
  services: [],
  delivery: null,
  deliveryNote: 'Стоимость доставки сообщит менеджер',
  total: 0,
  promo: { status: 'none' },
};

describe('the checkout’s address and zone', () => {
  it('suggests addresses as a combobox; a taken one fills the priced zone and km, which the quote is asked for', async () => {
    const asked: string[] = [];
    const quoted: QuoteRequest[] = [];
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: {
          quote: async (request) => {
            quoted.push(request);
            return EMPTY_QUOTE;
          },
        },
        delivery: {
          suggest: async (query) => {
            asked.push(query);
            return { enabled: true, suggestions: query.length >= 3 ? SUGGESTIONS : [] };
          },
        },
      },
    );
    const test = startTestShop(services, { localCart: [{ ...SOFA, quantity: 1 }] });
    await renderClientRoute('/checkout', services, test.shop);
    const field = (await screen.findByRole('combobox', { name: /^Адрес доставки/ })) as HTMLInputElement;
    act(() => fireEvent.change(field, { target: { value: 'Пушкин' } }));
    await waitFor(() => expect(asked).toContain('Пушкин'));
    act(() => fireEvent.keyDown(field, { key: 'ArrowDown' }));
    const list = await screen.findByRole('listbox', { name: 'Подсказки адреса' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    act(() => fireEvent.keyDown(field, { key: 'ArrowDown' }));
    expect(field.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]?.id);
    act(() => fireEvent.keyDown(field, { key: 'Enter' }));
    expect(field.value).toBe('г Санкт-Петербург, г Пушкин, Октябрьский б-р, д 24');
    expect(screen.getByTestId('delivery-zone').textContent).toBe('Зона доставки: За КАД, 9 км');
    expect(screen.queryByRole('listbox')).toBeNull();
    // One picker: the suggestion chose its radio and typed its km.
    const zones = screen.getByRole('group', { name: 'Зона доставки' });
    expect((within(zones).getByRole('radio', { name: 'За КАД' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio', { name: 'За КАД' })).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: 'Километров за КАД' }) as HTMLInputElement).value).toBe('9');
    await waitFor(() =>
      expect(quoted.at(-1)?.delivery).toMatchObject({
        method: 'courier',
        zone: 'outside_kad',
        kmBeyondKad: 9,
      }),
    );
    // The shopper corrects it by hand: the told zone is no longer named, the correction is quoted.
    act(() => fireEvent.click(within(zones).getByRole('radio', { name: 'Санкт-Петербург в пределах КАД' })));
    expect(screen.queryByTestId('delivery-zone')).toBeNull();
    await waitFor(() => expect(quoted.at(-1)?.delivery).toMatchObject({ zone: 'inside_kad' }));
  });

  it('without the service offers the zone by hand, with the km beyond КАД', async () => {
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: { quote: async () => EMPTY_QUOTE },
        delivery: { suggest: async () => ({ enabled: false, suggestions: [] }) },
      },
    );
    const test = startTestShop(services, { localCart: [{ ...SOFA, quantity: 1 }] });
    await renderClientRoute('/checkout', services, test.shop);
    expect(await screen.findByRole('textbox', { name: /^Адрес доставки/ })).toBeTruthy();
    const zones = screen.getByRole('group', { name: 'Зона доставки' });
    expect(
      within(zones)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['inside_kad', 'outside_kad', 'region']);
    act(() => fireEvent.click(within(zones).getByRole('radio', { name: 'За КАД' })));
    const km = screen.getByRole('textbox', { name: 'Километров за КАД' }) as HTMLInputElement;
    act(() => fireEvent.change(km, { target: { value: '30' } }));
    expect(km.value).toBe('30');
    expect(screen.queryByTestId('delivery-zone')).toBeNull();
  });
});
