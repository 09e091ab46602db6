import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductSummary } from '../../src/domain/product';
import { PRODUCT_IMAGE_PLACEHOLDER } from '../../src/domain/product-presentation';
import { ProductCard } from '../../src/ui/components/product-card';
import { ProductGrid } from '../../src/ui/components/product-grid';
import { renderWithRouter } from './render-with-router';

afterEach(cleanup);

const sofa: ProductSummary = {
  id: 12,
  slug: 'divan-lund',
  name: 'Диван Лунд трёхместный',
  tovar_pic1_url_site: '/media/divan-lund.jpg',
  price: 79990,
  price_old: 99990,
  badge: 'new',
  width: 220,
  depth: 95,
  height: 85,
  specs: {},
};

describe('ProductCard', () => {
  it('links the name to the product page and shows price, discount, badge and size', async () => {
    await renderWithRouter(<ProductCard product={sofa} />);
    expect(screen.getByRole('link', { name: sofa.name }).getAttribute('href')).toBe('/product/divan-lund');
    expect(screen.getByText('−20%')).toBeTruthy();
    expect(screen.getByText('Новинка')).toBeTruthy();
    expect(screen.getByText('Ш 220 × Г 95 × В 85 см')).toBeTruthy();
  });

  it('gives the image its size, lazy loading, and srcset/sizes when offered', async () => {
    await renderWithRouter(
      <ProductCard
        product={sofa}
        imageSrcSet="/media/a-400.jpg 400w, /media/a-800.jpg 800w"
        imageSizes="50vw"
      />,
    );
    const image = screen.getByRole('img', { name: sofa.name });
    expect(image.getAttribute('width')).toBe('600');
    expect(image.getAttribute('height')).toBe('600');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('srcset')).toContain('800w');
    expect(image.getAttribute('sizes')).toBe('50vw');
  });

  it('loads a priority image eagerly and shows the placeholder when there is no image', async () => {
    await renderWithRouter(<ProductCard product={{ ...sofa, tovar_pic1_url_site: null }} priority />);
    const image = screen.getByRole('img', { name: sofa.name });
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('src')).toBe(PRODUCT_IMAGE_PLACEHOLDER);
  });

  it('shows «Нет в наличии» with a disabled button when the stock is used up', async () => {
    const onAddToCart = vi.fn();
    await renderWithRouter(<ProductCard product={{ ...sofa, in_stock: false }} onAddToCart={onAddToCart} />);
    const button = screen.getByRole('button', { name: 'Нет в наличии' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onAddToCart).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /В корзину/ })).toBeNull();
  });

  it('reports favourite toggles and add-to-cart, and shows the В корзине feedback from its prop', async () => {
    const onToggleFavourite = vi.fn();
    const onAddToCart = vi.fn();
    const { unmount } = await renderWithRouter(
      <ProductCard product={sofa} onToggleFavourite={onToggleFavourite} onAddToCart={onAddToCart} />,
    );
    const favourite = screen.getByRole('button', { name: 'Добавить в избранное' });
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(favourite);
    expect(onToggleFavourite).toHaveBeenCalledWith(sofa);
    fireEvent.click(screen.getByRole('button', { name: 'В корзину' }));
    expect(onAddToCart).toHaveBeenCalledWith(sofa);
    unmount();
    await renderWithRouter(
      <ProductCard
        product={sofa}
        isFavourite
        inCart
        onToggleFavourite={onToggleFavourite}
        onAddToCart={onAddToCart}
      />,
    );
    expect(screen.getByRole('button', { name: 'Удалить из избранного' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'В корзине' })).toBeTruthy();
  });

  it('lays cards out as a list', async () => {
    await renderWithRouter(
      <ProductGrid
        aria-label="Товары"
        items={[sofa, { ...sofa, id: 13, slug: 'divan-2', name: 'Диван Берген' }]}
        getKey={(p) => p.id}
        renderItem={(p) => <ProductCard product={p} />}
      />,
    );
    expect(screen.getByRole('list', { name: 'Товары' }).children).toHaveLength(2);
  });
});
