import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_PROBLEM_MESSAGES } from '../../../shared-rules/password-rule';
import type {
  AuthAnswer,
  Credentials,
  PasswordChange,
  Registration,
} from '../../../src/application/ports/auth.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import type { OwnRequest } from '../../../src/application/ports/requests.port';
import { safeRedirectPath } from '../../../src/ui/routes/-client/auth-guards';
import {
  ADMIN,
  CLIENT_7,
  cartOf,
  clientPorts,
  currentHref,
  type FakeSession,
  GUEST,
  LAMP,
  order,
  renderClientRoute,
  SOFA,
  startTestShop,
} from './client-test-support';

afterEach(cleanup);

function type(label: RegExp, value: string) {
  act(() => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('guards (spec §6)', () => {
  it('sends a guest from /orders/{id} to /login, remembering the origin', async () => {
    const services = clientPorts({ answer: GUEST });
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/orders/7?tab=orders', services, test.shop);
    await waitFor(() =>
      expect(currentHref(router)).toBe(`/login?redirect=${encodeURIComponent('/orders/7?tab=orders')}`),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Вход в личный кабинет' })).toBeTruthy();
  });

  it('sends an administrator from the client route to /', async () => {
    const services = clientPorts({ answer: ADMIN });
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/orders/7', services, test.shop);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a client from /admin to /, a guest to /admin/login, and welcomes an administrator', async () => {
    const asClient = clientPorts({ answer: CLIENT_7 });
    const client = await renderClientRoute('/admin', asClient, startTestShop(asClient).shop);
    await waitFor(() => expect(client.router.state.location.pathname).toBe('/'));
    cleanup();

    const asGuest = clientPorts({ answer: GUEST });
    const guest = await renderClientRoute('/admin', asGuest, startTestShop(asGuest).shop);
    await waitFor(() => expect(guest.router.state.location.pathname).toBe('/admin/login'));
    cleanup();

    const asAdmin = clientPorts({ answer: ADMIN });
    await renderClientRoute('/admin', asAdmin, startTestShop(asAdmin).shop);
    // The back office's own layout: its sections instead of the shop's header.
    expect(await screen.findByRole('heading', { level: 1, name: 'Главная' })).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Разделы' }).length).toBeGreaterThan(0);
  });

  it('waits for a slow auth check instead of deciding while it is in flight', async () => {
    let answer: (value: AuthAnswer) => void = () => undefined;
    const services = clientPorts(
      { answer: GUEST },
      {
        auth: { checkAuth: () => new Promise<AuthAnswer>((resolve) => (answer = resolve)) },
        orders: { listByClient: async () => [] },
      },
    );
    const test = startTestShop(services);
    const rendering = renderClientRoute('/orders/7', services, test.shop);
    await act(async () => answer(CLIENT_7));
    const { router } = await rendering;
    expect(await screen.findByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orders/7');
  });

  it('keeps only same-site paths as the remembered origin', () => {
    expect(safeRedirectPath('/orders/7?tab=promo')).toBe('/orders/7?tab=promo');
    for (const hostile of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login?redirect=/x',
      `/${'a'.repeat(2001)}`,
      '/ok\u0000',
      42,
      null,
    ]) {
      expect(safeRedirectPath(hostile)).toBeNull();
    }
  });
});

describe('/orders/{clientId}', () => {
  it('lists the orders with statuses and totals, and a pay link only for payable ones', async () => {
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        orders: {
          listByClient: async () => [
            order({ id: 11, status: 'awaiting_payment', paymentAllowed: true }),
            // Issue 22's example in kopecks: 15 % of 163 370 ₽ is 24 506 ₽, total 138 864 ₽.
            order({
              id: 10,
              status: 'delivered',
              paid: true,
              items: [
                {
                  productId: 2,
                  name: 'Шкаф «Берген»',
                  quantity: 1,
                  unitPrice: 16_337_000,
                  lineTotal: 16_337_000,
                  discount: 2_450_600,
                  netTotal: 13_886_400,
                },
              ],
              subtotal: 16_337_000,
              discount: 2_450_600,
              promoCode: 'LETO15',
              total: 13_886_400,
            }),
          ],
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute('/orders/7', services, test.shop);
    const payable = await screen.findByRole('listitem', { name: 'Заказ № 11' });
    expect(payable.textContent).toContain('Ожидает оплаты');
    expect(payable.textContent?.replace(/\s/g, ' ')).toContain('180 000 ₽');
    expect(screen.getByRole('link', { name: 'Оплатить' }).getAttribute('href')).toBe('/pay/11');
    const delivered = screen.getByRole('listitem', { name: 'Заказ № 10' });
    expect(delivered.textContent).toContain('Доставлен');
    expect(delivered.textContent?.replace(/\s/g, ' ')).toContain('163 370 ₽');
    expect(delivered.textContent?.replace(/\s/g, ' ')).toContain('−24 506 ₽');
    expect(delivered.textContent?.replace(/\s/g, ' ')).toMatch(/Итого\s*138 864 ₽/u);
    expect(screen.getAllByRole('link', { name: 'Оплатить' })).toHaveLength(1);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex,nofollow',
    );
  });

  it('resets the matching client counter when a tab is opened', async () => {
    const services = clientPorts(
      { answer: CLIENT_7 },
      { orders: { listByClient: async () => [] }, requests: { listMine: async () => [] } },
    );
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/orders/7?tab=requests', services, test.shop);
    expect(await screen.findByRole('heading', { name: 'Заявок пока нет' })).toBeTruthy();
    await waitFor(() => expect(test.counterResets).toEqual(['requests']));

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Акции и промокоды' }));
    });
    await waitFor(() => expect(currentHref(router)).toBe('/orders/7?tab=promo'));
    await waitFor(() => expect(test.counterResets).toEqual(['requests', 'promos']));
  });

  it('lists the client’s requests with their status and the shop’s replies on the «Заявки» tab', async () => {
    const asked: number[] = [];
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        orders: { listByClient: async () => [] },
        requests: {
          listMine: async (clientId) => {
            asked.push(clientId);
            return [
              {
                id: 31,
                kind: 'consultation',
                subject: 'Подбор дивана',
                text: 'Источник: главная\nКомментарий: нужен угловой диван',
                createdAt: '2026-11-20T10:00:00.000Z',
                hasAttachment: true,
                status: 'waiting_client',
                replies: [{ text: 'Подберём, позвоним завтра.', at: '2026-11-20T12:00:00.000Z' }],
                messages: [
                  { author: 'admin', text: 'Подберём, позвоним завтра.', at: '2026-11-20T12:00:00.000Z' },
                ],
              },
              {
                id: 30,
                kind: 'feedback',
                subject: 'Вопрос о доставке',
                text: 'Сообщение: когда привезут?',
                createdAt: '2026-11-19T10:00:00.000Z',
                hasAttachment: false,
                status: 'new',
                replies: [],
                messages: [],
              },
            ];
          },
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute('/orders/7?tab=requests', services, test.shop);
    const answered = await screen.findByRole('listitem', { name: 'Заявка № 31' });
    expect(answered.textContent).toContain('Подбор дивана');
    expect(answered.textContent).toContain('Ответ получен');
    expect(answered.textContent).toContain('с вложением');
    expect(answered.textContent).toContain('Подберём, позвоним завтра.');
    const waiting = screen.getByRole('listitem', { name: 'Заявка № 30' });
    expect(waiting.textContent).toContain('Получена');
    expect(waiting.textContent).toContain('Менеджер ответит');
    expect(asked).toEqual([7]);
  });

  it('sends a follow-up on a request and shows it in the conversation; a failure keeps what was typed', async () => {
    const request: OwnRequest = {
      id: 31,
      kind: 'consultation',
      subject: 'Подбор дивана',
      text: 'Комментарий: угловой',
      createdAt: '2026-11-20T10:00:00.000Z',
      hasAttachment: false,
      status: 'waiting_client',
      replies: [{ text: 'Какой размер?', at: '2026-11-20T12:00:00.000Z' }],
      messages: [{ author: 'admin', text: 'Какой размер?', at: '2026-11-20T12:00:00.000Z' }],
    };
    const sent: [number, number, string][] = [];
    let failNext = true;
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        orders: { listByClient: async () => [] },
        requests: {
          listMine: async () => [request],
          followUp: async (clientId, requestId, text) => {
            sent.push([clientId, requestId, text]);
            if (failNext) {
              failNext = false;
              throw new PortFailure({ kind: 'network', message: 'offline' });
            }
            return {
              ...request,
              status: 'in_work',
              messages: [...request.messages, { author: 'client', text, at: '2026-11-20T13:00:00.000Z' }],
            };
          },
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute('/orders/7?tab=requests', services, test.shop);
    const card = await screen.findByRole('listitem', { name: 'Заявка № 31' });
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Отправить' }));
    });
    expect(within(card).getByRole('alert').textContent).toBe('Напишите сообщение');
    expect(sent).toEqual([]);
    act(() =>
      fireEvent.change(within(card).getByLabelText(/Написать ещё/), { target: { value: ' 2 на 3 метра ' } }),
    );
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Отправить' }));
    });
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe(
        'Не удалось отправить сообщение. Попробуйте ещё раз.',
      ),
    );
    expect((within(card).getByLabelText(/Написать ещё/) as HTMLTextAreaElement).value).toBe(' 2 на 3 метра ');
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Отправить' }));
    });
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Сообщение отправлено'));
    expect(sent).toEqual([
      [7, 31, '2 на 3 метра'],
      [7, 31, '2 на 3 метра'],
    ]);
    expect(within(card).getByRole('list', { name: 'Переписка' }).textContent).toContain('Вы, ');
    expect(card.textContent).toContain('2 на 3 метра');
    expect(card.textContent).toContain('В работе');
    expect((within(card).getByLabelText(/Написать ещё/) as HTMLTextAreaElement).value).toBe('');
  });

  it('reads the requests only when their tab is open, and says so when they cannot be loaded', async () => {
    let calls = 0;
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        orders: { listByClient: async () => [] },
        requests: {
          listMine: async () => {
            calls += 1;
            throw new Error('offline');
          },
        },
      },
    );
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/orders/7', services, test.shop);
    expect(await screen.findByRole('heading', { name: 'Заказов пока нет' })).toBeTruthy();
    expect(calls).toBe(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Заявки' }));
    });
    await waitFor(() => expect(currentHref(router)).toBe('/orders/7?tab=requests'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Не удалось загрузить заявки. Обновите страницу.',
    );
    expect(calls).toBe(1);
  });

  it("leads a client who opens another client's id to their own account", async () => {
    const services = clientPorts({ answer: CLIENT_7 }, { orders: { listByClient: async () => [] } });
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/orders/8', services, test.shop);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'));
    expect(await screen.findByRole('heading', { name: 'Заказов пока нет' })).toBeTruthy();
  });
});

describe('/login', () => {
  it('signs in with one request, returns to the remembered origin and merges the guest cart', async () => {
    const session: FakeSession = { answer: GUEST };
    const login = vi.fn(async (_credentials: Credentials) => {
      session.answer = CLIENT_7;
      return CLIENT_7;
    });
    const checkAuth = vi.fn(async () => session.answer);
    const services = clientPorts(session, {
      auth: { login, checkAuth },
      cart: {
        load: async () => [
          { ...SOFA, quantity: 3 },
          { ...LAMP, quantity: 1 },
        ],
      },
      orders: { listByClient: async () => [] },
    });
    const test = startTestShop(services, { localCart: [{ ...SOFA, quantity: 1 }] });
    const { router } = await renderClientRoute(
      `/login?redirect=${encodeURIComponent('/orders/7?tab=orders')}`,
      services,
      test.shop,
    );
    await screen.findByRole('heading', { level: 1, name: 'Вход в личный кабинет' });
    await click('Войти');
    expect(screen.getByText('Укажите email')).toBeTruthy();
    expect(screen.getByText('Введите пароль')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();

    type(/^Email/, ' anna@example.ru ');
    type(/^Пароль/, 'secret-password');
    await click('Войти');
    await waitFor(() => expect(currentHref(router)).toBe('/orders/7?tab=orders'));
    expect(login).toHaveBeenCalledWith(
      { email: 'anna@example.ru', password: 'secret-password' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    // The login answer said who the visitor is: only the start-up check asked check-auth.
    expect(checkAuth).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(cartOf(test).map((line) => [line.id, line.quantity])).toEqual([
        [1, 3],
        [2, 1],
      ]),
    );
  });

  it('shows the message from subscribe with the e-mail filled in, and the server refusal in Russian', async () => {
    const services = clientPorts(
      { answer: GUEST },
      {
        auth: {
          login: async () => {
            throw new PortFailure({ kind: 'bad-request', status: 401, message: 'bad credentials' });
          },
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute('/login?email=anna%40example.ru&showMsg=1', services, test.shop);
    expect(
      await screen.findByText('Этот email уже зарегистрирован. Войдите, чтобы продолжить.'),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('anna@example.ru');
    type(/^Пароль/, 'wrong-password');
    await click('Войти');
    expect(await screen.findByText('Неверный email или пароль')).toBeTruthy();
  });

  it('goes to the permanent-password step after a temporary password and never to a foreign site', async () => {
    const session: FakeSession = { answer: GUEST };
    const changePassword = vi.fn(async (_change: PasswordChange) => {
      session.answer = CLIENT_7;
      return CLIENT_7;
    });
    const services = clientPorts(session, {
      auth: {
        login: async () => {
          session.answer = { ...CLIENT_7, tempPasswordActive: true };
          return session.answer;
        },
        changePassword,
      },
      orders: { listByClient: async () => [] },
    });
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/login?redirect=%2F%2Fevil.example', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Вход в личный кабинет' });
    type(/^Email/, 'anna@example.ru');
    type(/^Пароль/, 'Temp-1234');
    await click('Войти');
    await waitFor(() => expect(router.state.location.pathname).toBe('/set-password'));
    expect(router.state.location.search).toEqual({});
    await screen.findByRole('heading', { level: 1, name: 'Задайте постоянный пароль' });

    type(/^Временный пароль/, 'Temp-1234');
    type(/^Новый пароль/, 'short');
    await click('Сохранить пароль');
    expect(screen.getByText(PASSWORD_PROBLEM_MESSAGES.too_short)).toBeTruthy();
    type(/^Новый пароль/, 'my-own-password');
    type(/^Повторите новый пароль/, 'my-own-password');
    await click('Сохранить пароль');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'));
    expect(changePassword).toHaveBeenCalledWith(
      { currentPassword: 'Temp-1234', newPassword: 'my-own-password' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });
});

describe('/register, /forgot-password, /admin/login', () => {
  it('registers with trimmed fields and opens the new account', async () => {
    const session: FakeSession = { answer: GUEST };
    const register = vi.fn(async (_registration: Registration) => {
      session.answer = CLIENT_7;
      return CLIENT_7;
    });
    const services = clientPorts(session, {
      auth: { register },
      orders: { listByClient: async () => [] },
    });
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/register', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Регистрация' });
    type(/^Email/, 'new@example.ru');
    type(/^Телефон/, '123');
    type(/^Пароль/, 'long-enough');
    type(/^Повторите пароль/, 'different');
    await click('Зарегистрироваться');
    expect(screen.getByText('Неверный формат телефона')).toBeTruthy();
    expect(screen.getByText('Пароли не совпадают')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();

    type(/^Имя/, '  Анна ');
    type(/^Телефон/, '');
    type(/^Повторите пароль/, 'long-enough');
    await click('Зарегистрироваться');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'));
    expect(register).toHaveBeenCalledWith(
      { email: 'new@example.ru', password: 'long-enough', name: 'Анна' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it("shows the server's answer to a forgotten password", async () => {
    const forgotPassword = vi.fn(
      async () => 'Если такой email зарегистрирован, мы отправили на него временный пароль.',
    );
    const services = clientPorts({ answer: GUEST }, { auth: { forgotPassword } });
    const test = startTestShop(services);
    await renderClientRoute('/forgot-password', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Восстановление пароля' });
    type(/^Email/, 'nope');
    await click('Прислать временный пароль');
    expect(screen.getByText('Неверный формат email')).toBeTruthy();
    type(/^Email/, 'anna@example.ru');
    await click('Прислать временный пароль');
    expect(
      await screen.findByText('Если такой email зарегистрирован, мы отправили на него временный пароль.'),
    ).toBeTruthy();
    expect(forgotPassword).toHaveBeenCalledWith(
      'anna@example.ru',
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('signs an administrator in and opens /admin', async () => {
    const session: FakeSession = { answer: GUEST };
    const services = clientPorts(session, {
      auth: {
        adminLogin: async () => {
          session.answer = ADMIN;
          return ADMIN;
        },
      },
    });
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/admin/login', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Вход для администратора' });
    type(/^Email/, 'admin@example.ru');
    type(/^Пароль/, 'admin-password');
    await click('Войти');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Главная' })).toBeTruthy();
    // The sidebar names who is signed in.
    expect(screen.getByTestId('admin-identity').textContent).toBe('admin@example.ru');
  });
});
