import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayPageView } from '../../../src/application/ports/payments.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { MAX_CART_LINES } from '../../../src/domain/cart';
import {
  ADD_ALL_FAILED_MESSAGE,
  canAddAll,
  FavouritesCollection,
} from '../../../src/ui/routes/-client/favourites-view';
import {
  CLIENT_7,
  cartOf,
  clientPorts,
  favouritesOf,
  GUEST,
  LAMP,
  renderClientRoute,
  SOFA,
  startTestShop,
} from './client-test-support';

afterEach(cleanup);

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';

describe('/favorites', () => {
  it('shows the collection with totals, a login promo for guests, and adds everything to the cart', async () => {
    const services = clientPorts({ answer: GUEST });
    const test = startTestShop(services, { localFavourites: [SOFA, LAMP] });
    await renderClientRoute('/favorites', services, test.shop);

    expect(await screen.findByRole('heading', { level: 1, name: 'Подборка товаров' })).toBeTruthy();
    const main = screen.getByRole('main');
    const text = main.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toMatch(/Без скидки\s*125\s000\s₽/u);
    expect(text).toMatch(/Со скидкой\s*105\s000\s₽/u);
    expect(text).toMatch(/Экономия\s*20\s000\s₽/u);
    expect(text).toMatch(/Бесплатная доставка от 30\s000\s₽/u);
    expect(within(main).getByRole('link', { name: 'Войдите' }).getAttribute('href')).toBe(
      '/login?redirect=%2Ffavorites',
    );
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index,follow');

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Добавить всё в корзину' })));
    expect(cartOf(test).map((line) => [line.id, line.quantity])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('shows «В корзине» on a card for 1 s after adding it, then the button again', async () => {
    const services = clientPorts({ answer: GUEST });
    const test = startTestShop(services, { localFavourites: [SOFA, LAMP] });
    await renderClientRoute('/favorites', services, test.shop);
    const grid = await screen.findByRole('list', { name: 'Подборка товаров' });
    vi.useFakeTimers();
    try {
      const [first] = within(grid).getAllByRole('button', { name: 'В корзину' });
      act(() => fireEvent.click(first as HTMLElement));
      expect(within(grid).getAllByRole('button', { name: 'В корзине' })).toHaveLength(1);
      expect(cartOf(test).map((line) => line.id)).toEqual([SOFA.id]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      expect(within(grid).queryByRole('button', { name: 'В корзине' })).toBeNull();
      expect(within(grid).getAllByRole('button', { name: 'В корзину' })).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares the list through the favourites port and copies the link', async () => {
    const share = vi.fn(async () => HASH);
    const services = clientPorts({ answer: GUEST }, { favourites: { share } });
    const test = startTestShop(services, { localFavourites: [SOFA, LAMP] });
    const copied: string[] = [];
    // jsdom has no clipboard: the collection the route renders is given a copier that records.
    const { renderWithShop } = await import('./render-with-shop');
    await renderWithShop(
      <FavouritesCollection
        items={[SOFA, LAMP]}
        shared={false}
        onClear={() => undefined}
        copy={async (text) => {
          copied.push(text);
          return true;
        }}
      />,
      services,
      test.shop,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
    });
    expect(share).toHaveBeenCalledWith([1, 2], expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(copied).toEqual([`http://localhost:3000/favorites/share/${HASH}`]);
    expect(screen.getByText('Ссылка на подборку скопирована.')).toBeTruthy();
  });

  it('clears the list through the favourites machine', async () => {
    const services = clientPorts({ answer: GUEST });
    const test = startTestShop(services, { localFavourites: [SOFA] });
    await renderClientRoute('/favorites', services, test.shop);
    await screen.findByRole('heading', { level: 1, name: 'Подборка товаров' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Очистить всё' })));
    expect(favouritesOf(test)).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'В избранном пока пусто' })).toBeTruthy();
  });

  it('refuses "add all" as a whole when the cart cannot take every product', () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, index) => ({ id: 1000 + index, quantity: 1 }));
    expect(canAddAll(full, [SOFA])).toBe(false);
    expect(canAddAll([], [SOFA, LAMP])).toBe(true);
    expect(canAddAll(full, [{ ...SOFA, id: 1000 }])).toBe(true);
  });

  it('alerts the spec text when adding everything fails, and adds nothing', async () => {
    const services = clientPorts({ answer: GUEST });
    const full = Array.from({ length: MAX_CART_LINES }, (_, index) => ({ id: 1000 + index, quantity: 1 }));
    const test = startTestShop(services, { localCart: full });
    const alerts: string[] = [];
    const { renderWithShop } = await import('./render-with-shop');
    await renderWithShop(
      <FavouritesCollection
        items={[SOFA, LAMP]}
        shared={false}
        onClear={() => undefined}
        alert={(message) => alerts.push(message)}
      />,
      services,
      test.shop,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Добавить всё в корзину' })));
    expect(alerts).toEqual([ADD_ALL_FAILED_MESSAGE]);
    expect(cartOf(test)).toHaveLength(MAX_CART_LINES);
  });
});

describe('/favorites/share/{hash}', () => {
  it('shows the shared list with share disabled', async () => {
    const getShared = vi.fn(async () => [SOFA]);
    const services = clientPorts({ answer: CLIENT_7 }, { favourites: { getShared } });
    const test = startTestShop(services);
    await renderClientRoute(`/favorites/share/${HASH}`, services, test.shop);
    expect(await screen.findByRole('heading', { level: 1, name: 'Подборка товаров' })).toBeTruthy();
    expect(getShared).toHaveBeenCalledWith(HASH, expect.anything());
    expect((screen.getByRole('button', { name: 'Поделиться' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('heading', { name: 'Диван «Верона»' })).toBeTruthy();
    // A signed-in client sees no login promo.
    expect(screen.queryByRole('link', { name: 'Войдите' })).toBeNull();
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex,nofollow',
      ),
    );
  });

  it("says 'Некорректная ссылка.' without a usable hash and never asks the server", async () => {
    const getShared = vi.fn(async () => [SOFA]);
    const services = clientPorts({ answer: GUEST }, { favourites: { getShared } });
    const test = startTestShop(services);
    await renderClientRoute('/favorites/share', services, test.shop);
    expect(await screen.findByText('Некорректная ссылка.')).toBeTruthy();
    cleanup();
    await renderClientRoute('/favorites/share/%3Cscript%3E', services, test.shop);
    expect(await screen.findByText('Некорректная ссылка.')).toBeTruthy();
    expect(getShared).not.toHaveBeenCalled();
  });

  it("says 'Список не найден или пуст.' for an unknown or empty list", async () => {
    const services = clientPorts(
      { answer: GUEST },
      {
        favourites: {
          getShared: async () => {
            throw new PortFailure({ kind: 'bad-request', status: 404, message: 'unknown hash' });
          },
        },
      },
    );
    const test = startTestShop(services);
    await renderClientRoute(`/favorites/share/${HASH}`, services, test.shop);
    expect(await screen.findByText('Список не найден или пуст.')).toBeTruthy();
    cleanup();
    const empty = clientPorts({ answer: GUEST }, { favourites: { getShared: async () => [] } });
    await renderClientRoute(`/favorites/share/${HASH}`, empty, startTestShop(empty).shop);
    expect(await screen.findByText('Список не найден или пуст.')).toBeTruthy();
  });
});

/** The owner's pay page as the server answers it (GET /api/payments/page/{id}). */
const OWN_PAGE: PayPageView = {
  orderId: 77,
  state: 'payable',
  amountDue: 18_000_000,
  total: 18_000_000,
  prepayment: false,
  lines: [{ name: 'Диван «Осло»', quantity: 1, lineTotal: 18_000_000 }],
  methods: ['card', 'sbp', 'installments'],
  chosen: 'card',
  installment: null,
};

describe('/pay/{orderId} — the signed-in owner (the same page as a pay link)', () => {
  it('shows the sum and the ways to pay the provider offers, and pays with the one picked', async () => {
    const page = vi.fn(async () => OWN_PAGE);
    const create = vi.fn(async () => ({
      paymentId: 'pay_12345678',
      confirmationUrl: '/api/payments/test-gateway/pay_12345678',
    }));
    const services = clientPorts({ answer: CLIENT_7 }, { payments: { page, create } });
    const test = startTestShop(services);
    const left: string[] = [];
    const { renderWithShop } = await import('./render-with-shop');
    const { PayView } = await import('../../../src/ui/routes/-client/pay-view');
    await renderWithShop(
      <PayView orderId={77} token={null} leaveFor={(url) => left.push(url)} />,
      services,
      test.shop,
    );
    const main = await screen.findByText('К оплате');
    expect(main.parentElement?.textContent?.replace(/\s/g, ' ')).toMatch(/180\s000\s₽/u);
    expect(page).toHaveBeenCalledWith(77, expect.anything());
    // The same methods and texts as the pay link's page: card, СБП, in parts.
    expect(screen.getByRole('group', { name: 'Способ оплаты' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Картой онлайн/ }) as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: /СБП/ }));
    });
    expect(screen.getByRole('radio', { name: /Частями/ })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    });
    expect(create).toHaveBeenCalledWith(77, 'sbp', expect.anything());
    expect(left).toEqual(['/api/payments/test-gateway/pay_12345678']);
  });

  it('explains when payment is not allowed yet, already made, or needs signing in; minimal chrome', async () => {
    const services = clientPorts(
      { answer: CLIENT_7 },
      {
        payments: {
          page: async (orderId: number) =>
            orderId === 77
              ? { ...OWN_PAGE, state: 'awaiting_approval', amountDue: 0 }
              : { ...OWN_PAGE, orderId, state: 'paid', amountDue: 0 },
        },
      },
    );
    const test = startTestShop(services);
    const { router } = await renderClientRoute('/pay/77', services, test.shop);
    expect(
      await screen.findByText(
        'Оплата станет доступна после того, как менеджер подтвердит заказ. Мы пришлём письмо со ссылкой на оплату.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Оплатить' })).toBeNull();
    expect(router.state.matches.some((match) => match.staticData?.chrome === 'minimal')).toBe(true);
    cleanup();

    await renderClientRoute('/pay/78', services, test.shop);
    expect(await screen.findByText('Этот заказ уже оплачен. Спасибо!')).toBeTruthy();
    cleanup();

    const guest = clientPorts(
      { answer: GUEST },
      {
        payments: {
          page: async () => {
            throw new PortFailure({ kind: 'bad-request', status: 401, message: 'unauthorized' });
          },
        },
      },
    );
    await renderClientRoute('/pay/78', guest, startTestShop(guest).shop);
    expect(await screen.findByText('Войдите в личный кабинет, чтобы оплатить заказ.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fpay%2F78',
    );
  });
});
