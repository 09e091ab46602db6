import { describe, expect, it } from 'vitest';
import { ACTOR, adminOrdersHarness } from './admin-orders-harness';
import { pricedLine } from './in-memory-admin-orders';

/** 138 864 ₽ 50 коп.: a total whose 30 % is not whole roubles. */
const TABLE = pricedLine(1, 'Стол Турку', 1, 13_886_450);

describe('requestPrepayment', () => {
  it('stores 30 % rounded up to whole roubles and moves the order to «Ожидает предоплаты» with the pay link', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const order = store.seed({ items: [TABLE], status: 'confirmed' });

    const result = await useCases.requestPrepayment(ACTOR, order.id, { kind: 'percent', percent: 30 });

    expect(result).toMatchObject({
      ok: true,
      order: { status: 'awaiting_prepayment', prepaymentAmount: 4_166_000, paymentAllowed: true },
    });
    expect(store.audit.map((entry) => entry.action)).toEqual(['order.paymentChanged', 'order.statusChanged']);
    expect(recorded.mails.map((mail) => mail.template)).toEqual(['payment-allowed']);
  });

  it('only changes the amount of an order already waiting for its prepayment', async () => {
    const { store, useCases, recorded } = adminOrdersHarness();
    const order = store.seed({ items: [TABLE], status: 'awaiting_prepayment', prepaymentAmount: 1_000_000 });

    const result = await useCases.requestPrepayment(ACTOR, order.id, { kind: 'amount', amount: 2_000_000 });

    expect(result).toMatchObject({
      ok: true,
      order: { status: 'awaiting_prepayment', prepaymentAmount: 2_000_000 },
    });
    expect(store.audit.map((entry) => entry.action)).toEqual(['order.paymentChanged']);
    expect(recorded.mails).toEqual([]);
  });

  it('refuses more than is left to pay, saying how much is left, and statuses the chart cannot leave for it', async () => {
    const { store, useCases } = adminOrdersHarness();
    const order = store.seed({ items: [TABLE], status: 'confirmed' });
    const shipped = store.seed({ items: [TABLE], status: 'shipped' });

    expect(await useCases.requestPrepayment(ACTOR, order.id, { kind: 'amount', amount: 13_886_451 })).toEqual(
      {
        ok: false,
        error: 'prepayment_too_large',
        left: 13_886_450,
      },
    );
    expect(await useCases.requestPrepayment(ACTOR, shipped.id, { kind: 'percent', percent: 30 })).toEqual({
      ok: false,
      error: 'status_not_allowed',
      from: 'shipped',
      to: 'awaiting_prepayment',
    });
    expect(store.audit).toEqual([]);
  });
});

describe('updatePaymentTerms', () => {
  it('takes a prepayment within total − paid and refuses one above it or at zero', async () => {
    const { store, useCases } = adminOrdersHarness();
    const order = store.seed({ items: [TABLE], paidAmount: 3_886_450 });

    expect(await useCases.updatePaymentTerms(ACTOR, order.id, { prepaymentAmount: 10_000_001 })).toEqual({
      ok: false,
      error: 'prepayment_too_large',
    });
    expect(await useCases.updatePaymentTerms(ACTOR, order.id, { prepaymentAmount: 0 })).toEqual({
      ok: false,
      error: 'prepayment_too_large',
    });
    expect(await useCases.updatePaymentTerms(ACTOR, order.id, {})).toEqual({
      ok: false,
      error: 'nothing_to_change',
    });
    expect(
      await useCases.updatePaymentTerms(ACTOR, order.id, { prepaymentAmount: 10_000_000 }),
    ).toMatchObject({
      ok: true,
      order: { prepaymentAmount: 10_000_000 },
    });
    expect(store.audit.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['order.paymentChanged', { prepaymentAmount: null }, { prepaymentAmount: 10_000_000 }],
    ]);
  });
});
