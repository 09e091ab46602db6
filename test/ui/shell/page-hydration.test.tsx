import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCartCookie } from '../../../shared-rules/cart-cookie-rule';
import { formatKopecks } from '../../../shared-rules/money-rule';
import { CART_COOKIE_PORT } from '../../../src/application/ports/cart-cookie.port';
import { CATALOGUE_PORT, type CataloguePort } from '../../../src/application/ports/catalogue.port';
import { DELIVERY_DRAFT_SLOT } from '../../../src/application/ports/order-draft-slots';
import { PAYMENTS_PORT, type PaymentsPort } from '../../../src/application/ports/payments.port';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import type { Cart } from '../../../src/domain/cart';
import { EMPTY_DELIVERY_DETAILS } from '../../../src/domain/checkout';
import { formatPrice } from '../../../src/domain/money';
import { routeTree } from '../../../src/ui/route-tree.gen';
import { beginHydration, endHydration } from '../../../src/ui/shell/hydration';
import { type PortProvision, provide } from '../../support/test-ports';
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
  visitorStorage: Readonly<Record<string, string>> = {},
): Promise<{ serverHtml: string; host: HTMLElement; mismatches: unknown[]; serverHeading: Element | null }> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // The server renderer: no storage, so a guest's neutral page (in jsdom a window exists, so the
  // server's shape is asked for the way main.tsx asks for it: before the page's loaders run).
  beginHydration();
  const server = startTestShop(ports);
  const serverRouter = await loadedRouter(path, server.shop, true);
  const serverHtml = renderToString(<RouterProvider router={serverRouter} />);
  server.actor.stop();

  const host = document.createElement('div');
  host.innerHTML = serverHtml;
  document.body.append(host);
  const serverHeading = host.querySelector('h1');
  const visitor = startTestShop(ports, { localCart: visitorCart, stored: visitorStorage });
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

/**
 * The cart cookie the page's request carried (shared-rules/cart-cookie-rule.ts): the server renderer
 * reads it from the request, the hydrating browser from its document, so both see the same value.
 */
function cartCookie(value: string): PortProvision {
  return provide(CART_COOKIE_PORT, { read: async () => parseCartCookie(value), write: () => undefined });
}

/** The catalogue as it is now: the sofa at a new price, the lamp; nothing else. */
const SOFA_NOW = product({ ...SOFA, price: 95_000, price_old: 120_000 });
const LAMP_NOW = product({ ...LAMP, badge: null, specs: {} });

function catalogueNow(asked: number[][] = []): PortProvision {
  return provide(
    CATALOGUE_PORT,
    strictFake<CataloguePort>('CataloguePort', {
      listCategories: async () => [],
      productsByIds: async (ids) => {
        asked.push([...ids]);
        return [SOFA_NOW, LAMP_NOW].filter((item) => ids.includes(item.id));
      },
    }),
  );
}

/** The provider offers «Частями» (in six months, from 3 000 to 500 000 ₽). */
const INSTALLMENTS = provide(
  PAYMENTS_PORT,
  strictFake<PaymentsPort>('PaymentsPort', {
    options: async () => ({
      methods: ['card', 'installments'],
      installments: { minAmount: 300_000, maxAmount: 50_000_000, months: 6 },
    }),
  }),
);

/** The visitor's stored lines as adding the catalogue's products made them. */
const STORED_SOFA = { ...SOFA_NOW, quantity: 2 };
const STORED_LAMP = { ...LAMP_NOW, quantity: 1 };

describe('the cart page drawn by the server with the lines of the cart cookie', () => {
  it('draws each line with the catalogue’s name and price, and the totals, for the cookie’s quantities', async () => {
    const asked: number[][] = [];
    const ports = [
      ...clientPorts({ answer: GUEST }),
      catalogueNow(asked),
      cartCookie('1.2-2.1'),
      INSTALLMENTS,
    ];
    const { serverHtml } = await serverThenBrowser('/cart', ports, [STORED_SOFA, STORED_LAMP]);
    const page = document.createElement('div');
    page.innerHTML = pageMarkup(serverHtml);
    const sofa = within(page).getByRole('listitem', { name: SOFA.name });
    expect(within(sofa).getByRole('link', { name: SOFA.name }).getAttribute('href')).toBe(
      `/product/${SOFA.slug}`,
    );
    expect(sofa.querySelector('img')?.getAttribute('src')).toBe(SOFA.tovar_pic1_url_site);
    // In the first screen: loaded with the page, not lazily after layout.
    expect(sofa.querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(within(sofa).getByRole('group', { name: `Количество: ${SOFA.name}` }).textContent).toContain('2');
    expect(sofa.textContent).toContain(formatPrice(95_000));
    expect(sofa.textContent).toContain(formatPrice(190_000));
    expect(within(page).getByRole('listitem', { name: LAMP.name })).toBeTruthy();
    const summary = within(page).getByRole('complementary', { name: 'Сумма заказа' });
    expect(summary.textContent).toContain('3 товара');
    expect(summary.textContent).toContain(`Итого${formatPrice(195_000)}`);
    // «Частями от …» from the provider's options the loader read: 195 000 ₽ in six months.
    expect(within(summary).getByTestId('installment-hint').textContent).toBe(
      `Частями от ${formatKopecks(3_250_000)}/мес`,
    );
    expect(page.querySelector('[aria-busy="true"]')).toBeNull();
    // One read for the cookie's ids, on each side (the browser's is the record's in the app).
    expect(asked).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('hydrates the drawn lines without a mismatch and draws nothing again when the stored cart is the same', async () => {
    const ports = [...clientPorts({ answer: GUEST }), catalogueNow(), cartCookie('1.2-2.1'), INSTALLMENTS];
    const { serverHtml, host, mismatches, serverHeading } = await serverThenBrowser('/cart', ports, [
      STORED_SOFA,
      STORED_LAMP,
    ]);
    expect(mismatches).toEqual([]);
    expect(host.querySelector('h1')).toBe(serverHeading);
    await act(async () => undefined);
    expect(pageMarkup(host.innerHTML)).toBe(pageMarkup(serverHtml));
  });

  it('shows the stored cart right after hydration when it differs from the cookie’s lines', async () => {
    const ports = [...clientPorts({ answer: GUEST }), catalogueNow(), cartCookie('1.2')];
    const { host, mismatches, serverHeading } = await serverThenBrowser('/cart', ports, [
      { ...STORED_SOFA, quantity: 3 },
      STORED_LAMP,
    ]);
    expect(mismatches).toEqual([]);
    await screen.findByRole('listitem', { name: LAMP.name });
    expect(
      screen.getByRole('group', { name: `Количество: ${SOFA.name}` }).querySelector('output')?.textContent,
    ).toBe('3');
    expect(host.querySelector('h1')).toBe(serverHeading);
  });

  it('leaves out a product the catalogue no longer has', async () => {
    const ports = [...clientPorts({ answer: GUEST }), catalogueNow(), cartCookie('99.1-2.4')];
    const { serverHtml, mismatches } = await serverThenBrowser('/cart', ports, []);
    const page = document.createElement('div');
    page.innerHTML = pageMarkup(serverHtml);
    expect(
      within(page)
        .getAllByRole('listitem')
        .map((line) => line.getAttribute('aria-label')),
    ).toEqual([LAMP.name]);
    expect(page.textContent).not.toContain('Товар № 99');
    expect(mismatches).toEqual([]);
    // The visitor's storage is empty: the spec's empty cart right after hydration.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Корзина пуста'));
  });

  it.each([
    ['none of whose products is left', '99.1'],
    ['that the shop did not write', '1.2-1.3'],
  ])('draws the neutral frame for a cookie %s', async (_label, value) => {
    const ports = [...clientPorts({ answer: GUEST }), catalogueNow(), cartCookie(value)];
    const { serverHtml, mismatches } = await serverThenBrowser('/cart', ports, [STORED_SOFA]);
    const page = document.createElement('div');
    page.innerHTML = pageMarkup(serverHtml);
    expect(page.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(page.textContent).not.toContain('Итого');
    expect(mismatches).toEqual([]);
    await screen.findByRole('listitem', { name: SOFA.name });
  });

  it('hydrates the delivery fields empty as drawn, then shows the visitor’s stored delivery draft', async () => {
    const ports = [...clientPorts({ answer: GUEST }), catalogueNow(), cartCookie('1.2-2.1')];
    const draft = { ...EMPTY_DELIVERY_DETAILS, zone: 'inside_kad' as const, floor: '7' };
    const { serverHtml, mismatches } = await serverThenBrowser('/cart', ports, [STORED_SOFA, STORED_LAMP], {
      [DELIVERY_DRAFT_SLOT.key]: DELIVERY_DRAFT_SLOT.encode(draft),
    });
    const page = document.createElement('div');
    page.innerHTML = pageMarkup(serverHtml);
    // The server knows no draft: no zone chosen, so no floor asked.
    expect(within(page).queryByLabelText('Этаж')).toBeNull();
    expect(mismatches).toEqual([]);
    await waitFor(() => expect(screen.getByLabelText('Этаж')).toHaveProperty('value', '7'));
  });
});
