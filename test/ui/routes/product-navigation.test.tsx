import { Link, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CataloguePort, ProductDetail } from '../../../src/application/ports/catalogue.port';
import type { DeliveryPort, ProductDelivery } from '../../../src/application/ports/delivery.port';
import { PAYMENTS_PORT, type PaymentsPort } from '../../../src/application/ports/payments.port';
import { Route as ProductRoute } from '../../../src/ui/routes/product/$slug';
import { eventually } from '../../support/eventually';
import { provide } from '../../support/test-ports';
import { CATEGORIES, fakePorts, navigationRouter, productDetail, strictFake } from './route-test-support';

/**
 * Issue 27, item 4 (docs/performance.md «The product page's reads»): a click to a product asks for
 * everything that needs only the address — the product, its delivery facts (by slug) and the payment
 * options — at once, and only the recommendations, which need the product's collection and style,
 * after it. Each port call stands for one HTTP call.
 */
afterEach(cleanup);

const PRODUCT = productDetail();
const PROMISE = { from: '2026-12-03', to: '2026-12-05', text: 'Привезём 3–5 декабря' };
const FACTS: ProductDelivery = { productId: PRODUCT.id, promise: PROMISE, itemClass: null, packed: null };

/** A deferred answer: the test decides when the read completes. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Every read the pages make, each noted when asked (`port.method`) and the product's also when its
 * answer arrives (`answered catalogue.productBySlug`), so a test sees what was asked while it was pending.
 */
function countingPorts(productAnswer: () => Promise<ProductDetail>) {
  const calls: string[] = [];
  const counted =
    <A extends unknown[], R>(name: string, read: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push(name);
      return read(...args);
    };
  const catalogue: Partial<CataloguePort> = {
    listCategories: counted('catalogue.listCategories', async () => CATEGORIES),
    productBySlug: counted('catalogue.productBySlug', () =>
      productAnswer().then((product) => {
        calls.push('answered catalogue.productBySlug');
        return product;
      }),
    ),
    recommendationsByCollection: counted('catalogue.recommendationsByCollection', async () => []),
    recommendationsByStyle: counted('catalogue.recommendationsByStyle', async () => []),
  };
  const delivery: Partial<DeliveryPort> = {
    productBySlug: counted('delivery.productBySlug', async () => FACTS),
  };
  const payments: Partial<PaymentsPort> = {
    options: counted('payments.options', async () => ({ methods: ['card'], installments: null })),
  };
  const ports = [
    ...fakePorts({ catalogue, delivery }),
    provide(PAYMENTS_PORT, strictFake<PaymentsPort>('PaymentsPort', payments)),
  ];
  return { calls, ports };
}

/** The real product route behind a link on `/` (navigationRouter). */
function routerAt(path: string, ports: ReturnType<typeof countingPorts>['ports']) {
  return navigationRouter({
    path,
    ports,
    page: ProductRoute,
    pagePath: '/product/$slug',
    homeLink: () => (
      <Link to="/product/$slug" params={{ slug: PRODUCT.slug }}>
        {PRODUCT.name}
      </Link>
    ),
  });
}

async function renderAtHome(ports: ReturnType<typeof countingPorts>['ports']) {
  const router = routerAt('/', ports);
  await act(async () => {
    await router.load();
    render(<RouterProvider router={router} />);
  });
  return screen.findByRole('link', { name: PRODUCT.name });
}

describe('client navigation to a product (issue 27, item 4)', () => {
  it('asks for the delivery facts and the payment options while the product is still pending, and the recommendations after it', async () => {
    const product = deferred<ProductDetail>();
    const { calls, ports } = countingPorts(() => product.promise);
    const link = await renderAtHome(ports);
    expect(calls).toEqual(['catalogue.listCategories']);

    fireEvent.click(link);
    // The product has not arrived, and the delivery facts and the payment options are already asked
    // for; the recommendations are not: they are asked for by the product's collection and style.
    await eventually(() =>
      expect(calls.slice(1).sort()).toEqual([
        'catalogue.productBySlug',
        'delivery.productBySlug',
        'payments.options',
      ]),
    );
    await act(async () => product.resolve(PRODUCT));

    expect(await screen.findByRole('heading', { level: 1, name: PRODUCT.name })).toBeTruthy();
    expect((await screen.findByTestId('delivery-promise')).textContent).toBe('Привезём 3–5 декабря');
    await eventually(() => expect(calls).toHaveLength(7));
    const answered = calls.indexOf('answered catalogue.productBySlug');
    expect(calls.slice(answered + 1).sort()).toEqual([
      'catalogue.recommendationsByCollection',
      'catalogue.recommendationsByStyle',
    ]);
  });

  it('asks for the page when the pointer rests on its link, and the click uses that answer', async () => {
    const { calls, ports } = countingPorts(async () => PRODUCT);
    const link = await renderAtHome(ports);
    fireEvent.mouseEnter(link);
    await eventually(() => expect(calls).toHaveLength(7));
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: PRODUCT.name })).toBeTruthy();
    expect(screen.getByTestId('delivery-promise').textContent).toBe('Привезём 3–5 декабря');
    expect(calls).toHaveLength(7);
  });

  it('on a first load at the product’s address makes each read once, the delivery facts by slug', async () => {
    const { calls, ports } = countingPorts(async () => PRODUCT);
    const router = routerAt(`/product/${PRODUCT.slug}`, ports);
    await act(async () => {
      await router.load();
      render(<RouterProvider router={router} />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: PRODUCT.name })).toBeTruthy();
    await eventually(() => expect(calls).toHaveLength(7));
    expect(calls.filter((call) => !call.startsWith('answered')).sort()).toEqual([
      'catalogue.listCategories',
      'catalogue.productBySlug',
      'catalogue.recommendationsByCollection',
      'catalogue.recommendationsByStyle',
      'delivery.productBySlug',
      'payments.options',
    ]);
  });
});
