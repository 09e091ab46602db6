import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SUBSCRIBE_FORBIDDEN_DEFAULT_MESSAGE,
  type SubscribeOutcome,
} from '../../../src/application/machines/subscribe.machine';
import type { ProductSummary } from '../../../src/domain/product';
import { ProductCard } from '../../../src/ui/components/product-card';
import { SubscribeBlock } from '../../../src/ui/components/subscribe-block';
import { useProductCardActions } from '../../../src/ui/shell/product-actions';
import { useShopChild, useShopRuntime } from '../../../src/ui/shell/shop-context';
import { useSubscribeBlock } from '../../../src/ui/shell/subscribe-view';
import { createTestShop, renderWithShop, sessionChecks, type TestShopOptions } from './shop-test-support';

let stops: (() => void)[] = [];
beforeEach(() => {
  stops = [];
});
afterEach(() => {
  cleanup();
  for (const stop of stops) stop();
  vi.useRealTimers();
});

function SubscribeHarness() {
  const shop = useShopRuntime();
  const actor = useActorRef(shop.machines.subscribe);
  return <SubscribeBlock {...useSubscribeBlock(actor)} />;
}

async function renderSubscribe(subscribe: TestShopOptions['subscribe']) {
  const test = createTestShop({ subscribe });
  stops.push(test.stop);
  await renderWithShop(<SubscribeHarness />, test.shop);
  return test;
}

async function submit(email: string, { consent = true } = {}) {
  fireEvent.change(screen.getByLabelText('Ваш email'), { target: { value: email } });
  const box = screen.getByRole('checkbox') as HTMLInputElement;
  if (box.checked !== consent) fireEvent.click(box);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Подписаться' }));
  });
}

describe('the subscribe block driven by the subscribe machine', () => {
  it('created: shows the promo code and the new account, and closing notifies the auth success', async () => {
    const { calls } = await renderSubscribe(async () => ({
      status: 'created',
      promoCode: 'WELCOME7',
      tempPassword: null,
    }));
    await submit('new@example.ru');
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Спасибо за подписку!');
    expect(within(status).getByText('WELCOME7')).toBeTruthy();
    expect(status.textContent).toContain('Мы создали для вас личный кабинет');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    // Closing after an account was created re-checks the session (the wiring's auth refresh).
    await waitFor(() => expect(sessionChecks(calls)).toBe(2));
    expect(screen.getByLabelText('Ваш email')).toBeTruthy();
  });

  it('already subscribed without a code: shows the HOME10 fallback', async () => {
    await renderSubscribe(async () => ({
      status: 'already_subscribed',
      promoCode: null,
      tempPassword: null,
    }));
    await submit('old@example.ru');
    expect(screen.getByRole('status').textContent).toContain('Вы уже подписаны на новости');
    expect(screen.getByText('HOME10')).toBeTruthy();
  });

  it('already exists: announces the login and goes to /login?email=…&showMsg=1 after 1.2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = await renderSubscribe(async () => ({
      status: 'already_exists',
      promoCode: null,
      tempPassword: null,
    }));
    await submit('known+tag@example.ru');
    expect(screen.getByRole('status').textContent).toContain('Этот email уже зарегистрирован');
    expect(calls.navigated).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1200);
    });
    expect(calls.navigated).toEqual(['/login?email=known%2Btag%40example.ru&showMsg=1']);
  });

  it('forbidden: the title and the server message, or the default message', async () => {
    const answers: SubscribeOutcome[] = [
      { status: 'forbidden', message: 'Подпишитесь с адресом вашего кабинета.' },
      { status: 'forbidden', message: null },
    ];
    await renderSubscribe(async () => answers.shift() ?? { status: 'forbidden', message: null });
    await submit('other@example.ru');
    expect(screen.getByRole('alert').textContent).toContain('Операция запрещена');
    expect(screen.getByRole('alert').textContent).toContain('Подпишитесь с адресом вашего кабинета.');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await submit('other@example.ru');
    expect(screen.getByRole('alert').textContent).toContain(SUBSCRIBE_FORBIDDEN_DEFAULT_MESSAGE);
  });

  it('a failure or an e-mail without @ is the error state with a retry', async () => {
    const { calls } = await renderSubscribe(async () => Promise.reject(new Error('offline')));
    await submit('без собаки');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Что-то пошло не так');
    expect(alert.textContent).toContain('Пожалуйста, введите корректный email');
    fireEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    await submit('a@b.ru');
    expect(screen.getByRole('alert').textContent).toContain('Что-то пошло не так');
    expect(sessionChecks(calls)).toBe(1);
  });

  it('consent off: the rule message and nothing is sent', async () => {
    await renderSubscribe(async () => {
      throw new Error('must not be called');
    });
    await submit('a@b.ru', { consent: false });
    expect(screen.getByText('Вам нужно принять правила')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /Что-то пошло не так/ })).toBeNull();
    expect(screen.getByLabelText('Ваш email')).toBeTruthy();
  });
});

const chair: ProductSummary = {
  id: 31,
  slug: 'kreslo-nord',
  name: 'Кресло «Норд»',
  tovar_pic1_url_site: null,
  price: 24_990,
  price_old: null,
  badge: null,
  width: null,
  depth: null,
  height: null,
  specs: {},
};

function CardHarness() {
  const actions = useProductCardActions();
  const cart = useShopChild('cartSync');
  const favourites = useShopChild('favouritesSync');
  const quantity = useSelector(
    cart,
    (snapshot) => snapshot.context.cart.find((line) => line.id === 31)?.quantity ?? 0,
  );
  const stored = useSelector(favourites, (snapshot) => snapshot.context.favourites.length);
  return (
    <>
      <ProductCard
        product={chair}
        isFavourite={actions.isFavourite(chair.id)}
        inCart={actions.inCartFeedback(chair.id)}
        onToggleFavourite={actions.onToggleFavourite}
        onAddToCart={actions.onAddToCart}
      />
      <output aria-label="в корзине">{quantity}</output>
      <output aria-label="в избранном">{stored}</output>
    </>
  );
}

describe('product-card actions', () => {
  it('adds to the cart with a 1 s «В корзине» and toggles the favourite', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const test = createTestShop();
    stops.push(test.stop);
    await renderWithShop(<CardHarness />, test.shop);
    fireEvent.click(screen.getByRole('button', { name: 'В корзину' }));
    expect(screen.getByRole('button', { name: 'В корзине' })).toBeTruthy();
    expect(screen.getByLabelText('в корзине').textContent).toBe('1');
    act(() => {
      vi.advanceTimersByTime(600);
    });
    // A second add restarts the second.
    fireEvent.click(screen.getByRole('button', { name: 'В корзине' }));
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByRole('button', { name: 'В корзине' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.getByRole('button', { name: 'В корзину' })).toBeTruthy();
    expect(screen.getByLabelText('в корзине').textContent).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Добавить в избранное' }));
    expect(screen.getByLabelText('в избранном').textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить из избранного' }));
    expect(screen.getByLabelText('в избранном').textContent).toBe('0');
  });
});
