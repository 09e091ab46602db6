import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENTS_PORT,
  type ConsentsPort,
  type OwnConsents,
} from '../../../src/application/ports/consents.port';
import { provide } from '../../support/test-ports';
import { CLIENT_7, clientPorts, renderClientRoute, startTestShop } from './client-test-support';

afterEach(cleanup);

const SUBSCRIBED: OwnConsents = {
  marketing: true,
  records: [
    {
      purpose: 'marketing',
      action: 'given',
      document: 'marketing-consent',
      documentVersion: 2,
      source: 'subscribe',
      at: '2026-11-20T10:00:00.000Z',
    },
    {
      purpose: 'personal_data',
      action: 'given',
      document: 'consent',
      documentVersion: 3,
      source: 'register',
      at: '2026-11-19T10:00:00.000Z',
    },
  ],
};

/** Issue 26, item 3 (docs/privacy.md): the client sees their consents and withdraws the marketing one. */
describe('/orders/{clientId}?tab=consents', () => {
  it('shows the records and withdraws the marketing consent with the server’s answer', async () => {
    const withdrawMarketing = vi.fn(
      async (): Promise<OwnConsents> => ({
        marketing: false,
        records: [
          {
            ...SUBSCRIBED.records[0],
            action: 'withdrawn',
            source: 'account',
            at: '2026-11-27T10:00:00.000Z',
          },
          ...SUBSCRIBED.records,
        ] as OwnConsents['records'],
      }),
    );
    const consents: ConsentsPort = { own: async () => SUBSCRIBED, withdrawMarketing };
    const services = [
      ...clientPorts({ answer: CLIENT_7 }, { orders: { listByClient: async () => [] } }),
      provide(CONSENTS_PORT, consents),
    ];
    const test = startTestShop(services);
    await renderClientRoute('/orders/7?tab=consents', services, test.shop);
    const section = await screen.findByRole('region', { name: 'Согласия' });
    const list = await within(section).findByRole('list', { name: 'Записи о согласиях' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(section.textContent).toContain('действует');
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Отозвать согласие на рассылки' }));
    });
    await within(section).findByText('не дано или отозвано');
    expect(withdrawMarketing).toHaveBeenCalledTimes(1);
    expect(within(section).queryByRole('button', { name: 'Отозвать согласие на рассылки' })).toBeNull();
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Отозвано');
    test.actor.stop();
  });
});
