import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnRequest } from '../../../src/application/ports/requests.port';
import { CLIENT_7, clientPorts, currentHref, renderClientRoute, startTestShop } from './client-test-support';

afterEach(cleanup);

const REQUEST: OwnRequest = {
  id: 31,
  kind: 'consultation',
  subject: 'Консультация по дивану',
  text: 'Подойдёт ли диван «Верона» в комнату 12 м²?',
  createdAt: '2026-11-20T10:00:00.000Z',
  hasAttachment: false,
  status: 'waiting_client',
  replies: [{ text: 'Да, подойдёт.', at: '2026-11-20T12:00:00.000Z' }],
  messages: [{ author: 'admin', text: 'Да, подойдёт.', at: '2026-11-20T12:00:00.000Z' }],
};

/** The account's «Заявки» tab lists the client's own requests (spec §2 /orders/{clientId}?tab=requests). */
describe('/orders/{clientId}: the «Заявки» tab', () => {
  it('lists the requests when the tab is opened from the orders tab, asking the server once', async () => {
    const listMine = vi.fn(async (_clientId: number) => [REQUEST]);
    const services = clientPorts(
      { answer: CLIENT_7 },
      { orders: { listByClient: async () => [] }, requests: { listMine } },
    );
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/orders/7', services, test.shop);
    const tabs = await screen.findByRole('navigation', { name: 'Разделы кабинета' });
    expect(listMine).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(tabs).getByRole('link', { name: 'Заявки' }));
    });
    const card = await screen.findByRole('listitem', { name: 'Заявка № 31' });
    expect(within(card).getByText('Консультация по дивану')).toBeTruthy();
    expect(within(card).getByText('Да, подойдёт.')).toBeTruthy();
    expect(currentHref(router)).toBe('/orders/7?tab=requests');
    expect(listMine).toHaveBeenCalledTimes(1);
    expect(listMine.mock.calls[0]?.[0]).toBe(7);
    test.actor.stop();
  });

  it('lists them when the account is opened at ?tab=requests', async () => {
    const services = clientPorts(
      { answer: CLIENT_7 },
      { orders: { listByClient: async () => [] }, requests: { listMine: async () => [REQUEST] } },
    );
    const test = startTestShop(services);
    await renderClientRoute('/orders/7?tab=requests', services, test.shop);
    expect(await screen.findByRole('listitem', { name: 'Заявка № 31' })).toBeTruthy();
    test.actor.stop();
  });

  it('shows a composed request as the fields the client filled in, not as «Источник: … Клиент: № 7» (issue 25 item 11)', async () => {
    const composed: OwnRequest = {
      ...REQUEST,
      text: 'Источник: Консультация\nТелефон: +7 921 555-10-20\nEmail: —\nКлиент: № 7\nВложение: да\nКомментарий: Нужен диван',
      fields: {
        source: 'consultation',
        phone: '+7 921 555-10-20',
        email: null,
        attachment: true,
        comment: 'Нужен диван',
      },
    };
    const services = clientPorts(
      { answer: CLIENT_7 },
      { orders: { listByClient: async () => [] }, requests: { listMine: async () => [composed] } },
    );
    const test = startTestShop(services);
    await renderClientRoute('/orders/7?tab=requests', services, test.shop);
    const card = await screen.findByRole('listitem', { name: 'Заявка № 31' });
    expect(card.textContent).not.toMatch(/Источник:|Клиент: №|Вложение:/);
    expect(within(card).getByText('Комментарий').nextElementSibling?.textContent).toBe('Нужен диван');
    expect(within(card).getByText('Телефон').nextElementSibling?.textContent).toBe('+7 921 555-10-20');
    test.actor.stop();
  });
});
