import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../../src/domain/cart';
import {
  cartOf,
  clientPorts,
  currentHref,
  type FakeSession,
  GUEST,
  LAMP,
  renderClientRoute,
  SOFA,
  startTestShop,
} from './client-test-support';

afterEach(cleanup);

function setup(
  localCart: Cart = [
    { ...SOFA, quantity: 2 },
    { ...LAMP, quantity: 1 },
  ],
) {
  const session: FakeSession = { answer: GUEST };
  const services = clientPorts(session);
  const test = startTestShop(services, { localCart });
  return { services, test };
}

describe('/cart', () => {
  it('lists the lines with prices and the totals with and without discount', async () => {
    const { services, test } = setup();
    await renderClientRoute('/cart', services, test.shop);

    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина' })).toBeTruthy();
    const sofa = screen.getByRole('listitem', { name: 'Диван «Верона»' });
    expect(within(sofa).getByRole('link', { name: 'Диван «Верона»' }).getAttribute('href')).toBe(
      '/product/divan-verona',
    );
    expect(within(sofa).getByText('2')).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Сумма заказа' });
    // 2 × 120 000 + 5 000 without discount; 2 × 100 000 + 5 000 with it.
    expect(summary.textContent?.replace(/\s/g, ' ')).toMatch(/3 товара\s*245\s000\s₽/u);
    expect(summary.textContent?.replace(/\s/g, ' ')).toMatch(/Скидка\s*−40\s000\s₽/u);
    expect(summary.textContent?.replace(/\s/g, ' ')).toMatch(/Итого\s*205\s000\s₽/u);
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex,nofollow',
      ),
    );
    expect(document.title).toContain('Корзина');
  });

  it('changes quantities through the cart machine; below 1 removes the line', async () => {
    const { services, test } = setup();
    await renderClientRoute('/cart', services, test.shop);
    const lamp = await screen.findByRole('listitem', { name: 'Лампа «Луна»' });

    act(() => fireEvent.click(within(lamp).getByRole('button', { name: 'Увеличить количество' })));
    expect(cartOf(test).find((line) => line.id === 2)?.quantity).toBe(2);

    act(() => fireEvent.click(within(lamp).getByRole('button', { name: 'Уменьшить количество' })));
    expect(cartOf(test).find((line) => line.id === 2)?.quantity).toBe(1);

    act(() => fireEvent.click(within(lamp).getByRole('button', { name: 'Удалить из корзины' })));
    expect(cartOf(test).map((line) => line.id)).toEqual([1]);
    expect(screen.queryByRole('listitem', { name: 'Лампа «Луна»' })).toBeNull();
    // Every change was written locally by the machine, not by the view.
    expect(test.savedCarts.at(-1)?.map((line) => line.id)).toEqual([1]);
  });

  it('removes one line and clears the cart, then shows the empty state', async () => {
    const { services, test } = setup();
    await renderClientRoute('/cart', services, test.shop);
    const sofa = await screen.findByRole('listitem', { name: 'Диван «Верона»' });
    act(() => fireEvent.click(within(sofa).getByRole('button', { name: 'Удалить' })));
    expect(cartOf(test).map((line) => line.id)).toEqual([2]);

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Очистить корзину' })));
    expect(cartOf(test)).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина пуста' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти в каталог' }).getAttribute('href')).toBe('/categories');
  });

  it('goes to /checkout from "Оформить заказ"', async () => {
    const { services, test } = setup();
    const { router } = await renderClientRoute('/cart', services, test.shop);
    await act(async () => {
      fireEvent.click(await screen.findByRole('link', { name: 'Оформить заказ' }));
    });
    await waitFor(() => expect(currentHref(router)).toBe('/checkout'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeTruthy();
  });

  it('shows a line saved without product data by its number, without a link or a price', async () => {
    const { services, test } = setup([{ id: 42, quantity: 3 }]);
    await renderClientRoute('/cart', services, test.shop);
    const line = await screen.findByRole('listitem', { name: 'Товар № 42' });
    expect(within(line).queryByRole('link')).toBeNull();
    expect(within(line).getAllByText('Цена не указана').length).toBeGreaterThan(0);
  });
});
