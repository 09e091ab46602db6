import { describe, expect, it } from 'vitest';
import type { EventLog } from '../../../../server/application/auth.service';
import { exchangeStatusMove } from '../../../../server/application/exchange/exchange-status-move';
import { adminOrdersHarness } from '../admin-orders/admin-orders-harness';
import { pricedLine } from '../admin-orders/in-memory-admin-orders';

const SOFA = pricedLine(1, 'Диван Осло', 1, 5_000_000);
const QUIET: EventLog = { info() {}, warn() {} };

describe('a status 1С sends back', () => {
  it('moves the order through the chart as the system: audited with its source, the client mailed', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const order = store.seed({ items: [SOFA] });
    const move = exchangeStatusMove({ orders: store.port(), effects: useCases.statusEffects, log: QUIET });

    expect(await move(order.id, 'confirmed')).toEqual({ ok: true, changed: true });

    expect(store.orders.get(order.id)?.status).toBe('confirmed');
    expect(store.audit).toEqual([
      {
        actorKind: 'system',
        actorId: null,
        action: 'order.statusChanged',
        entityType: 'order',
        entityId: String(order.id),
        before: { status: 'new' },
        after: { status: 'confirmed', source: '1С' },
        ip: null,
      },
    ]);
    expect(recorded.mails.map((mail) => mail.template)).toEqual(['order-status-changed']);
  });

  it('the status the order has is no change; a move the chart forbids is refused and nothing is applied', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const order = store.seed({ items: [SOFA] });
    const move = exchangeStatusMove({ orders: store.port(), effects: useCases.statusEffects, log: QUIET });

    expect(await move(order.id, 'new')).toEqual({ ok: true, changed: false });
    expect(await move(order.id, 'completed')).toEqual({
      ok: false,
      message: 'переход «Новый» → «Выполнен» невозможен, статус не изменён.',
    });
    expect(await move(999_999, 'confirmed')).toEqual({ ok: false, message: 'такого заказа нет в магазине.' });
    expect(store.orders.get(order.id)?.status).toBe('new');
    expect(store.audit).toEqual([]);
    expect(recorded.mails).toEqual([]);
  });
});
