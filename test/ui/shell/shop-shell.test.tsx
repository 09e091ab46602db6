import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueCategory } from '../../../src/application/ports/catalogue.port';
import type { SpeechEvent } from '../../../src/application/ports/speech-recognition.port';
import type { CartItem } from '../../../src/domain/cart';
import { VOICE_UNSUPPORTED_MESSAGE } from '../../../src/ui/routes/-components/voice-search';
import { MinimalShell } from '../../../src/ui/shell/minimal-shell';
import { ShopShell } from '../../../src/ui/shell/shop-shell';
import type { FakePorts } from '../routes/route-test-support';
import {
  createTestShop,
  heldTempPassword,
  renderWithShop,
  sessionChecks,
  type TestShopOptions,
} from './shop-test-support';

const CLIENT = { authenticated: true, role: 'user', clientId: 42, tempPasswordActive: false } as const;

const sofa: CartItem = {
  id: 7,
  quantity: 2,
  name: 'Диван «Осло» трёхместный, серый',
  price: 59_990,
  slug: 'divan-oslo',
};
const lamp: CartItem = { id: 9, quantity: 1, name: 'Лампа настольная', price: 4_990, slug: 'lampa' };

function category(id: number, slug: string, name: string, parent: number | null): CatalogueCategory {
  return {
    id,
    slug,
    name,
    active: true,
    parent_id: parent,
    refs: [],
    path: slug,
    level: parent === null ? 0 : 1,
    sort_order: id,
    image: null,
    description: '',
  };
}

const CATEGORIES: readonly CatalogueCategory[] = [
  category(1, 'mebel', 'Мебель', null),
  category(2, 'krovati', 'Кровати', 1),
  category(3, 'bytovaya-tehnika', 'Бытовая техника', null),
  category(4, 'posledniy-shans', 'Последний шанс', null),
];

let stops: (() => void)[] = [];

async function renderShell(
  options: TestShopOptions = {},
  categories: readonly CatalogueCategory[] = [],
  ports: FakePorts = {},
) {
  const test = createTestShop({ ...options, ports });
  stops.push(test.stop);
  const { router } = await renderWithShop(
    <ShopShell categories={categories}>
      <p>Содержимое страницы</p>
    </ShopShell>,
    test.shop,
    '/',
  );
  return { ...test, router };
}

/** The desktop header (the mobile one is the second `banner`). */
function desktopHeader(): HTMLElement {
  const header = screen.getAllByRole('banner')[0];
  if (!header) throw new Error('no header');
  return header;
}

beforeEach(() => {
  stops = [];
});
afterEach(() => {
  cleanup();
  for (const stop of stops) stop();
  vi.useRealTimers();
});

describe('the header against the running machines', () => {
  it('counts the cart, favourites and the client badge, and links the account of a signed-in client', async () => {
    await renderShell({
      auth: CLIENT,
      cart: [sofa, lamp],
      favourites: [{ id: 7, name: 'Диван' }],
      clientCounters: { orderStatusChanges: 2, requestReplies: 1, promoUpdates: 1 },
    });
    const header = within(desktopHeader());
    await waitFor(() =>
      expect(header.getByRole('link', { name: 'Личный кабинет, новых уведомлений: 4' })).toBeTruthy(),
    );
    expect(
      header.getByRole('link', { name: 'Личный кабинет, новых уведомлений: 4' }).getAttribute('href'),
    ).toBe('/orders/42');
    expect(header.getByRole('link', { name: 'Корзина: 3 товара' })).toBeTruthy();
    expect(header.getByRole('link', { name: 'Избранное: 1 товар' })).toBeTruthy();
  });

  it('offers logout only when signed in, and logging out turns the account icon into the login link', async () => {
    const { calls } = await renderShell({ auth: CLIENT });
    const header = within(desktopHeader());
    const logout = await header.findByRole('button', { name: 'Выйти' });
    fireEvent.click(logout);
    await waitFor(() =>
      expect(header.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login'),
    );
    expect(calls.log).toContain('logout');
    expect(header.queryByRole('button', { name: 'Выйти' })).toBeNull();
  });

  it('opens the mini-cart after hovering 300 ms; − below 1 removes the line, + adds one', async () => {
    // The panel's own chunk (shell/hover-panels.tsx), as the page has it by the time a pointer rests.
    await import('../../../src/ui/components/mini-cart');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderShell({ cart: [sofa, lamp] });
    const header = within(desktopHeader());
    const anchor = header.getByRole('link', { name: 'Корзина: 3 товара' }).parentElement;
    if (!anchor) throw new Error('no hover anchor');
    fireEvent.mouseEnter(anchor);
    expect(header.queryByRole('region', { name: 'Корзина' })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    const miniCart = within(header.getByRole('region', { name: 'Корзина' }));
    fireEvent.click(miniCart.getByRole('button', { name: /^Уменьшить количество: Лампа/ }));
    expect(header.getByRole('link', { name: 'Корзина: 2 товара' })).toBeTruthy();
    expect(miniCart.queryByText(/Лампа/)).toBeNull();
    fireEvent.click(miniCart.getByRole('button', { name: /^Увеличить количество: Диван/ }));
    expect(header.getByRole('link', { name: 'Корзина: 3 товара' })).toBeTruthy();

    // Leaving closes it after 150 ms.
    fireEvent.mouseLeave(anchor);
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(header.queryByRole('region', { name: 'Корзина' })).toBeNull();
  });
});

describe('the city', () => {
  it("shows 'Определяем город...' while detecting, then the banner for the detected city", async () => {
    let answer: (city: string | null) => void = () => undefined;
    await renderShell({ detectCity: () => new Promise((resolve) => (answer = resolve)) });
    expect(screen.getByRole('button', { name: 'Определяем город...' })).toBeTruthy();
    await act(async () => answer('санкт-петербург'));
    const banner = await screen.findByRole('dialog', { name: 'Ваш город' });
    expect(banner.textContent).toContain('Мы определили ваш город: Санкт-Петербург. Всё верно?');
  });

  it('Да saves the city and the confirmation and hides the banner', async () => {
    const { calls } = await renderShell({ city: { cookieCity: 'Москва', confirmed: false } });
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Ваш город' })).getByRole('button', { name: 'Да' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Ваш город' })).toBeNull();
    expect(calls.stored).toContainEqual({ name: 'geoConfirmed', value: 'true' });
    expect(calls.stored).toContainEqual({ name: 'geoCity', value: 'Москва' });
  });

  it('Нет opens the selector; a typed city is saved (normalised) and the page reloads', async () => {
    const { calls } = await renderShell({ city: { cookieCity: 'Москва', confirmed: false } });
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Ваш город' })).getByRole('button', { name: 'Нет' }),
    );
    const selector = within(screen.getByRole('dialog', { name: 'Выберите ваш город' }));
    expect(selector.getByRole('button', { name: 'Выбрать' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(selector.getByLabelText('Другой город'), { target: { value: 'ростов-на-дону' } });
    fireEvent.click(selector.getByRole('button', { name: 'Выбрать' }));
    expect(calls.stored).toContainEqual({ name: 'geoCity', value: 'Ростов-на-Дону' });
    expect(calls.reloads).toBe(1);
  });

  it('a click on the city in the info bar opens the selector with the major cities', async () => {
    const { calls } = await renderShell({ city: { cookieCity: 'Москва', confirmed: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Ваш город: Москва. Изменить' }));
    const selector = within(screen.getByRole('dialog', { name: 'Выберите ваш город' }));
    fireEvent.click(selector.getByRole('button', { name: 'Казань' }));
    expect(calls.stored).toContainEqual({ name: 'geoCity', value: 'Казань' });
    expect(calls.reloads).toBe(1);
  });
});

/** Opens the feedback modal; its form is a chunk of its own (shell/request-modal.tsx), loaded on first need. */
async function openFeedbackModal(): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Помощь: задать вопрос' }));
  });
}

describe('the feedback modal behind the help button', () => {
  it('validates on submit, disables closing while sending and shows the created-account success', async () => {
    let finish: () => void = () => undefined;
    const { calls, shop } = await renderShell({
      submitRequest: () => new Promise((resolve) => (finish = () => resolve({ tempPassword: 'Врем-123' }))),
    });
    await openFeedbackModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Напишите нам' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Отправить' }));
    expect(dialog.getByText('Укажите телефон или email')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Телефон'), { target: { value: '12' } });
    fireEvent.blur(dialog.getByLabelText('Телефон'));
    expect(dialog.getByText('Неверный формат телефона')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Телефон'), { target: { value: '' } });
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: '  guest@example.ru ' } });
    fireEvent.change(dialog.getByLabelText('Сообщение'), { target: { value: 'Когда привезут диван?' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Отправить' }));

    expect(dialog.getByRole('button', { name: 'Закрыть' }).hasAttribute('disabled')).toBe(true);
    expect(dialog.getByRole('button', { name: 'Отправляем…' }).hasAttribute('disabled')).toBe(true);
    expect(calls.submitted[0]?.email).toBe('guest@example.ru');
    await act(async () => finish());
    expect(dialog.getByText('Сообщение отправлено')).toBeTruthy();
    expect(dialog.getByText(/Мы создали для вас личный кабинет/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login');
    // The temporary password reaches the auth machine (it prefills the permanent-password step).
    expect(heldTempPassword(shop)).toBe('Врем-123');
  });

  it('never tells a signed-in client to sign in to follow the answer (issue 25 item 13)', async () => {
    await renderShell({
      auth: { authenticated: true, role: 'user', clientId: 7, tempPasswordActive: false },
      clientContacts: { email: 'anna@example.ru', phone: null },
      submitRequest: async () => ({ accountStatus: 'existing', existingAccount: true }),
    });
    await openFeedbackModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Напишите нам' }));
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'anna@example.ru' } });
    fireEvent.change(dialog.getByLabelText('Сообщение'), { target: { value: 'Когда привезут?' } });
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Отправить' }));
    });
    const success = await dialog.findByRole('status');
    expect(success.textContent).not.toMatch(/войдите/i);
    expect(success.textContent).toContain(
      'Заявка появилась в личном кабинете: там можно следить за ответом.',
    );
    expect(dialog.getByRole('link', { name: 'Перейти в личный кабинет' })).toBeTruthy();
  });

  it('plays the 260 ms close animation, then unmounts and refreshes the login state', async () => {
    const { calls } = await renderShell({ submitRequest: async () => ({ tempPassword: 'Врем-123' }) });
    await openFeedbackModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Напишите нам' }));
    // Faked once the form has loaded (waiting for its chunk polls on real timers).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'guest@example.ru' } });
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Отправить' }));
    });
    fireEvent.click(dialog.getAllByRole('button', { name: 'Закрыть' })[0] as HTMLElement);
    expect(
      screen
        .getByRole('dialog', { name: 'Напишите нам' })
        .closest('[data-state]')
        ?.getAttribute('data-state'),
    ).toBe('closing');
    act(() => {
      vi.advanceTimersByTime(260);
    });
    expect(screen.queryByRole('dialog', { name: 'Напишите нам' })).toBeNull();
    // Closing after an account was created re-checks the session.
    expect(sessionChecks(calls)).toBeGreaterThan(1);
  });

  it('prefills a signed-in client’s e-mail and phone and links the success to the account', async () => {
    await renderShell({
      auth: CLIENT,
      clientContacts: { email: 'client@example.ru', phone: '+79215551020' },
      submitRequest: async () => ({ existingAccount: true }),
    });
    await within(desktopHeader()).findByRole('button', { name: 'Выйти' });
    await openFeedbackModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Напишите нам' }));
    await waitFor(() =>
      expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('client@example.ru'),
    );
    expect((dialog.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+79215551020');
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Отправить' }));
    });
    // A signed-in client is in their account already: never told to sign in (issue 25 item 13).
    expect(dialog.getByText(/Заявка появилась в личном кабинете/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Перейти в личный кабинет' }).getAttribute('href')).toBe(
      '/orders/42',
    );
  });

  it('shows the spec’s failure message and keeps the form', async () => {
    await renderShell({ submitRequest: async () => Promise.reject(new Error('offline')) });
    await openFeedbackModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Напишите нам' }));
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'guest@example.ru' } });
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Отправить' }));
    });
    expect(dialog.getByRole('alert').textContent).toBe('Не удалось отправить сообщение. Попробуйте ещё раз.');
    expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('guest@example.ru');
  });
});

describe('the mega menu', () => {
  it('lists the roots: accent roots and bytovaya-tehnika are links, the others open their levels', async () => {
    await renderShell({}, CATEGORIES);
    const menu = within(within(desktopHeader()).getByRole('navigation', { name: 'Каталог' }));
    expect(menu.getByRole('link', { name: 'Распродажа' }).getAttribute('href')).toBe(
      '/category/posledniy-shans',
    );
    expect(menu.getByRole('link', { name: 'Бытовая техника' }).getAttribute('href')).toBe(
      '/category/bytovaya-tehnika',
    );
    const root = menu.getByRole('button', { name: 'Мебель' });
    fireEvent.click(root);
    expect(root.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getByRole('link', { name: 'Кровати' }).getAttribute('href')).toBe('/category/mebel/krovati');
    expect(menu.getByRole('link', { name: 'Все товары: Мебель' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu.queryByRole('link', { name: 'Кровати' })).toBeNull();
  });
});

describe('the minimal chrome', () => {
  it('shows only the logo, the schedule and the phone around the page', async () => {
    const { shop, stop } = createTestShop();
    stops.push(stop);
    await renderWithShop(
      <MinimalShell>
        <p>Оплата заказа</p>
      </MinimalShell>,
      shop,
    );
    expect(screen.getByText('Пн–Вс: 10:00 – 20:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+7 (812) 555-10-20' }).getAttribute('href')).toMatch(/^tel:/);
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('link', { name: /Корзина/ })).toBeNull();
    expect(screen.getByText('Оплата заказа')).toBeTruthy();
  });
});

describe('the header search', () => {
  it('offers voice search in both headers and shows the spec alert where speech is not supported', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await renderShell();
    const buttons = screen.getAllByRole('button', { name: 'Голосовой поиск' });
    expect(buttons).toHaveLength(2);
    act(() => fireEvent.click(buttons[0] as HTMLElement));
    expect(alert).toHaveBeenCalledWith(VOICE_UNSUPPORTED_MESSAGE);
    alert.mockRestore();
  });

  it('searches for what was said (ru-RU), and for a typed query, without reloading the page', async () => {
    let hear: ((event: SpeechEvent) => void) | null = null;
    const { router } = await renderShell({}, [], {
      speech: {
        isSupported: () => true,
        listen: (onEvent) => {
          hear = onEvent;
          return { status: 'listening', stop: () => undefined };
        },
      },
    });
    const header = desktopHeader();
    act(() => fireEvent.click(within(header).getByRole('button', { name: 'Голосовой поиск' })));
    expect(within(header).getByRole('button', { name: 'Остановить голосовой поиск' })).toBeTruthy();
    await act(async () => {
      hear?.({ type: 'speech.result', transcript: ' диван угловой ', isFinal: true });
    });
    await waitFor(() =>
      expect(router.state.location.href).toBe(
        '/search?q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD+%D1%83%D0%B3%D0%BB%D0%BE%D0%B2%D0%BE%D0%B9',
      ),
    );
    const field = within(header).getByRole('combobox', { name: 'Поиск по каталогу' });
    act(() => fireEvent.change(field, { target: { value: 'лампа' } }));
    await act(async () => {
      fireEvent.submit(field.closest('form') as HTMLFormElement);
    });
    await waitFor(() => expect(router.state.location.href).toBe('/search?q=%D0%BB%D0%B0%D0%BC%D0%BF%D0%B0'));
  });
});
