import { describe, expect, it } from 'vitest';
import type { PromoRule } from '../../../../server/domain/order-pricing';
import { ACTOR, adminOrdersHarness, catalogueProduct } from './admin-orders-harness';
import { pricedLine } from './in-memory-admin-orders';

const SOFA = catalogueProduct(1, 'Диван Осло', 50_000);
const LAMP = catalogueProduct(2, 'Лампа Берген', 4_990);
const TEN_PERCENT: PromoRule = {
  code: 'ОСЕНЬ10',
  kind: 'percent',
  value: 10,
  minSubtotal: 0,
  active: true,
  validUntil: null,
};

/** A shop with 5 sofas and 10 lamps on the shelf and one new order of 2 sofas (it holds them). */
function shopWithOrder(extra: { readonly promoRules?: readonly PromoRule[] } = {}) {
  const harness = adminOrdersHarness({ products: [SOFA, LAMP], ...extra });
  harness.store.shelf.set(SOFA.id, { name: SOFA.name, stock: 5 });
  harness.store.shelf.set(LAMP.id, { name: LAMP.name, stock: 10 });
  const order = harness.store.seed({ items: [pricedLine(SOFA.id, SOFA.name, 2, 5_000_000)] });
  return { ...harness, order };
}

const stockOf = (store: ReturnType<typeof shopWithOrder>['store'], id: number) => store.shelf.get(id)?.stock;

describe('updateOrderLines', () => {
  it('prices the new lines with checkout’s rule and moves the stock by exactly the difference', async () => {
    const { store, useCases, order } = shopWithOrder();
    expect(stockOf(store, SOFA.id)).toBe(3);

    const more = await useCases.updateLines(ACTOR, order.id, [
      { productId: SOFA.id, quantity: 4 },
      { productId: LAMP.id, quantity: 1 },
    ]);

    expect(more).toMatchObject({ ok: true, order: { subtotal: 20_499_000, total: 20_499_000 } });
    expect(stockOf(store, SOFA.id)).toBe(1);
    expect(stockOf(store, LAMP.id)).toBe(9);

    await useCases.updateLines(ACTOR, order.id, [{ productId: SOFA.id, quantity: 1 }]);
    expect(stockOf(store, SOFA.id)).toBe(4);
    expect(stockOf(store, LAMP.id)).toBe(10);
    expect(store.audit.map((entry) => entry.action)).toEqual(['order.cartChanged', 'order.cartChanged']);
  });

  it('refuses an edit above the stock naming the product and what the order may have; nothing moves', async () => {
    const { store, useCases, order } = shopWithOrder();

    const result = await useCases.updateLines(ACTOR, order.id, [{ productId: SOFA.id, quantity: 6 }]);

    expect(result).toEqual({
      ok: false,
      error: 'out_of_stock',
      message: 'Недостаточно товара «Диван Осло»: для заказа доступно 5 шт., указано 6.',
    });
    expect(stockOf(store, SOFA.id)).toBe(3);
    expect(store.orders.get(order.id)?.items.map((line) => line.quantity)).toEqual([2]);
    expect(store.audit).toEqual([]);
  });

  it('writes nothing when the lines are the same', async () => {
    const { store, useCases, order } = shopWithOrder();
    const result = await useCases.updateLines(ACTOR, order.id, [{ productId: SOFA.id, quantity: 2 }]);
    expect(result).toMatchObject({ ok: true, order: { id: order.id } });
    expect(store.audit).toEqual([]);
  });

  it('locks the lines once money was taken or the order moved past payment', async () => {
    const { store, useCases } = shopWithOrder();
    const paid = store.seed({ items: [pricedLine(LAMP.id, LAMP.name, 1, 499_000)], paidAmount: 499_000 });
    const shipped = store.seed({ items: [pricedLine(LAMP.id, LAMP.name, 1, 499_000)], status: 'shipped' });
    const lines = [{ productId: LAMP.id, quantity: 2 }];

    expect(await useCases.updateLines(ACTOR, paid.id, lines)).toEqual({ ok: false, error: 'order_locked' });
    expect(await useCases.updateLines(ACTOR, shipped.id, lines)).toEqual({
      ok: false,
      error: 'order_locked',
    });
    expect(await useCases.updatePromo(ACTOR, shipped.id, TEN_PERCENT.code)).toEqual({
      ok: false,
      error: 'order_locked',
    });
    expect(stockOf(store, LAMP.id)).toBe(8);
  });

  it('refuses products that are not on sale and empty carts with the pricing rule’s codes', async () => {
    const { useCases, order } = shopWithOrder();
    expect(await useCases.updateLines(ACTOR, order.id, [{ productId: 99, quantity: 1 }])).toEqual({
      ok: false,
      error: 'unavailable_products',
    });
    expect(await useCases.updateLines(ACTOR, order.id, [])).toEqual({ ok: false, error: 'empty_cart' });
  });
});

describe('updateOrderPromo', () => {
  it('puts a code on (its use counted, the discount in whole roubles) and takes it off (the use given back)', async () => {
    const { store, useCases, order } = shopWithOrder({ promoRules: [TEN_PERCENT] });

    const on = await useCases.updatePromo(ACTOR, order.id, ' осень10 ');

    expect(on).toMatchObject({
      ok: true,
      order: { promoCode: 'ОСЕНЬ10', subtotal: 10_000_000, discount: 1_000_000, total: 9_000_000 },
    });
    expect(store.promoUses.get(order.id)?.code).toBe('ОСЕНЬ10');
    expect(stockOf(store, SOFA.id)).toBe(3);

    const off = await useCases.updatePromo(ACTOR, order.id, null);
    expect(off).toMatchObject({ ok: true, order: { promoCode: null, discount: 0, total: 10_000_000 } });
    expect(store.promoUses.has(order.id)).toBe(false);
    expect(store.audit.map((entry) => [entry.action, entry.after?.promoCode])).toEqual([
      ['order.promoChanged', 'ОСЕНЬ10'],
      ['order.promoChanged', null],
    ]);
  });

  it('refuses a code at its limit with the Russian reason and leaves the order as it was', async () => {
    const { store, useCases, order } = shopWithOrder({ promoRules: [TEN_PERCENT] });
    store.promoLimits.set('ОСЕНЬ10', { maxUses: 1, perClient: null });
    store.promoUses.set(999, { code: 'ОСЕНЬ10', clientId: 3 });

    const result = await useCases.updatePromo(ACTOR, order.id, 'ОСЕНЬ10');

    expect(result).toEqual({
      ok: false,
      error: 'promo_limit',
      message: 'Промокод больше не действует: лимит использований исчерпан.',
    });
    expect(store.orders.get(order.id)).toMatchObject({ promoCode: null, total: 10_000_000 });
    expect(store.promoUses.has(order.id)).toBe(false);
    expect(stockOf(store, SOFA.id)).toBe(3);
  });

  it('keeps the code and its discount through a line edit, priced again on the new lines', async () => {
    const { store, useCases, order } = shopWithOrder({ promoRules: [TEN_PERCENT] });
    await useCases.updatePromo(ACTOR, order.id, 'ОСЕНЬ10');

    const result = await useCases.updateLines(ACTOR, order.id, [{ productId: SOFA.id, quantity: 3 }]);

    expect(result).toMatchObject({
      ok: true,
      order: { promoCode: 'ОСЕНЬ10', discount: 1_500_000, total: 13_500_000 },
    });
    expect([...store.promoUses.values()].filter((use) => use.code === 'ОСЕНЬ10')).toHaveLength(1);
  });

  it('refuses an unknown code as the pricing rule does', async () => {
    const { useCases, order } = shopWithOrder();
    expect(await useCases.updatePromo(ACTOR, order.id, 'НЕТТАКОГО')).toEqual({
      ok: false,
      error: 'invalid_promo_code',
    });
  });
});
