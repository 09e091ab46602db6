import { describe, expect, it } from 'vitest';
import { changeOrderStatus } from '../../../../server/application/admin-orders/change-order-status';
import type { EventLog } from '../../../../server/application/auth.service';
import { ACTOR, adminOrdersHarness } from './admin-orders-harness';
import { InMemoryAdminOrders, pricedLine } from './in-memory-admin-orders';
import { strictPort } from './strict-port';

const SOFA = pricedLine(1, 'Диван Осло', 1, 5_000_000);

describe('changeOrderStatus', () => {
  it('moves through the chart, audits who and from where, mails the client and answers the saved order', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const order = store.seed({ items: [SOFA] });

    const result = await useCases.changeStatus(ACTOR, order.id, 'confirmed', 'new');

    expect(result).toMatchObject({ ok: true, order: { id: order.id, status: 'confirmed' } });
    expect(store.audit).toEqual([
      {
        actorKind: 'admin',
        actorId: 1,
        action: 'order.statusChanged',
        entityType: 'order',
        entityId: String(order.id),
        before: { status: 'new' },
        after: { status: 'confirmed' },
        ip: '203.0.113.7',
      },
    ]);
    expect(recorded.mails.map((mail) => [mail.template, mail.to])).toEqual([
      ['order-status-changed', 'anna@mail.ru'],
    ]);
    expect(store.mails.map((mail) => mail.template)).toEqual(['order-status-changed']);
  });

  it('refuses a stale card: the manager saw another status, nothing changes (409 status_changed)', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const order = store.seed({ items: [SOFA], status: 'confirmed' });

    const result = await useCases.changeStatus(ACTOR, order.id, 'cancelled', 'new');

    expect(result).toEqual({ ok: false, error: 'status_changed', from: 'confirmed', to: 'cancelled' });
    expect(store.orders.get(order.id)?.status).toBe('confirmed');
    expect(store.audit).toEqual([]);
    expect(recorded.mails).toEqual([]);
  });

  it('answers status_changed with the status now when another manager wins the compare-and-set', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const order = store.seed({ items: [SOFA] });
    store.beforeMove = (id) => {
      store.beforeMove = null;
      const current = store.orders.get(id);
      if (current !== undefined) store.orders.set(id, { ...current, status: 'cancelled' });
    };

    const result = await useCases.changeStatus(ACTOR, order.id, 'confirmed', 'new');

    expect(result).toEqual({ ok: false, error: 'status_changed', from: 'cancelled', to: 'confirmed' });
    expect(store.audit).toEqual([]);
    expect(recorded.mails).toEqual([]);
  });

  it('lets only the chart’s moves through: same status and moves the chart forbids are refused', async () => {
    const { store, useCases } = adminOrdersHarness();
    const order = store.seed({ items: [SOFA] });

    expect(await useCases.changeStatus(ACTOR, order.id, 'new')).toEqual({
      ok: false,
      error: 'same_status',
      from: 'new',
      to: 'new',
    });
    expect(await useCases.changeStatus(ACTOR, order.id, 'delivered')).toEqual({
      ok: false,
      error: 'status_not_allowed',
      from: 'new',
      to: 'delivered',
    });
    expect(await useCases.changeStatus(ACTOR, 999, 'confirmed')).toEqual({ ok: false, error: 'not_found' });
    const binned = store.seed({ items: [SOFA], deletedAt: 1 });
    expect(await useCases.changeStatus(ACTOR, binned.id, 'confirmed')).toEqual({
      ok: false,
      error: 'deleted',
    });
    expect(store.audit).toEqual([]);
  });

  it('refuses «Доставка согласована» without a delivery date, single and bulk, and moves the dated order', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const undated = store.seed({ items: [SOFA], status: 'in_stock' });
    const dated = store.seed({
      items: [SOFA],
      status: 'in_stock',
      deliveryDetails: { date: '2026-12-03', timeSlot: null, floor: null, lift: null, assembly: false },
    });

    expect(await useCases.changeStatus(ACTOR, undated.id, 'delivery_agreed', 'in_stock')).toEqual({
      ok: false,
      error: 'delivery_date_required',
      from: 'in_stock',
      to: 'delivery_agreed',
    });
    const bulk = await useCases.bulkChangeStatus(
      ACTOR,
      [
        { id: undated.id, expected: 'in_stock' },
        { id: dated.id, expected: 'in_stock' },
      ],
      'delivery_agreed',
    );

    expect(bulk.map(({ id, result }) => [id, result.ok ? result.order.status : result.error])).toEqual([
      [undated.id, 'delivery_date_required'],
      [dated.id, 'delivery_agreed'],
    ]);
    expect(store.orders.get(undated.id)?.status).toBe('in_stock');
    expect(store.audit.map((entry) => entry.entityId)).toEqual([String(dated.id)]);
    expect(recorded.mails).toHaveLength(1);
  });

  it('opens the payment gate with the signed pay link in the mail', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const order = store.seed({ items: [SOFA], status: 'confirmed' });

    const result = await useCases.changeStatus(ACTOR, order.id, 'awaiting_payment', 'confirmed');

    expect(result).toMatchObject({ ok: true, order: { status: 'awaiting_payment', paymentAllowed: true } });
    expect(recorded.mails.map((mail) => mail.template)).toEqual(['payment-allowed']);
    expect(recorded.mails[0]?.text).toContain(`https://shop.test/pay/${order.id}?t=signed`);
  });

  it('cancelling a paid order refunds it; a failing payment effect is logged and the move stays', async () => {
    const { store, useCases, recorded } = adminOrdersHarness({
      paymentEffects: {
        refundAll: async () => {
          throw new Error('gateway down');
        },
      },
    });
    const order = store.seed({ items: [SOFA], status: 'paid', paidAmount: SOFA.lineTotal, paidAt: 1 });

    const result = await useCases.changeStatus(ACTOR, order.id, 'cancelled', 'paid');

    expect(result).toMatchObject({ ok: true, order: { status: 'cancelled' } });
    expect(recorded.effects).toEqual([`voidPending:${order.id}`, `refundAll:${order.id}`]);
    expect(recorded.warnings).toEqual([
      expect.objectContaining({ event: 'order_payment_effect_failed', effect: 'refundPayments' }),
    ]);
  });

  it('answers without waiting for a mail that never goes, and a failing mail never fails the move', async () => {
    const hanging = adminOrdersHarness({ mailer: { send: () => new Promise<void>(() => {}) } });
    const first = hanging.store.seed({ items: [SOFA] });
    expect(await hanging.useCases.changeStatus(ACTOR, first.id, 'confirmed')).toMatchObject({ ok: true });

    const failing = adminOrdersHarness({ mailer: { send: () => Promise.reject(new Error('smtp down')) } });
    const second = failing.store.seed({ items: [SOFA] });
    expect(await failing.useCases.changeStatus(ACTOR, second.id, 'confirmed')).toMatchObject({ ok: true });
    expect(failing.recorded.warnings).toEqual([expect.objectContaining({ event: 'order_mail_failed' })]);
    expect(failing.store.mails).toEqual([]);
  });

  it('needs only the order reads and the compare-and-set of its repository', async () => {
    const store = new InMemoryAdminOrders(() => 0);
    const order = store.seed({ items: [SOFA] });
    const full = store.port();
    const change = changeOrderStatus({
      orders: strictPort('AdminOrdersRepository', { find: full.find, moveStatus: full.moveStatus }),
      effects: async () => {},
      log: strictPort<EventLog>('EventLog', { info() {} }),
    });
    expect(await change(ACTOR, order.id, 'confirmed')).toMatchObject({ ok: true });
  });
});

describe('bulkChangeStatus and bulk «Разрешить оплату»', () => {
  it('moves each order on its own with the status the manager saw; a repeated id counts once', async () => {
    const { store, useCases } = adminOrdersHarness();
    const fresh = store.seed({ items: [SOFA] });
    const moved = store.seed({ items: [SOFA], status: 'confirmed' });

    const results = await useCases.bulkChangeStatus(
      ACTOR,
      [
        { id: fresh.id, expected: 'new' },
        { id: moved.id, expected: 'new' },
        { id: fresh.id, expected: 'new' },
      ],
      'cancelled',
    );

    expect(results.map(({ id, result }) => [id, result.ok ? 'ok' : result.error])).toEqual([
      [fresh.id, 'ok'],
      [moved.id, 'status_changed'],
    ]);
    expect(store.orders.get(moved.id)?.status).toBe('confirmed');
  });

  it('skips orders paid on delivery or already paid, with the preview’s reason; allowing twice is done once', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const online = store.seed({ items: [SOFA], status: 'confirmed' });
    const cash = store.seed({ items: [SOFA], status: 'confirmed', paymentMethod: 'on_delivery' });

    const outcomes = await useCases.bulkAllowPayment(ACTOR, [online.id, cash.id, 404], true);

    expect(outcomes).toEqual([
      { id: online.id, result: expect.objectContaining({ ok: true }) },
      { id: cash.id, skipped: expect.any(String) },
      { id: 404, skipped: 'заказ не найден' },
    ]);
    expect(store.orders.get(cash.id)?.status).toBe('confirmed');
    expect(recorded.mails.filter((mail) => mail.template === 'payment-allowed')).toHaveLength(1);
    expect(await useCases.allowPayment(ACTOR, online.id, true)).toMatchObject({
      ok: true,
      order: { status: 'awaiting_payment' },
    });
    expect(store.audit.filter((entry) => entry.action === 'order.statusChanged')).toHaveLength(1);
  });
});
