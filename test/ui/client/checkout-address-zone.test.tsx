import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressSuggestion } from '../../../src/application/ports/delivery.port';
import { clientPorts, GUEST, renderClientRoute, SOFA, startTestShop } from './client-test-support';

/**
 * Issue 23, item 4 on the real /checkout route: with the suggestions service the address field is a
 * combobox whose options tell the delivery zone; without it the shopper picks the zone by hand.
 */
afterEach(cleanup);

const SUGGESTIONS: readonly AddressSuggestion[] = [
  {
    value: 'г Санкт-Петербург, Невский пр-кт, д 28',
    zone: { kind: 'inside_kad' },
    zoneText: 'В пределах КАД',
  },
  {
    value: 'г Санкт-Петербург, г Пушкин, Октябрьский б-р, д 24',
    zone: { kind: 'outside_kad', kmBeyond: 9 },
    zoneText: 'За КАД, 9 км',
  },
];

describe('the checkout’s address and zone', () => {
  it('suggests addresses as a combobox and takes one with the keyboard, showing its zone', async () => {
    const asked: string[] = [];
    const services = clientPorts(
      { answer: GUEST },
      {
        orders: {},
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
  });

  it('without the service offers the zone by hand, with the distance band beyond КАД', async () => {
    const services = clientPorts(
      { answer: GUEST },
      { orders: {}, delivery: { suggest: async () => ({ enabled: false, suggestions: [] }) } },
    );
    const test = startTestShop(services, { localCart: [{ ...SOFA, quantity: 1 }] });
    await renderClientRoute('/checkout', services, test.shop);
    expect(await screen.findByRole('textbox', { name: /^Адрес доставки/ })).toBeTruthy();
    const zones = screen.getByRole('radiogroup', { name: 'Зона доставки' });
    act(() => fireEvent.click(within(zones).getByRole('radio', { name: 'За КАД' })));
    const band = within(zones).getByRole('combobox', { name: /^Расстояние от КАД/ }) as HTMLSelectElement;
    act(() => fireEvent.change(band, { target: { value: '30' } }));
    expect(band.value).toBe('30');
    expect([...band.options].map((option) => option.textContent)).toEqual([
      'до 10 км',
      '10–20 км',
      '20–30 км',
      '30–50 км',
      '50–100 км',
    ]);
  });
});
