import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePorts, productDetail, renderRoute } from './route-test-support';

/**
 * Issue 23, item 5: the product page says when the goods come — «Привезём 3–5 декабря», a date from
 * the server's working-day calendar — never a speed; a failed read says nothing rather than guess.
 */
afterEach(cleanup);

const catalogue = {
  productBySlug: async () => productDetail(),
  recommendationsByCollection: async () => [],
  recommendationsByStyle: async () => [],
};

describe('the product page’s delivery date', () => {
  it('shows the server’s range in words for this product', async () => {
    const asked: string[] = [];
    const ports = fakePorts({
      catalogue,
      delivery: {
        productBySlug: async (slug) => {
          asked.push(slug);
          const promise = { from: '2026-12-03', to: '2026-12-05', text: 'Привезём 3–5 декабря' };
          return { productId: productDetail().id, promise, itemClass: null, packed: null };
        },
      },
    });
    await renderRoute('/product/divan-verona', ports);
    const promise = await screen.findByTestId('delivery-promise');
    expect(promise.textContent).toBe('Привезём 3–5 декабря');
    expect(promise.textContent).not.toMatch(/\bдн(я|ей)\b/);
    expect(asked).toEqual(['divan-verona']);
  });

  it('says nothing when the date cannot be read', async () => {
    const ports = fakePorts({
      catalogue,
      delivery: {
        productBySlug: async () => {
          throw new Error('offline');
        },
      },
    });
    await renderRoute('/product/divan-verona', ports);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('delivery-promise')).toBeNull();
  });
});
