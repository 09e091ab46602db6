import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderStatus as OrderStatusSchema } from '../../../api/orders';
import { parseContactSearch, phoneSearchVariants } from '../../../server/domain/contact-search';
import {
  isOverdue,
  isPaid,
  OVERDUE_AFTER,
  paymentStateOf,
  phoneDigits,
  phoneSearchDigits,
} from '../../../server/domain/order-admin-rules';
import {
  availableMoves,
  decide,
  isOrderStatus,
  isPayable,
  MANAGER_MOVES,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderFacts,
  type OrderStatus,
} from '../../../server/domain/order-lifecycle.machine';
import { DELIVERY_DATE_REQUIRED, deliveryDateRefusal } from '../../../shared-rules/delivery-agreement-rule';

const status = fc.constantFrom(...ORDER_STATUSES);
const facts = fc.record({
  status,
  total: fc.integer({ min: 0, max: 10_000_000 }),
  paidAmount: fc.integer({ min: 0, max: 10_000_000 }),
  deliveryDate: fc.constantFrom(null, '', '  ', '2026-12-01'),
});

/** A move the chart allows but only once the order has a delivery date. */
const waitsForDate = (order: OrderFacts, to: OrderStatus): boolean =>
  deliveryDateRefusal(to, order.deliveryDate) !== null;

/** Runs moves one after another the way the back office does (a refused move changes nothing). */
function applyAll(start: OrderFacts, moves: readonly OrderStatus[]): OrderStatus {
  let current = start;
  for (const to of moves) {
    const decision = decide(current, { type: 'order.moveTo', to });
    if (decision.ok) current = { ...current, status: decision.to };
  }
  return current.status;
}

describe('order lifecycle chart', () => {
  it('the api lists exactly the chart statuses, in the same order', () => {
    expect([...OrderStatusSchema.literals]).toEqual([...ORDER_STATUSES]);
    for (const s of ORDER_STATUSES) {
      expect(ORDER_STATUS_LABELS[s]).toMatch(/[А-Яа-яЁё]/);
      expect(ORDER_ACTION_LABELS[s]).toMatch(/[А-Яа-яЁё]/);
    }
  });

  it('reaches every status from new through manager moves and payments', () => {
    const reached = new Set<OrderStatus>(['new']);
    const queue: OrderStatus[] = ['new'];
    while (queue.length > 0) {
      const current = queue.shift() as OrderStatus;
      const next = [
        ...availableMoves(current),
        ...[1, 1_000_000].flatMap((amount) => {
          const decision = decide(
            { status: current, total: 500_000, paidAmount: 0, deliveryDate: null },
            { type: 'payment.succeeded', amount },
          );
          return decision.ok ? [decision.to] : [];
        }),
      ];
      for (const to of next) {
        if (!reached.has(to)) {
          reached.add(to);
          queue.push(to);
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUSES.filter((s) => availableMoves(s).length === 0)).toEqual(['cancelled']);
  });

  it('never allows a move outside MANAGER_MOVES, and allows every move inside', () => {
    fc.assert(
      fc.property(facts, status, (order, to) => {
        const decision = decide(order, { type: 'order.moveTo', to });
        if (to === order.status)
          expect(decision).toEqual({ ok: false, from: order.status, reason: 'same_status' });
        else if (MANAGER_MOVES[order.status].includes(to) && !waitsForDate(order, to)) {
          expect(decision.ok).toBe(true);
          if (decision.ok) {
            expect(decision.to).toBe(to);
            expect(decision.effects).toContain('notifyClient');
          }
        } else if (MANAGER_MOVES[order.status].includes(to))
          expect(decision).toEqual({ ok: false, from: order.status, reason: 'delivery_date_required' });
        else expect(decision).toEqual({ ok: false, from: order.status, reason: 'not_allowed' });
      }),
    );
  });

  test.prop([facts])(
    '«Доставка согласована» only with a delivery date, refused with the shared rule’s reason otherwise',
    (order) => {
      const decision = decide(order, { type: 'order.moveTo', to: 'delivery_agreed' });
      const hasDate = order.deliveryDate !== null && order.deliveryDate.trim() !== '';
      if (order.status === 'delivery_agreed') expect(decision).toMatchObject({ reason: 'same_status' });
      else if (!MANAGER_MOVES[order.status].includes('delivery_agreed'))
        expect(decision).toMatchObject({ reason: 'not_allowed' });
      else if (hasDate) expect(decision).toMatchObject({ ok: true, to: 'delivery_agreed' });
      else {
        expect(decision).toEqual({ ok: false, from: order.status, reason: 'delivery_date_required' });
        expect(deliveryDateRefusal('delivery_agreed', order.deliveryDate)).toBe(DELIVERY_DATE_REQUIRED);
      }
      // Every other move ignores the date.
      for (const to of MANAGER_MOVES[order.status].filter((each) => each !== 'delivery_agreed'))
        expect(decide({ ...order, deliveryDate: null }, { type: 'order.moveTo', to }).ok).toBe(true);
    },
  );

  it('a bulk (the same move over many orders) equals the singles one by one', () => {
    fc.assert(
      fc.property(fc.array(facts, { minLength: 1, maxLength: 30 }), status, (orders, to) => {
        const bulk = orders.map((order) => decide(order, { type: 'order.moveTo', to }));
        const singles: ReturnType<typeof decide>[] = [];
        for (const order of orders) singles.push(decide(order, { type: 'order.moveTo', to }));
        expect(bulk).toEqual(singles);
      }),
    );
  });

  it('sequences of moves stay inside the chart and keep the payment gate in step', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 20 }), (moves) => {
        let current: OrderFacts = { status: 'new', total: 100_000, paidAmount: 0, deliveryDate: null };
        for (const to of moves) {
          const decision = decide(current, { type: 'order.moveTo', to });
          if (!decision.ok) continue;
          expect(MANAGER_MOVES[current.status]).toContain(decision.to);
          const opens = decision.effects.includes('openPaymentGate');
          const closes = decision.effects.includes('closePaymentGate');
          expect(opens).toBe(isPayable(decision.to));
          expect(closes).toBe(isPayable(current.status));
          current = { ...current, status: decision.to };
        }
        expect(
          isOrderStatus(applyAll({ status: 'new', total: 1, paidAmount: 0, deliveryDate: null }, moves)),
        ).toBe(true);
      }),
    );
  });

  it('cancelling voids pending payments and refunds money taken; delivery of a prepaid order issues receipt №2', () => {
    const cancelPaid = decide(
      { status: 'paid', total: 100, paidAmount: 100, deliveryDate: null },
      { type: 'order.moveTo', to: 'cancelled' },
    );
    expect(cancelPaid.ok && cancelPaid.effects).toEqual([
      'voidPendingPayments',
      'refundPayments',
      'notifyClient',
    ]);
    const cancelNew = decide(
      { status: 'new', total: 100, paidAmount: 0, deliveryDate: null },
      { type: 'order.moveTo', to: 'cancelled' },
    );
    expect(cancelNew.ok && cancelNew.effects).toEqual(['voidPendingPayments', 'notifyClient']);
    const delivered = decide(
      { status: 'shipped', total: 100, paidAmount: 100, deliveryDate: null },
      { type: 'order.moveTo', to: 'delivered' },
    );
    expect(delivered.ok && delivered.effects).toContain('issueSettlementReceipt');
  });

  it('a payment covering the total makes the order paid, a smaller one prepaid; unexpected money is refunded', () => {
    const full = decide(
      { status: 'awaiting_payment', total: 100, paidAmount: 0, deliveryDate: null },
      { type: 'payment.succeeded', amount: 100 },
    );
    expect(full.ok && full.to).toBe('paid');
    const part = decide(
      { status: 'awaiting_prepayment', total: 100, paidAmount: 0, deliveryDate: null },
      { type: 'payment.succeeded', amount: 30 },
    );
    expect(part.ok && part.to).toBe('prepaid');
    const late = decide(
      { status: 'cancelled', total: 100, paidAmount: 0, deliveryDate: null },
      { type: 'payment.succeeded', amount: 100 },
    );
    expect(late.ok && late.to).toBe('cancelled');
    expect(late.ok && late.effects).toEqual(['refundUnexpectedPayment']);
  });
});

describe('back-office order rules', () => {
  it('overdue: past the limit of the status only; final statuses never', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(isOverdue('new', now - 2 * 3_600_000 - 1, now)).toBe(true);
    expect(isOverdue('new', now - 2 * 3_600_000, now)).toBe(false);
    expect(isOverdue('awaiting_payment', now - 4 * 86_400_000, now)).toBe(true);
    for (const s of ['delivered', 'completed', 'cancelled'] as const) {
      expect(OVERDUE_AFTER[s]).toBeNull();
      expect(isOverdue(s, 0, now)).toBe(false);
    }
  });

  it('payment state: awaiting first, then paid, prepaid, unpaid', () => {
    const facts = { refundedAmount: 0 };
    expect(
      paymentStateOf({ ...facts, status: 'awaiting_payment', total: 100, paidAmount: 0, paidAt: null }),
    ).toBe('awaiting');
    expect(paymentStateOf({ ...facts, status: 'paid', total: 100, paidAmount: 100, paidAt: 1 })).toBe('paid');
    expect(paymentStateOf({ ...facts, status: 'prepaid', total: 100, paidAmount: 30, paidAt: null })).toBe(
      'prepaid',
    );
    expect(paymentStateOf({ ...facts, status: 'confirmed', total: 100, paidAmount: 0, paidAt: null })).toBe(
      'unpaid',
    );
  });

  it('paid: marked paid with nothing refunded, or the money kept covers the total; a refund ends it', () => {
    expect(isPaid({ total: 100, paidAmount: 0, refundedAmount: 0, paidAt: 1 })).toBe(true);
    expect(isPaid({ total: 100, paidAmount: 100, refundedAmount: 0, paidAt: 1 })).toBe(true);
    // Cancelled and refunded: paid_at stays, the money went back.
    expect(isPaid({ total: 100, paidAmount: 0, refundedAmount: 100, paidAt: 1 })).toBe(false);
    expect(
      paymentStateOf({ status: 'cancelled', total: 100, paidAmount: 0, refundedAmount: 100, paidAt: 1 }),
    ).toBe('unpaid');
    // A refunded duplicate payment does not undo money that still covers the total.
    expect(isPaid({ total: 100, paidAmount: 100, refundedAmount: 100, paidAt: 1 })).toBe(true);
    expect(isPaid({ total: 100, paidAmount: 30, refundedAmount: 0, paidAt: null })).toBe(false);
  });

  it('a part of a phone typed with the trunk 8 is also looked for with 7', () => {
    expect(phoneSearchVariants('89215')).toEqual(['89215', '79215']);
    expect(phoneSearchVariants('8921555443')).toEqual(['8921555443', '7921555443']);
    expect(phoneSearchVariants('92155')).toEqual(['92155']);
    expect(phoneSearchVariants('89215554433')).toEqual(['89215554433']);
    expect(parseContactSearch('8 921 5').phoneVariants).toEqual(['89215', '79215']);
    expect(parseContactSearch('8 921 555 44 33').phoneVariants).toEqual(['9215554433']);
    expect(parseContactSearch('анна').phoneVariants).toEqual([]);
  });

  it('phone digits: the three spellings of one number compare equal', () => {
    const spellings = ['8 921 555 44 33', '+7 (921) 555-44-33', '79215554433'];
    expect(new Set(spellings.map(phoneDigits))).toEqual(new Set(['79215554433']));
    expect(phoneSearchDigits('9215554433')).toBe('9215554433');
    expect(phoneSearchDigits('анна')).toBeNull();
    expect(phoneSearchDigits('1234')).toBeNull();
    fc.assert(
      fc.property(fc.stringMatching(/^9\d{9}$/), (ten) => {
        expect(phoneDigits(`8${ten}`)).toBe(phoneDigits(`+7 ${ten}`));
        expect(phoneDigits(`8${ten}`).slice(-10)).toBe(ten);
      }),
    );
  });
});
