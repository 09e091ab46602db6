import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_PORT, type CataloguePort } from '../../../src/application/ports/catalogue.port';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import type { Cart } from '../../../src/domain/cart';
import { routeTree } from '../../../src/ui/route-tree.gen';
import { beginHydration, endHydration } from '../../../src/ui/shell/hydration';
import { provide } from '../../support/test-ports';
import {
  type ClientPorts,
  clientPorts,
  GUEST,
  LAMP,
  SOFA,
  startTestShop,
} from '../client/client-test-support';
import { product, strictFake } from '../routes/route-test-support';

declare global {
  // React's flag for tests that drive roots themselves with act().
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/**
 * A page the server draws, hydrated as the browser does it (src/entry-server.tsx, src/main.tsx): the
 * real route tree and shop system render the page to a string as the server renderer does (a shop with
 * no browser storage), then a second shop — the visitor's, with their storage — hydrates that markup.
 * The page's first render must equal the server's (no mismatch, the same nodes adopted), or what the
 * visitor sees is thrown away and drawn again, and moves (bench:web's CLS on the search page).
 */
async function loadedRouter(path: string, shop: ShopRuntime, isServer: boolean) {
  const router = createRouter({
    routeTree,
    context: { shop },
    // jsdom has a document: the server's router is told it is one, as it knows without a document.
    isServer,
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPendingMs: 0,
  });
  await router.load();
  return router;
}

let root: Root | undefined;

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  endHydration();
  document.body.innerHTML = '';
});

async function serverThenBrowser(
  path: string,
  ports: ClientPorts,
  visitorCart: Cart,
): Promise<{ serverHtml: string; host: HTMLElement; mismatches: unknown[]; serverHeading: Element | null }> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // The server renderer: no storage, so a guest's neutral page (in jsdom a window exists, so the
  // server's shape is asked for the way main.tsx asks for it).
  const server = startTestShop(ports);
  const serverRouter = await loadedRouter(path, server.shop, true);
  beginHydration();
  const serverHtml = renderToString(<RouterProvider router={serverRouter} />);
  server.actor.stop();

  const host = document.createElement('div');
  host.innerHTML = serverHtml;
  document.body.append(host);
  const serverHeading = host.querySelector('h1');
  const visitor = startTestShop(ports, { localCart: visitorCart });
  const browserRouter = await loadedRouter(path, visitor.shop, false);
  // As main.tsx does over server markup: TanStack renders the matches without its client-only boundary.
  browserRouter.ssr = { manifest: undefined };
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(host, <RouterProvider router={browserRouter} />, {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  endHydration();
  return { serverHtml, host, mismatches, serverHeading };
}

/** The page's own markup (the shell's header and footer aside). */
function pageMarkup(html: string): string {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const main = holder.querySelector('main');
  if (main === null) throw new Error('the page has no <main>');
  return main.innerHTML;
}

describe('the search page, drawn by the server and hydrated', () => {
  it('hydrates /search?q=диван without a mismatch and keeps every node of the page as drawn', async () => {
    const catalogue = strictFake<CataloguePort>('CataloguePort', {
      listCategories: async () => [],
      search: async ({ q }) => ({
        query: q,
        corrected_query: null,
        items: [product(), product({ id: 2, slug: 'divan-milan', name: 'Диван «Милан» прямой, рогожка' })],
        total: 2,
        page: 1,
        limit: 50,
      }),
    });
    const ports = [...clientPorts({ answer: GUEST }), provide(CATALOGUE_PORT, catalogue)];
    const { serverHtml, host, mismatches, serverHeading } = await serverThenBrowser(
      '/search?q=диван',
      ports,
      [],
    );
    expect(serverHeading?.textContent).toBe('Результаты поиска: «диван»');
    expect(mismatches).toEqual([]);
    expect(host.querySelector('h1')).toBe(serverHeading);
    // Nothing of the page itself changes once the visitor's values are in (the header's may).
    await act(async () => undefined);
    expect(pageMarkup(host.innerHTML)).toBe(pageMarkup(serverHtml));
  });
});

describe('the cart page, its frame drawn by the server', () => {
  it('draws the heading and the lines’ place, never anybody’s cart', async () => {
    const { serverHtml } = await serverThenBrowser('/cart', clientPorts({ answer: GUEST }), []);
    const page = document.createElement('div');
    page.innerHTML = pageMarkup(serverHtml);
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Корзина');
    expect(page.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(page.textContent).not.toContain('Корзина пуста');
    expect(page.textContent).not.toContain('Итого');
  });

  it('fills the frame with the visitor’s lines right after hydration, keeping the heading', async () => {
    const { host, mismatches, serverHeading } = await serverThenBrowser(
      '/cart',
      clientPorts({ answer: GUEST }),
      [
        { ...SOFA, quantity: 2 },
        { ...LAMP, quantity: 1 },
      ],
    );
    expect(mismatches).toEqual([]);
    await screen.findByRole('listitem', { name: 'Диван «Верона»' });
    expect(screen.getByRole('listitem', { name: 'Лампа «Луна»' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Сумма заказа' }).textContent).toMatch(/Итого/u);
    expect(host.querySelector('[aria-busy="true"]')).toBeNull();
    // The server's heading is the visitor's: adopted, not drawn again.
    expect(host.querySelector('h1')).toBe(serverHeading);
  });

  it('shows an empty cart right after hydration when the visitor’s storage holds none', async () => {
    const { host, mismatches } = await serverThenBrowser('/cart', clientPorts({ answer: GUEST }), []);
    expect(mismatches).toEqual([]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Корзина пуста'));
    expect(host.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
