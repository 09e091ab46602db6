import { describe, expect, it } from 'vitest';
import type { AuthService } from '../../../../server/application/auth.service';
import { ACTOR, adminOrdersHarness, catalogueProduct } from './admin-orders-harness';
import { pricedLine } from './in-memory-admin-orders';

const SOFA = catalogueProduct(1, 'Диван Осло', 50_000);

function shelvedShop(stock: number, extra: Parameters<typeof adminOrdersHarness>[0] = {}) {
  const harness = adminOrdersHarness({ products: [SOFA], ...extra });
  harness.store.shelf.set(SOFA.id, { name: SOFA.name, stock });
  return harness;
}

describe('the bin', () => {
  it('gives the stock back when binned and takes it again when restored', async () => {
    const { store, useCases } = shelvedShop(3);
    const order = store.seed({ items: [pricedLine(SOFA.id, SOFA.name, 2, 5_000_000)] });
    expect(store.shelf.get(SOFA.id)?.stock).toBe(1);

    expect(await useCases.moveToBin(ACTOR, order.id)).toMatchObject({
      ok: true,
      order: { deletedAt: expect.any(Number) },
    });
    expect(store.shelf.get(SOFA.id)?.stock).toBe(3);
    expect(await useCases.moveToBin(ACTOR, order.id)).toEqual({ ok: false, error: 'deleted' });

    expect(await useCases.restoreFromBin(ACTOR, order.id)).toMatchObject({
      ok: true,
      order: { deletedAt: null },
    });
    expect(store.shelf.get(SOFA.id)?.stock).toBe(1);
    expect(await useCases.restoreFromBin(ACTOR, order.id)).toEqual({ ok: false, error: 'not_deleted' });
    expect(store.audit.map((entry) => entry.action)).toEqual(['order.deleted', 'order.restored']);
  });

  it('refuses a restore whose stock was sold meanwhile; the order stays in the bin', async () => {
    const { store, useCases } = shelvedShop(2);
    const order = store.seed({ items: [pricedLine(SOFA.id, SOFA.name, 2, 5_000_000)] });
    await useCases.moveToBin(ACTOR, order.id);
    store.seed({ items: [pricedLine(SOFA.id, SOFA.name, 1, 5_000_000)] });

    const result = await useCases.restoreFromBin(ACTOR, order.id);

    expect(result).toEqual({
      ok: false,
      error: 'out_of_stock',
      message: 'Недостаточно товара «Диван Осло»: для заказа доступно 1 шт., указано 2.',
    });
    expect(store.orders.get(order.id)?.deletedAt).not.toBeNull();
    expect(store.shelf.get(SOFA.id)?.stock).toBe(1);
  });

  it('bulk: each order on its own, a repeated id once', async () => {
    const { store, useCases } = shelvedShop(10);
    const one = store.seed({ items: [pricedLine(SOFA.id, SOFA.name, 1, 5_000_000)] });
    const results = await useCases.bulkMoveToBin(ACTOR, [one.id, 404, one.id]);
    expect(results.map(({ id, result }) => [id, result.ok ? 'ok' : result.error])).toEqual([
      [one.id, 'ok'],
      [404, 'not_found'],
    ]);
  });
});

describe('createPhoneOrder', () => {
  const client = { name: 'Олег Иванов', phone: '+79215554433', email: 'oleg@mail.ru' };
  const clients: Pick<AuthService, 'findOrCreateClient'> = {
    findOrCreateClient: async (email) => ({
      user: {
        id: 42,
        email,
        role: 'user',
        name: null,
        phone: null,
        passwordHash: null,
        tempPasswordHash: null,
        tempPasswordIssuedAt: null,
        mustChangePassword: false,
        staffRole: null,
        blocked: false,
        totpEnabled: false,
      },
      created: true,
    }),
  };

  it('takes the stock like checkout, mails the client, and with «Отправить ссылку» opens the payment', async () => {
    const { store, useCases, recorded } = shelvedShop(3, { clients });

    const result = await useCases.createPhoneOrder(ACTOR, {
      newClient: client,
      lines: [{ productId: SOFA.id, quantity: 2 }],
      delivery: { method: 'courier', address: ' Литейный пр-т 10 ', date: '2026-12-05' },
      paymentMethod: 'online',
      sendPayLink: true,
    });

    expect(result).toMatchObject({
      ok: true,
      order: {
        clientId: 42,
        status: 'awaiting_payment',
        total: 10_000_000,
        delivery: { method: 'courier', address: 'Литейный пр-т 10' },
        deliveryDetails: { date: '2026-12-05' },
      },
    });
    expect(store.shelf.get(SOFA.id)?.stock).toBe(1);
    expect(recorded.mails.map((mail) => mail.template)).toEqual(['order-placed', 'payment-allowed']);
    expect(store.audit.map((entry) => entry.action)).toEqual(['order.created', 'order.statusChanged']);
  });

  it('refuses short stock, a courier without an address and a pay link for cash, creating nothing', async () => {
    const { store, useCases } = shelvedShop(1, { clients });
    const base = {
      newClient: client,
      lines: [{ productId: SOFA.id, quantity: 1 }],
      delivery: { method: 'pickup' as const },
      paymentMethod: 'online' as const,
    };

    expect(
      await useCases.createPhoneOrder(ACTOR, { ...base, lines: [{ productId: SOFA.id, quantity: 2 }] }),
    ).toEqual({
      ok: false,
      error: 'out_of_stock',
      message: 'Недостаточно товара «Диван Осло»: для заказа доступно 1 шт., указано 2.',
    });
    expect(
      await useCases.createPhoneOrder(ACTOR, { ...base, delivery: { method: 'courier', address: ' ' } }),
    ).toEqual({
      ok: false,
      error: 'address_required',
    });
    expect(
      await useCases.createPhoneOrder(ACTOR, { ...base, paymentMethod: 'on_delivery', sendPayLink: true }),
    ).toEqual({ ok: false, error: 'pay_link_needs_online' });
    expect(
      await useCases.createPhoneOrder(ACTOR, {
        lines: base.lines,
        delivery: base.delivery,
        paymentMethod: base.paymentMethod,
      }),
    ).toEqual({
      ok: false,
      error: 'client_required',
    });
    expect(store.orders.size).toBe(0);
    expect(store.shelf.get(SOFA.id)?.stock).toBe(1);
  });

  it('books its delivery day like checkout: a full day is refused, creating nothing and mailing no one', async () => {
    const { store, useCases, recorded } = shelvedShop(3, { clients });
    store.dayCapacity.set('2026-12-07', 1);
    const dated = {
      newClient: client,
      lines: [{ productId: SOFA.id, quantity: 1 }],
      delivery: { method: 'courier' as const, address: 'Литейный пр-т 10', date: '2026-12-07' },
      paymentMethod: 'on_delivery' as const,
    };

    expect(await useCases.createPhoneOrder(ACTOR, dated)).toMatchObject({
      ok: true,
      order: { deliveryDetails: { date: '2026-12-07' } },
    });
    expect(await useCases.createPhoneOrder(ACTOR, dated)).toEqual({ ok: false, error: 'delivery_day_full' });
    expect(store.orders.size).toBe(1);
    expect(store.shelf.get(SOFA.id)?.stock).toBe(2);
    expect(recorded.mails.map((mail) => mail.template)).toEqual(['order-placed']);
    expect(store.audit.map((entry) => entry.action)).toEqual(['order.created']);
  });
});
