import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_NOTE_LABEL } from '../../../src/ui/routes/-client/account-view';
import { CLIENT_7, clientPorts, order, renderClientRoute, startTestShop } from './client-test-support';

afterEach(cleanup);

/** The shop's notes to the client (manager notes marked visible) in the account's order cards. */
describe('/orders/{clientId}: messages from the shop', () => {
  it('shows each client-visible note with its label and date in its own order card only', async () => {
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        orders: {
          listByClient: async () => [
            order({
              id: 21,
              status: 'confirmed',
              notes: [
                { id: 1, text: 'Доставка перенесена на пятницу.', at: '2026-11-21T09:30:00.000Z' },
                {
                  id: 2,
                  text: 'Сборщик позвонит за час.\nВозьмите, пожалуйста, пропуск.',
                  at: '2026-11-22T12:00:00.000Z',
                },
              ],
            }),
            order({ id: 20, status: 'delivered', paid: true }),
            order({ id: 19, status: 'new', notes: [] }),
          ],
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute('/orders/7', services, test.shop);

    const card = await screen.findByRole('listitem', { name: 'Заказ № 21' });
    const messages = within(card).getByRole('list', { name: 'Сообщения магазина' });
    const items = within(messages).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain(SHOP_NOTE_LABEL);
    expect(items[0]?.textContent).toContain('21 ноября 2026');
    expect(items[0]?.textContent).toContain('Доставка перенесена на пятницу.');
    // The text keeps the manager's line break (shown with white-space: pre-line).
    const text = items[1]?.querySelector('p:last-child')?.textContent;
    expect(text).toBe('Сборщик позвонит за час.\nВозьмите, пожалуйста, пропуск.');

    for (const quiet of ['Заказ № 20', 'Заказ № 19']) {
      const other = screen.getByRole('listitem', { name: quiet });
      expect(within(other).queryByRole('list', { name: 'Сообщения магазина' })).toBeNull();
      expect(other.textContent).not.toContain(SHOP_NOTE_LABEL);
    }
  });
});
