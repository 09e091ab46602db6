import { Link, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CatalogueCategory,
  CataloguePort,
  ProductPage,
} from '../../../src/application/ports/catalogue.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { categoryPage } from '../../../src/application/queries/category-page.query';
import { parseCategorySearch } from '../../../src/application/queries/category-search';
import { Route as CategorySplatRoute } from '../../../src/ui/routes/category/$/route';
import { eventually } from '../../support/eventually';
import { testUseCases } from '../../support/test-ports';
import { CATEGORIES, fakePorts, navigationRouter, product, productPage } from './route-test-support';

afterEach(cleanup);

/** The catalogue's answer for a page without an SEO text. */
const NO_SEO_TEXT = new PortFailure({ kind: 'bad-request', status: 404, message: 'Текст не найден' });

/** Every catalogue read the pages make, counted by method (each stands for one HTTP call). */
function countingCatalogue(categories: () => Promise<readonly CatalogueCategory[]>) {
  const calls: string[] = [];
  const counted =
    <A extends unknown[], R>(name: string, read: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push(name);
      return read(...args);
    };
  const catalogue: Partial<CataloguePort> = {
    listCategories: counted('listCategories', categories),
    listProducts: counted('listProducts', async () => productPage([product()], 42)),
    seoText: counted('seoText', async () => Promise.reject(NO_SEO_TEXT)),
    popularTags: counted('popularTags', async () => []),
  };
  return { calls, catalogue };
}

/** A deferred answer: the test decides when the read completes. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The real category route behind a link on `/` (navigationRouter). */
function routerAt(path: string, catalogue: Partial<CataloguePort>) {
  return navigationRouter({
    path,
    ports: fakePorts({ catalogue }),
    page: CategorySplatRoute,
    pagePath: '/category/$',
    homeLink: () => (
      <Link to="/category/$" params={{ _splat: 'mebel/divany' }}>
        Диваны
      </Link>
    ),
  });
}

describe('client navigation to a category (issue 27, item 4)', () => {
  it('reuses the root route’s category list: a click from another page reads only the page’s own three calls', async () => {
    const { calls, catalogue } = countingCatalogue(async () => CATEGORIES);
    const router = routerAt('/', catalogue);
    await act(async () => {
      await router.load();
      render(<RouterProvider router={router} />);
    });
    expect(calls).toEqual(['listCategories']);

    fireEvent.click(await screen.findByRole('link', { name: 'Диваны' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Диваны' })).toBeTruthy();
    expect(calls.slice(1).sort()).toEqual(['listProducts', 'popularTags', 'seoText']);
  });

  it('asks for the page when the pointer rests on its link, and the click uses that answer', async () => {
    const { calls, catalogue } = countingCatalogue(async () => CATEGORIES);
    const router = routerAt('/', catalogue);
    await act(async () => {
      await router.load();
      render(<RouterProvider router={router} />);
    });
    const link = await screen.findByRole('link', { name: 'Диваны' });
    fireEvent.mouseEnter(link);
    await eventually(() => expect(calls.slice(1).sort()).toEqual(['listProducts', 'popularTags', 'seoText']));
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Диваны' })).toBeTruthy();
    expect(calls).toHaveLength(4);
  });

  it('reads the category list once on a first load of a category page (the root’s read serves both)', async () => {
    const { calls, catalogue } = countingCatalogue(async () => CATEGORIES);
    const router = routerAt('/category/mebel/divany', catalogue);
    await act(async () => {
      await router.load();
      render(<RouterProvider router={router} />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Диваны' })).toBeTruthy();
    expect([...calls].sort()).toEqual(['listCategories', 'listProducts', 'popularTags', 'seoText']);
  });

  it('asks for the products, the SEO text and the tags together, once the category is known', async () => {
    const products = deferred<ProductPage>();
    const { calls, catalogue } = countingCatalogue(async () => CATEGORIES);
    const run = testUseCases(
      fakePorts({ catalogue: { ...catalogue, listProducts: () => products.promise } }),
    )(categoryPage);
    const page = run('mebel/divany', parseCategorySearch({}), {}, Promise.resolve(CATEGORIES));
    // The products have not arrived, and the SEO text and the tags are already asked for.
    await eventually(() => expect([...calls].sort()).toEqual(['popularTags', 'seoText']));
    products.resolve(productPage([product()], 42));
    const data = await page;
    expect(data.name).toBe('Диваны');
    expect(data.products.total).toBe(42);
  });

  it('reads the list itself when the page has none (the root’s read failed)', async () => {
    const { calls, catalogue } = countingCatalogue(async () => CATEGORIES);
    const run = testUseCases(fakePorts({ catalogue }))(categoryPage);
    const data = await run('mebel/divany', parseCategorySearch({}), {}, Promise.resolve([]));
    expect(data.slugPath).toBe('mebel/divany');
    expect(calls[0]).toBe('listCategories');
    expect(calls).toHaveLength(4);
  });
});
