import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_CLIENTS_PORT,
  type AdminClientDetail,
  type AdminClientsPort,
} from '../../../src/application/ports/admin-clients.port';
import {
  ADMIN_REQUESTS_PORT,
  type AdminRequestsPort,
  type AdminRequestThread,
} from '../../../src/application/ports/admin-requests.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import { ClientCardView } from '../../../src/ui/admin/clients/client-card-view';
import { RequestDetailView } from '../../../src/ui/admin/requests/request-detail-view';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { type PortProvision, provide, testUseCases } from '../../support/test-ports';
import { renderWithRouter } from '../render-with-router';
import { strictFake } from '../routes/route-test-support';

/**
 * The back office's request and client cards (issue 25): each view renders its card machine's state
 * (src/application/admin/{requests,clients}/*.machine.ts) built through the one door from the test's
 * ports, and a save's answer is what the screen shows next.
 */
afterEach(cleanup);

function renderCard(ui: ReactElement, provisions: readonly PortProvision[], path: string) {
  const shop = strictFake<ShopRuntime>('ShopRuntime', { resolve: testUseCases(provisions) });
  return renderWithRouter(<ShopRuntimeProvider shop={shop}>{ui}</ShopRuntimeProvider>, path);
}

/** An admin card (a <section> under its <h2>). */
function cardTitled(title: string): HTMLElement {
  const card = screen.getByRole('heading', { name: title }).closest('section');
  if (card === null) throw new Error(`no card «${title}»`);
  return card;
}

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
  text: 'Источник: Консультация\nТелефон: +7 921 555-10-20\nEmail: anna@example.ru\nКлиент: № 9\nВложение: да\nКомментарий: Нужен диван в гостиную',
  fields: {
    source: 'consultation',
    phone: '+7 921 555-10-20',
    email: 'anna@example.ru',
    attachment: true,
    comment: 'Нужен диван в гостиную',
  },
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
  ordersCount: 2,
  requestsCount: 0,
  mustChangePassword: false,
  sessionsCount: 2,
  subscription: null,
  orders: [
    {
      id: 31,
      status: 'delivered',
      statusLabel: 'Доставлен',
      total: 1_799_000,
      createdAt: '2026-11-20T09:00:00.000Z',
    },
    { id: 32, status: 'new', statusLabel: 'Новый', total: 500_000, createdAt: '2026-11-21T09:00:00.000Z' },
  ],
  requests: [],
  favourites: [
    { productId: 5, name: 'Кресло «Нора»', slug: 'kreslo-nora', addedAt: '2026-11-02T09:00:00.000Z' },
  ],
  cart: [
    {
      productId: 7,
      name: 'Стол «Лофт»',
      slug: 'stol-loft',
      quantity: 2,
      price: 1_250_000,
      lineTotal: 2_500_000,
    },
  ],
  totals: { orders: 1, spent: 1_799_000, averageCheque: 1_799_000 },
  notes: '',
  tags: [],
};

const requests = (given: Partial<AdminRequestsPort>) =>
  [provide(ADMIN_REQUESTS_PORT, strictFake<AdminRequestsPort>('AdminRequestsPort', given))] as const;
const clients = (given: Partial<AdminClientsPort>) =>
  [provide(ADMIN_CLIENTS_PORT, strictFake<AdminClientsPort>('AdminClientsPort', given))] as const;

describe('request card', () => {
  it('shows what the sender filled in as fields, never the composed lines, and links the attachment', async () => {
    await renderCard(
      <RequestDetailView thread={THREAD} admins={[]} />,
      requests({}),
      '/admin/client-requests/4',
    );
    const thread = cardTitled('Переписка');
    expect(thread.textContent).not.toMatch(/Источник:|Клиент: №|Вложение: да/);
    expect(within(thread).getByText('Нужен диван в гостиную')).toBeTruthy();
    expect(within(thread).getByText('Комментарий')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Скачать вложение/ }).getAttribute('href')).toBe(
      THREAD.attachment?.url,
    );
  });

  it('sends a reply: the answered thread shows the reply and the box empties', async () => {
    const reply = vi.fn(async (_id: number, text: string) => ({
      ...THREAD,
      status: 'in_work' as const,
      messages: [
        { id: 1, author: 'admin' as const, authorName: 'Мария', text, createdAt: '2026-11-23T10:00:00.000Z' },
      ],
    }));
    await renderCard(
      <RequestDetailView thread={THREAD} admins={[]} />,
      requests({ reply }),
      '/admin/client-requests/4',
    );
    const form = screen.getByRole('form', { name: 'Ответ клиенту' });
    const box = within(form).getByLabelText('Текст ответа') as HTMLTextAreaElement;
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getByText('Напишите ответ')).toBeTruthy();
    expect(reply).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'Пришлём подборку завтра' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(reply).toHaveBeenCalledWith(4, 'Пришлём подборку завтра', expect.anything());
    expect(await screen.findByText('Мария')).toBeTruthy();
    expect(screen.getByText('Пришлём подборку завтра')).toBeTruthy();
    expect(box.value).toBe('');
    // The triage card follows the answered thread (the reply moved the request «В работе»).
    expect((screen.getByLabelText('Статус') as HTMLSelectElement).value).toBe('in_work');
  });

  it('keeps the typed reply when sending fails', async () => {
    const reply = async () => {
      throw new PortFailure({ kind: 'network', message: 'offline' });
    };
    await renderCard(
      <RequestDetailView thread={THREAD} admins={[]} />,
      requests({ reply }),
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

  it('saves the status and the assignee; the header shows the saved status', async () => {
    const update = vi.fn(async (_id: number, change: { status?: string; assigneeId?: number | null }) => ({
      ...THREAD,
      status: 'closed' as const,
      assignee: change.assigneeId === 3 ? { id: 3, email: 'maria@shop.ru', name: 'Мария' } : null,
    }));
    const admins = [{ id: 3, email: 'maria@shop.ru', name: 'Мария' }];
    await renderCard(
      <RequestDetailView thread={THREAD} admins={admins} />,
      requests({ update }),
      '/admin/client-requests/4',
    );
    const form = screen.getByRole('form', { name: 'Статус и ответственный' });
    fireEvent.change(within(form).getByLabelText('Статус'), { target: { value: 'closed' } });
    fireEvent.change(within(form).getByLabelText('Ответственный'), { target: { value: '3' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(update).toHaveBeenCalledWith(4, { status: 'closed', assigneeId: 3 }, expect.anything());
    expect(await within(form).findByRole('status')).toBeTruthy();
    expect(screen.getAllByText('Закрыта').length).toBeGreaterThan(0);
  });
});

describe('client card', () => {
  it('shows the totals, the cart and favourites, and offers a new order for this client', async () => {
    await renderCard(<ClientCardView client={CLIENT} />, clients({}), '/admin/clients/9');
    const totals = cardTitled('Итоги');
    expect(totals.textContent).toMatch(/17\s990/);
    expect(within(totals).getByText('Оплачено или доставлено').nextSibling?.textContent).toBe('1');
    const cart = cardTitled('Корзина (1)');
    expect(cart.textContent).toContain('Стол «Лофт»');
    expect(cart.textContent).toMatch(/25\s000/);
    expect(cardTitled('Избранное (1)').textContent).toContain('Кресло «Нора»');
    const order = screen.getByRole('link', { name: /Создать заказ/ });
    expect(order.getAttribute('href')).toBe('/admin/orders/new?client=9');
  });

  it('checks contacts before sending, then shows the saved card', async () => {
    const changeContacts = vi.fn(
      async (_id: number, change: { name: string | null; phone: string | null; email: string }) => ({
        ...CLIENT,
        name: change.name,
        phone: '+79215556677',
        email: change.email,
      }),
    );
    await renderCard(<ClientCardView client={CLIENT} />, clients({ changeContacts }), '/admin/clients/9');
    const form = screen.getByRole('form', { name: 'Контакты клиента' });
    fireEvent.change(within(form).getByLabelText('Телефон'), { target: { value: '12345' } });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'не почта' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getByText('Неверный формат телефона')).toBeTruthy();
    expect(within(form).getByText('Неверный формат email')).toBeTruthy();
    expect(changeContacts).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText('Имя'), { target: { value: ' Анна Петрова ' } });
    fireEvent.change(within(form).getByLabelText('Телефон'), { target: { value: '8 921 555-66-77' } });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'anna.p@example.ru' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(changeContacts).toHaveBeenCalledWith(
      9,
      { name: 'Анна Петрова', phone: '8 921 555-66-77', email: 'anna.p@example.ru' },
      expect.anything(),
    );
    expect(await screen.findByRole('heading', { name: 'Анна Петрова' })).toBeTruthy();
    expect((within(form).getByLabelText('Телефон') as HTMLInputElement).value).toBe('+79215556677');
  });

  it('puts «e-mail taken» at the e-mail field and keeps what was typed', async () => {
    const changeContacts = async () => {
      throw new PortFailure({
        kind: 'bad-request',
        status: 409,
        code: 'email_taken',
        message: 'HTTP 409',
        serverMessage: 'Этот e-mail уже у другого аккаунта.',
      });
    };
    await renderCard(<ClientCardView client={CLIENT} />, clients({ changeContacts }), '/admin/clients/9');
    const form = screen.getByRole('form', { name: 'Контакты клиента' });
    const email = within(form).getByLabelText('E-mail') as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'boris@example.ru' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(await within(form).findByText('Этот e-mail уже у другого аккаунта.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.value).toBe('boris@example.ru');
  });

  it('saves the note and tags and shows the tags the server kept', async () => {
    const changeNotes = vi.fn(async (_id: number, change: { notes: string; tags: readonly string[] }) => ({
      ...CLIENT,
      notes: change.notes,
      tags: ['дизайнер', 'опт'],
    }));
    await renderCard(<ClientCardView client={CLIENT} />, clients({ changeNotes }), '/admin/clients/9');
    const form = screen.getByRole('form', { name: 'Заметки и теги' });
    fireEvent.change(within(form).getByLabelText('Заметка'), { target: { value: 'Берёт на объекты' } });
    fireEvent.change(within(form).getByLabelText('Теги'), { target: { value: 'дизайнер, опт, ' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(changeNotes).toHaveBeenCalledWith(
      9,
      { notes: 'Берёт на объекты', tags: ['дизайнер', 'опт'] },
      expect.anything(),
    );
    expect(await within(form).findByRole('status')).toBeTruthy();
    expect((within(form).getByLabelText('Теги') as HTMLInputElement).value).toBe('дизайнер, опт');
  });

  it('asks before ending the sessions, then says how many ended', async () => {
    const endSessions = vi.fn(async () => 2);
    await renderCard(<ClientCardView client={CLIENT} />, clients({ endSessions }), '/admin/clients/9');
    fireEvent.click(screen.getByRole('button', { name: /Завершить сеансы/ }));
    const dialog = screen.getByRole('dialog', { name: 'Завершить все сеансы?' });
    expect(endSessions).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Завершить сеансы' }));
    });
    expect(endSessions).toHaveBeenCalledWith(9, expect.anything());
    expect((await screen.findByText(/Сеансы завершены: 2/)).textContent).toContain('Сеансы завершены: 2');
  });
});
