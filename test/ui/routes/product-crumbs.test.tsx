import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueCategory } from '../../../src/application/ports/catalogue.port';
import { productCrumbs } from '../../../src/application/queries/product-crumbs';
import { LOADING_TEXTS } from '../../../src/ui/components/spinner';
import type { RouterContext } from '../../../src/ui/router-context';
import { ProductActionsProvider } from '../../../src/ui/routes/-components/product-actions';
import { ProductSkeleton } from '../../../src/ui/routes/-components/product-skeleton';
import { productJsonLd } from '../../../src/ui/routes/-components/structured-data';
import { Route as ProductRoute } from '../../../src/ui/routes/product/$slug';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { CATEGORIES, fakePorts, productDetail, routeTestShop } from './route-test-support';

afterEach(cleanup);

const PRODUCT_NAME = 'Диван «Верона» модульный, велюр, серый';

describe('productCrumbs', () => {
  it('lists every ancestor of the product category, root first, each linking to its page', () => {
    expect(productCrumbs(productDetail(), CATEGORIES)).toEqual([
      { label: 'Главная', href: '/' },
      { label: 'Каталог', href: '/categories' },
      { label: 'Мебель', href: '/category/mebel' },
      { label: 'Диваны', href: '/category/mebel/divany' },
      { label: 'Угловые диваны', href: '/category/mebel/divany/uglovye-divany' },
      { label: PRODUCT_NAME },
    ]);
  });

  it('falls back to the category the product names when the list lacks it', () => {
    for (const categories of [[], CATEGORIES.filter((category) => category.id !== 13)]) {
      expect(productCrumbs(productDetail(), categories).map((crumb) => crumb.label)).toEqual([
        'Главная',
        'Каталог',
        'Угловые диваны',
        PRODUCT_NAME,
      ]);
    }
  });

  it('builds a link from the walked slugs when a category has no server path', () => {
    const categories = CATEGORIES.map((category) =>
      category.id === 11 ? { ...category, path: ' ' } : category,
    );
    expect(productCrumbs(productDetail(), categories)[3]).toEqual({
      label: 'Диваны',
      href: '/category/mebel/divany',
    });
  });

  it('ends in a parent cycle instead of looping', () => {
    const categories = CATEGORIES.map((category) =>
      category.id === 10 ? { ...category, parent_id: 13 } : category,
    );
    expect(productCrumbs(productDetail(), categories).map((crumb) => crumb.label)).toEqual([
      'Главная',
      'Каталог',
      'Мебель',
      'Диваны',
      'Угловые диваны',
      PRODUCT_NAME,
    ]);
  });
});

describe('productJsonLd', () => {
  it('puts every crumb, ancestors included, into the BreadcrumbList with absolute URLs', () => {
    const product = productDetail();
    const [, breadcrumbs] = productJsonLd(
      product,
      productCrumbs(product, CATEGORIES),
      'https://shop.example',
    );
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Главная', item: 'https://shop.example/' },
        { position: 2, name: 'Каталог', item: 'https://shop.example/categories' },
        { position: 3, name: 'Мебель', item: 'https://shop.example/category/mebel' },
        { position: 4, name: 'Диваны', item: 'https://shop.example/category/mebel/divany' },
        {
          position: 5,
          name: 'Угловые диваны',
          item: 'https://shop.example/category/mebel/divany/uglovye-divany',
        },
        { position: 6, name: PRODUCT_NAME, item: 'https://shop.example/product/divan-verona' },
      ],
    });
  });
});

/** The product route under a root that loads the categories, as the real root layout does. */
async function renderProductUnderRoot(
  rootCategories: () => Promise<readonly CatalogueCategory[]>,
  recommendations: () => Promise<never[]> = async () => [],
) {
  const root = createRootRouteWithContext<RouterContext>()({
    loader: async () => ({ categories: await rootCategories() }),
    // The shop runtime through the one door the app's root opens (the delivery date reads a use case).
    component: () => (
      <ShopRuntimeProvider shop={shop}>
        <ProductActionsProvider value={null}>
          <Outlet />
        </ProductActionsProvider>
      </ShopRuntimeProvider>
    ),
  });
  const productRoute = ProductRoute.update({
    id: '/product/$slug',
    path: '/product/$slug',
    getParentRoute: () => root,
  } as never);
  const listCategories = vi.fn(async () => CATEGORIES);
  const ports = fakePorts({
    catalogue: {
      productBySlug: async () => productDetail(),
      recommendationsByCollection: recommendations,
      recommendationsByStyle: recommendations,
      listCategories,
    },
  });
  const shop = routeTestShop(ports);
  const router = createRouter({
    routeTree: root.addChildren([productRoute]),
    context: { shop },
    history: createMemoryHistory({ initialEntries: ['/product/divan-verona'] }),
    defaultPendingMs: 0,
  });
  await act(async () => {
    await router.load();
    render(<RouterProvider router={router} />);
  });
  return { listCategories };
}

describe('/product/$slug breadcrumbs', () => {
  it('shows the category chain from the categories the root route loaded, without loading them again', async () => {
    const { listCategories } = await renderProductUnderRoot(async () => CATEGORIES);
    await screen.findByRole('heading', { level: 1, name: PRODUCT_NAME });
    const trail = screen.getByRole('navigation', { name: 'Хлебные крошки' });
    expect(within(trail).getByRole('link', { name: 'Мебель' }).getAttribute('href')).toBe('/category/mebel');
    expect(within(trail).getByRole('link', { name: 'Диваны' }).getAttribute('href')).toBe(
      '/category/mebel/divany',
    );
    expect(within(trail).getByRole('link', { name: 'Угловые диваны' }).getAttribute('href')).toBe(
      '/category/mebel/divany/uglovye-divany',
    );
    expect(within(trail).getByText(PRODUCT_NAME).getAttribute('aria-current')).toBe('page');
    expect(listCategories).not.toHaveBeenCalled();
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
      JSON.parse(script.textContent ?? 'null'),
    );
    expect(jsonLd[1].itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Главная',
      'Каталог',
      'Мебель',
      'Диваны',
      'Угловые диваны',
      PRODUCT_NAME,
    ]);
  });

  it('keeps the leaf category when the root has no categories', async () => {
    await renderProductUnderRoot(async () => []);
    await screen.findByRole('heading', { level: 1, name: PRODUCT_NAME });
    const trail = screen.getByRole('navigation', { name: 'Хлебные крошки' });
    expect(within(trail).queryByRole('link', { name: 'Мебель' })).toBeNull();
    expect(within(trail).getByRole('link', { name: 'Угловые диваны' }).getAttribute('href')).toBe(
      '/category/mebel/divany/uglovye-divany',
    );
  });
});

describe('/product/$slug deferred recommendations', () => {
  it('shows the product while the recommendations are still on their way', async () => {
    // Never settles: the page must not wait for it (it once did, through an Await without a boundary).
    await renderProductUnderRoot(
      async () => CATEGORIES,
      () => new Promise<never[]>(() => {}),
    );
    await screen.findByRole('heading', { level: 1, name: PRODUCT_NAME });
    expect(screen.getByText('В том же стиле')).toBeTruthy();
  });
});

describe('ProductSkeleton', () => {
  it('is marked busy and announces the page loading text, its blocks hidden from assistive technology', () => {
    const { container } = render(<ProductSkeleton />);
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(LOADING_TEXTS.page);
    const hidden = container.querySelectorAll('[aria-hidden="true"]');
    expect(hidden.length).toBeGreaterThan(0);
    expect(container.textContent).toBe(LOADING_TEXTS.page);
  });
});
