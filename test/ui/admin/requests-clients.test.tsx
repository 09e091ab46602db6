import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminClientDetail } from '../../../src/application/ports/admin-clients.port';
import type { AdminRequestThread } from '../../../src/application/ports/admin-requests.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { ClientDetailView } from '../../../src/ui/admin/clients/clients-view';
import { RequestDetailView } from '../../../src/ui/admin/requests/request-detail-view';
import { renderWithRouter } from '../render-with-router';
import { adminServices } from './admin-fixtures';

afterEach(cleanup);

const THREAD: AdminRequestThread = {
  id: 4,
  kind: 'consultation',
  status: 'new',
  subject: 'Заявка на консультацию',
  excerpt: 'Нужен диван',
  email: 'anna@example.ru',
  phone: '+79215551020',
  clientId: 9,
  clientName: 'Анна',
  assignee: null,
  unread: false,
  hasAttachment: true,
  messagesCount: 0,
  createdAt: '2026-11-23T09:00:00.000Z',
  firstReplyAt: null,
  lastMessageAt: '2026-11-23T09:00:00.000Z',
  waitingSince: '2026-11-23T09:00:00.000Z',
  text: 'Нужен диван в гостиную',
  attachment: {
    mime: 'image/png',
    size: 2048,
    fileName: 'zayavka-4.png',
    url: 'http://shop.test/api/admin/client-requests/4/attachment',
  },
  messages: [],
};

const CLIENT: AdminClientDetail = {
  id: 9,
  email: 'anna@example.ru',
  name: 'Анна',
  phone: '+79215551020',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastSeenAt: null,
  ordersCount: 1,
  requestsCount: 0,
  mustChangePassword: false,
  sessionsCount: 2,
  subscription: null,
  orders: [
    { id: 31, status: 'new', statusLabel: 'Новый', total: 1_799_000, createdAt: '2026-11-20T09:00:00.000Z' },
  ],
  requests: [],
  favourites: [],
};

describe('request thread', () => {
  it('links the attachment for download and sends a reply, then clears the box', async () => {
    const reply = vi.fn(async (_id: number, text: string) => ({
      ...THREAD,
      messages: [
        { id: 1, author: 'admin' as const, authorName: 'Мария', text, createdAt: '2026-11-23T10:00:00.000Z' },
      ],
    }));
    const reload = vi.fn();
    await renderWithRouter(
      <RequestDetailView
        thread={THREAD}
        admins={[]}
        services={adminServices({ requests: { reply } })}
        reload={reload}
      />,
      '/admin/client-requests/4',
    );
    expect(screen.getByRole('link', { name: /Скачать вложение/ }).getAttribute('href')).toBe(
      THREAD.attachment?.url,
    );
    const form = screen.getByRole('form', { name: 'Ответ клиенту' });
    const box = within(form).getByLabelText('Текст ответа') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Пришлём подборку завтра' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(reply).toHaveBeenCalledWith(4, 'Пришлём подборку завтра', expect.anything());
    expect(reload).toHaveBeenCalled();
    expect(box.value).toBe('');
  });

  it('keeps the typed reply when sending fails', async () => {
    const reply = async () => {
      throw new PortFailure({ kind: 'network', message: 'offline' });
    };
    await renderWithRouter(
      <RequestDetailView
        thread={THREAD}
        admins={[]}
        services={adminServices({ requests: { reply } })}
        reload={() => undefined}
      />,
      '/admin/client-requests/4',
    );
    const form = screen.getByRole('form', { name: 'Ответ клиенту' });
    const box = within(form).getByLabelText('Текст ответа') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Ответ, который нельзя потерять' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect((await within(form).findByRole('alert')).textContent).toContain('Нет связи с сервером');
    expect(box.value).toBe('Ответ, который нельзя потерять');
  });
});

describe('client card', () => {
  it('asks before ending the sessions, then says how many ended', async () => {
    const endSessions = vi.fn(async () => 2);
    await renderWithRouter(
      <ClientDetailView
        client={CLIENT}
        services={adminServices({ clients: { endSessions } })}
        reload={() => undefined}
      />,
      '/admin/clients/9',
    );
    expect(screen.getByText('17 990 ₽', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Завершить сеансы/ }));
    const dialog = screen.getByRole('dialog', { name: 'Завершить все сеансы?' });
    expect(endSessions).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Завершить сеансы' }));
    });
    expect(endSessions).toHaveBeenCalledWith(9, expect.anything());
    expect((await screen.findByRole('status')).textContent).toContain('Сеансы завершены: 2');
  });
});
