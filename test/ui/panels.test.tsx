import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../src/domain/cart';
import { formatPrice } from '../../src/domain/money';
import { FavouritesPanel } from '../../src/ui/components/favourites-panel';
import { MiniCart } from '../../src/ui/components/mini-cart';
import { renderWithRouter } from './render-with-router';

afterEach(cleanup);

const line = (id: number, overrides: Partial<CartItem> = {}): CartItem => ({
  id,
  quantity: 1,
  slug: `tovar-${id}`,
  name: `Товар ${id}`,
  price: 1000 * id,
  ...overrides,
});

describe('MiniCart', () => {
  it('shows five lines, then "+N товаров...", and cuts names at 25 characters', async () => {
    const items = [
      line(1, { name: 'Кресло-качалка с подставкой для ног, дуб', quantity: 2 }),
      ...[2, 3, 4, 5, 6, 7].map((id) => line(id)),
    ];
    await renderWithRouter(
      <MiniCart items={items} onIncrease={() => {}} onDecrease={() => {}} onRemove={() => {}} />,
    );
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('+2 товара...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Кресло-качалка с подставк...' }).getAttribute('href')).toBe(
      '/product/tovar-1',
    );
  });

  it("says 'Цена не указана' for a line without a price and totals the rest", async () => {
    const items = [line(1, { price: null }), line(2, { quantity: 3 })];
    const { container } = await renderWithRouter(
      <MiniCart items={items} onIncrease={() => {}} onDecrease={() => {}} onRemove={() => {}} />,
    );
    expect(screen.getByText('Цена не указана')).toBeTruthy();
    expect(container.textContent).toContain(formatPrice(6000));
  });

  it('sends increase, decrease and remove for the line', async () => {
    const onIncrease = vi.fn();
    const onDecrease = vi.fn();
    const onRemove = vi.fn();
    await renderWithRouter(
      <MiniCart items={[line(9)]} onIncrease={onIncrease} onDecrease={onDecrease} onRemove={onRemove} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить количество: Товар 9' }));
    fireEvent.click(screen.getByRole('button', { name: 'Уменьшить количество: Товар 9' }));
    fireEvent.click(screen.getByRole('button', { name: 'Удалить из корзины: Товар 9' }));
    expect([onIncrease.mock.calls, onDecrease.mock.calls, onRemove.mock.calls]).toEqual([
      [[9]],
      [[9]],
      [[9]],
    ]);
  });

  it('says the cart is empty', async () => {
    await renderWithRouter(
      <MiniCart items={[]} onIncrease={() => {}} onDecrease={() => {}} onRemove={() => {}} />,
    );
    expect(screen.getByText('Корзина пуста')).toBeTruthy();
  });
});

describe('FavouritesPanel', () => {
  it('shows six items, then "+N товаров...", and cuts names at 30 characters', async () => {
    const items = [
      { id: 1, name: 'Светильник подвесной латунный с абажуром', slug: 'svetilnik' },
      ...Array.from({ length: 10 }, (_, i) => ({ id: i + 2, name: `Ваза ${i + 2}`, price: 990 })),
    ];
    await renderWithRouter(<FavouritesPanel items={items} onRemove={() => {}} />);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText('+5 товаров...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Светильник подвесной латунный...' })).toBeTruthy();
  });

  it('names a product whose data never arrived by its number', async () => {
    const onRemove = vi.fn();
    await renderWithRouter(<FavouritesPanel items={[{ id: 77 }]} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить из избранного: Товар № 77' }));
    expect(onRemove).toHaveBeenCalledWith(77);
  });
});
