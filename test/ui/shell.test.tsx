import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTACTS } from '../../src/domain/contacts';
import { AppShell } from '../../src/ui/components/app-shell';
import { CityBanner } from '../../src/ui/components/city-banner';
import { FloatingButtons } from '../../src/ui/components/floating-buttons';
import { InfoBar } from '../../src/ui/components/info-bar';
import { MobileHeader } from '../../src/ui/components/mobile-header';
import { PromoBar } from '../../src/ui/components/promo-bar';
import { SearchForm } from '../../src/ui/components/search-form';
import { SiteFooter } from '../../src/ui/components/site-footer';
import { type HeaderIndicators, SiteHeader } from '../../src/ui/components/site-header';
import { accountHref, accountLink } from '../../src/ui/components/site-links';
import { renderWithRouter } from './render-with-router';

afterEach(cleanup);

const guest: HeaderIndicators = {
  favouritesCount: 0,
  cartQuantity: 0,
  accountBadge: 0,
  clientId: null,
  signedIn: false,
};
const client: HeaderIndicators = {
  favouritesCount: 3,
  cartQuantity: 5,
  accountBadge: 4,
  clientId: 42,
  signedIn: true,
};

function hrefOf(name: string | RegExp, root: HTMLElement = document.body) {
  return within(root).getByRole('link', { name }).getAttribute('href');
}

describe('InfoBar', () => {
  it('links professionals, guarantees and returns, contacts, delivery and payment', async () => {
    await renderWithRouter(<InfoBar city="Санкт-Петербург" />);
    expect(hrefOf('Профессионалам')).toBe('/pages/professionals');
    expect(hrefOf('Гарантии и возврат')).toBe('/pages/trust');
    expect(hrefOf('Контакты')).toBe('/pages/contacts');
    expect(hrefOf('Доставка')).toBe('/pages/delivery');
    expect(hrefOf('Оплата')).toBe('/pages/payment');
  });

  it("shows 'Определяем город...' while the city is unknown and the schedule and phone", async () => {
    const onCityClick = vi.fn();
    await renderWithRouter(<InfoBar city={null} onCityClick={onCityClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Определяем город...' }));
    expect(onCityClick).toHaveBeenCalledOnce();
    expect(screen.getByText('Пн–Вс: 10:00 – 20:00')).toBeTruthy();
    expect(hrefOf(DEFAULT_CONTACTS.phoneDisplay)).toBe(`tel:${DEFAULT_CONTACTS.phoneE164}`);
  });

  it('names the detected city', async () => {
    await renderWithRouter(<InfoBar city="Казань" />);
    expect(screen.getByRole('button', { name: 'Ваш город: Казань. Изменить' }).textContent).toBe('Казань');
  });
});

describe('PromoBar', () => {
  it("announces 'Скидки до 25%'", async () => {
    await renderWithRouter(<PromoBar />);
    expect(screen.getByRole('complementary', { name: 'Акция' }).textContent).toContain('Скидки до 25%');
  });
});

describe('SiteHeader', () => {
  it('sends guests to /login and shows no logout button', async () => {
    await renderWithRouter(<SiteHeader {...guest} search={<SearchForm />} onLogout={() => {}} />);
    expect(hrefOf('Дом и Стиль — на главную')).toBe('/');
    expect(hrefOf('Войти')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Выйти' })).toBeNull();
  });

  it('shows counts, the account badge sum and logout for a signed-in client', async () => {
    const onLogout = vi.fn();
    await renderWithRouter(<SiteHeader {...client} search={<SearchForm />} onLogout={onLogout} />);
    expect(hrefOf('Избранное: 3 товара')).toBe('/favorites');
    expect(hrefOf('Корзина: 5 товаров')).toBe('/cart');
    const account = screen.getByRole('link', { name: 'Личный кабинет, новых уведомлений: 4' });
    expect(account.getAttribute('href')).toBe('/orders/42');
    expect(account.textContent).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('reports hover over the favourites and cart icons and shows the given panels', async () => {
    const onCartHover = vi.fn();
    await renderWithRouter(
      <SiteHeader
        {...client}
        search={<SearchForm />}
        onCartHover={onCartHover}
        cartPanel={<p>Мини-корзина</p>}
      />,
    );
    const cart = screen.getByRole('link', { name: /^Корзина/ }).parentElement;
    if (!cart) throw new Error('no hover anchor');
    fireEvent.mouseEnter(cart);
    fireEvent.mouseLeave(cart);
    expect(onCartHover.mock.calls).toEqual([[true], [false]]);
    expect(screen.getByText('Мини-корзина')).toBeTruthy();
  });

  it('takes a signed-in administrator to the back office, not to the sign-in form', async () => {
    const admin: HeaderIndicators = { ...guest, signedIn: true, isAdmin: true };
    await renderWithRouter(<SiteHeader {...admin} search={<SearchForm />} onLogout={() => {}} />);
    expect(hrefOf('Панель управления')).toBe('/admin');
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
    expect(accountLink({ signedIn: true, clientId: null, isAdmin: true }).href).toBe('/admin');
    // Not signed in, the admin flag (a stale identity) never opens the back office link.
    expect(accountLink({ signedIn: false, clientId: null, isAdmin: true })).toEqual({
      href: '/login',
      label: 'Войти',
    });
  });

  it('account links only for a positive whole client id', () => {
    expect(accountHref(42)).toBe('/orders/42');
    expect(accountHref(0)).toBe('/login');
    expect(accountHref(-1)).toBe('/login');
    expect(accountHref(1.5)).toBe('/login');
    expect(accountHref(Number.NaN)).toBe('/login');
    expect(accountHref(null)).toBe('/login');
  });
});

describe('SearchForm', () => {
  it('is a search landmark with a labelled field, a voice button and a submit button', async () => {
    const onSubmit = vi.fn();
    const onVoiceSearch = vi.fn();
    const { container } = await renderWithRouter(
      <SearchForm onSubmit={onSubmit} onVoiceSearch={onVoiceSearch} listening />,
    );
    // <search> is the search landmark in browsers; jsdom's role table does not know it yet.
    const search = container.querySelector<HTMLElement>('search');
    if (!search) throw new Error('no search landmark');
    const field = within(search).getByRole('searchbox', { name: 'Поиск по каталогу' });
    fireEvent.change(field, { target: { value: 'диван' } });
    fireEvent.click(screen.getByRole('button', { name: 'Остановить голосовой поиск' }));
    expect(onVoiceSearch).toHaveBeenCalledOnce();
    fireEvent.submit(field);
    expect(onSubmit).toHaveBeenCalledWith('диван');
  });
});

function Harness({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <MobileHeader
      {...(signedIn ? client : guest)}
      search={<SearchForm />}
      menuOpen={open}
      onMenuOpenChange={setOpen}
      onLogout={() => {}}
    />
  );
}

describe('MobileHeader', () => {
  it('opens a burger menu with payment, delivery, trust, professionals, contacts and logout', async () => {
    await renderWithRouter(<Harness signedIn />);
    const burger = screen.getByRole('button', { name: 'Открыть меню' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Меню' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(
      expect.arrayContaining([
        '/pages/payment',
        '/pages/delivery',
        '/pages/trust',
        '/pages/professionals',
        '/pages/contacts',
      ]),
    );
    expect(within(menu).getByRole('button', { name: 'Выйти' })).toBeTruthy();
    // Focus starts on the close button and Tab cycles inside the open menu.
    const closeButton = within(menu).getByRole('button', { name: 'Закрыть меню' });
    expect(document.activeElement).toBe(closeButton);
    const first = within(menu).getByRole('link', { name: 'Дом и Стиль — на главную' });
    const last = within(menu).getByRole('link', { name: DEFAULT_CONTACTS.phoneDisplay });
    first.focus();
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Меню' })).toBeNull();
    expect(document.activeElement).toBe(burger);
  });

  it('has no logout in the burger for guests', async () => {
    await renderWithRouter(<Harness signedIn={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Открыть меню' }));
    expect(
      within(screen.getByRole('navigation', { name: 'Меню' })).queryByRole('button', { name: 'Выйти' }),
    ).toBeNull();
  });
});

describe('SiteFooter', () => {
  it('uses /privacy, /terms, /consent in the desktop footer and /pages/… in the other', async () => {
    const { container } = await renderWithRouter(<SiteFooter />);
    const desktop = container.querySelector<HTMLElement>('[data-footer="desktop"]');
    const compact = container.querySelector<HTMLElement>('[data-footer="compact"]');
    if (!desktop || !compact) throw new Error('footers missing');
    expect(hrefOf('Политика конфиденциальности', desktop)).toBe('/privacy');
    expect(hrefOf('Пользовательское соглашение', desktop)).toBe('/terms');
    expect(hrefOf('Согласие на обработку персональных данных', desktop)).toBe('/consent');
    expect(hrefOf('Политика конфиденциальности', compact)).toBe('/pages/privacy');
    expect(hrefOf('Пользовательское соглашение', compact)).toBe('/pages/terms');
    expect(hrefOf('Согласие на обработку персональных данных', compact)).toBe('/pages/consent');
  });

  it('shows the contact details from its props', async () => {
    const contacts = {
      ...DEFAULT_CONTACTS,
      email: 'shop@example.ru',
      address: 'Санкт-Петербург, Литейный пр-т 1',
    };
    const { container } = await renderWithRouter(<SiteFooter contacts={contacts} />);
    const desktop = container.querySelector<HTMLElement>('[data-footer="desktop"]');
    if (!desktop) throw new Error('footer missing');
    expect(hrefOf('shop@example.ru', desktop)).toBe('mailto:shop@example.ru');
    expect(within(desktop).getByText('Санкт-Петербург, Литейный пр-т 1')).toBeTruthy();
  });
});

describe('FloatingButtons', () => {
  it('offers help, WhatsApp, Telegram and call, and scroll-to-top only when told', async () => {
    const onHelp = vi.fn();
    const onScrollTop = vi.fn();
    const { unmount } = await renderWithRouter(
      <FloatingButtons onHelp={onHelp} showScrollTop={false} onScrollTop={onScrollTop} />,
    );
    expect(screen.queryByRole('button', { name: 'Наверх' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Помощь: задать вопрос' }));
    expect(onHelp).toHaveBeenCalledOnce();
    expect(hrefOf('Написать в WhatsApp')).toBe('https://wa.me/78125551020');
    expect(hrefOf('Написать в Telegram')).toBe('https://t.me/+78125551020');
    expect(hrefOf(/^Позвонить/)).toBe('tel:+78125551020');
    unmount();
    await renderWithRouter(<FloatingButtons onHelp={onHelp} showScrollTop onScrollTop={onScrollTop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Наверх' }));
    expect(onScrollTop).toHaveBeenCalledOnce();
  });
});

describe('CityBanner', () => {
  it('asks about the detected city with Да / Нет, and dismisses on Escape or an outside press', async () => {
    const onConfirm = vi.fn();
    const onReject = vi.fn();
    const onDismiss = vi.fn();
    await renderWithRouter(
      <CityBanner city="Москва" onConfirm={onConfirm} onReject={onReject} onDismiss={onDismiss} />,
    );
    expect(screen.getByText('Мы определили ваш город: Москва. Всё верно?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    fireEvent.click(screen.getByRole('button', { name: 'Нет' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onReject).toHaveBeenCalledOnce();
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });
});

describe('AppShell', () => {
  it('has the landmarks and a skip link to the main content', async () => {
    await renderWithRouter(
      <AppShell>
        <h1>Страница</h1>
      </AppShell>,
    );
    expect(screen.getByRole('main').id).toBe('main');
    expect(hrefOf('Перейти к содержимому')).toBe('#main');
    expect(screen.getAllByRole('banner').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
