import { describe, expect, it } from 'vitest';
import type { PaymentsService, RefundDecision } from '../../../../server/application/payments.service';
import { type GoodsLine, type RefundedLine, splitUnits } from '../../../../server/domain/order-money';
import type { ReceiptLine } from '../../../../server/domain/payment-receipt';
import { ACTOR, adminOrdersHarness } from './admin-orders-harness';

type RefundsPort = Pick<PaymentsService, 'refundAsPlanned'>;

interface BookedRefund {
  readonly orderId: number;
  readonly adminId: number;
  readonly reason: string;
  readonly amount: number;
  readonly lines: readonly RefundedLine[];
  readonly receiptLines: readonly ReceiptLine[];
}

/**
 * The payments side in memory, keeping the repository's bookkeeping (payments.repository.ts
 * startPartialRefund): the basis is the order's goods less the units earlier refunds returned, and
 * the money the payment took less every earlier refund; a planned refund is booked as planned.
 */
class InMemoryRefunds implements RefundsPort {
  readonly booked: BookedRefund[] = [];
  private readonly orders = new Map<number, { goods: readonly GoodsLine[]; taken: number }>();

  seed(orderId: number, goods: readonly GoodsLine[], taken: number): void {
    this.orders.set(orderId, { goods, taken });
  }

  async refundAsPlanned(
    actor: { readonly adminId: number },
    orderId: number,
    reason: string,
    plan: (basis: { lines: readonly GoodsLine[]; kept: number }) => RefundDecision,
  ): ReturnType<RefundsPort['refundAsPlanned']> {
    const order = this.orders.get(orderId);
    if (order === undefined) return { ok: false, error: 'not_found' };
    const earlier = this.booked.filter((refund) => refund.orderId === orderId);
    const returned = new Map<number, number>();
    for (const refund of earlier)
      for (const line of refund.lines)
        returned.set(line.line, (returned.get(line.line) ?? 0) + line.quantity);
    const decision = plan({
      lines: order.goods.map((line, index) => splitUnits(line, returned.get(index) ?? 0).rest),
      kept: order.taken - earlier.reduce((sum, refund) => sum + refund.amount, 0),
    });
    if (!decision.ok) return decision;
    this.booked.push({
      orderId,
      adminId: actor.adminId,
      reason,
      amount: decision.amount,
      lines: decision.lines,
      receiptLines: decision.receiptLines,
    });
    return { ok: true, amount: decision.amount, confirmed: true };
  }
}

const goodsLine = (name: string, quantity: number, unitPrice: number, discount = 0): GoodsLine => ({
  name,
  quantity,
  unitPrice,
  lineTotal: unitPrice * quantity,
  discount,
  netTotal: unitPrice * quantity - discount,
});

/** 2 tables at 10 000 ₽ and 4 chairs at 2 500 ₽: 30 000 ₽. */
const GOODS = [goodsLine('Стол Турку', 2, 1_000_000), goodsLine('Стул Турку', 4, 250_000)];

const receiptTotal = (lines: readonly ReceiptLine[]): number =>
  lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);

function refunding(orders: (refunds: InMemoryRefunds) => void) {
  const refunds = new InMemoryRefunds();
  orders(refunds);
  const { useCases } = adminOrdersHarness({ refunds });
  return { refunds, refundOrder: useCases.refundOrder };
}

describe('refundOrder', () => {
  it('by line returns the units’ net share of a full payment, with a receipt of exactly those units', async () => {
    const { refunds, refundOrder } = refunding((orders) => orders.seed(7, GOODS, 3_000_000));

    const result = await refundOrder(
      ACTOR,
      7,
      { kind: 'lines', lines: [{ line: 0, quantity: 1 }] },
      ' Брак ',
    );

    expect(result).toEqual({ ok: true, amount: 1_000_000, confirmed: true });
    expect(refunds.booked).toEqual([
      {
        orderId: 7,
        adminId: ACTOR.adminId,
        reason: 'Брак',
        amount: 1_000_000,
        lines: [{ line: 0, name: 'Стол Турку', quantity: 1, amount: 1_000_000 }],
        receiptLines: [
          { description: 'Стол Турку', quantity: 1, unitAmount: 1_000_000, subject: 'commodity' },
        ],
      },
    ]);
  });

  it('after a 30 % prepayment returns the units’ share of it, and the last units take exactly what is left', async () => {
    const { refunds, refundOrder } = refunding((orders) => orders.seed(8, GOODS, 900_000));

    const first = await refundOrder(
      ACTOR,
      8,
      { kind: 'lines', lines: [{ line: 0, quantity: 1 }] },
      undefined,
    );
    const rest = await refundOrder(
      ACTOR,
      8,
      {
        kind: 'lines',
        lines: [
          { line: 0, quantity: 1 },
          { line: 1, quantity: 4 },
        ],
      },
      undefined,
    );

    expect(first).toEqual({ ok: true, amount: 300_000, confirmed: true });
    expect(rest).toEqual({ ok: true, amount: 600_000, confirmed: true });
    expect(refunds.booked.map((refund) => refund.lines)).toEqual([
      [{ line: 0, name: 'Стол Турку', quantity: 1, amount: 300_000 }],
      [
        { line: 0, name: 'Стол Турку', quantity: 1, amount: 300_000 },
        { line: 1, name: 'Стул Турку', quantity: 4, amount: 300_000 },
      ],
    ]);
    for (const refund of refunds.booked) expect(receiptTotal(refund.receiptLines)).toBe(refund.amount);
    expect(refunds.booked.map((refund) => refund.reason)).toEqual([
      'Возврат по заказу № 8',
      'Возврат по заказу № 8',
    ]);
  });

  it('by amount returns money only: no lines, the receipt spreads the amount over the goods', async () => {
    const { refunds, refundOrder } = refunding((orders) => orders.seed(9, GOODS, 3_000_000));

    expect(await refundOrder(ACTOR, 9, { kind: 'amount', amount: 150_001 }, '  ')).toEqual({
      ok: true,
      amount: 150_001,
      confirmed: true,
    });
    const [booked] = refunds.booked;
    expect(booked?.lines).toEqual([]);
    expect(booked?.reason).toBe('Возврат по заказу № 9');
    // The odd kopeck of a unit price is a line of its own (its units at one kopeck more).
    expect(new Set(booked?.receiptLines.map((line) => line.description))).toEqual(
      new Set(['Стол Турку', 'Стул Турку']),
    );
    expect(receiptTotal(booked?.receiptLines ?? [])).toBe(150_001);
  });

  it('refuses more than the payment kept (saying how much is left), a line not in the order, and an order with nothing kept', async () => {
    const { refunds, refundOrder } = refunding((orders) => {
      orders.seed(10, GOODS, 900_000);
      orders.seed(11, GOODS, 0);
    });
    await refundOrder(ACTOR, 10, { kind: 'amount', amount: 400_000 }, undefined);

    expect(await refundOrder(ACTOR, 10, { kind: 'amount', amount: 500_001 }, undefined)).toEqual({
      ok: false,
      error: 'refund_too_large',
      refundable: 500_000,
    });
    expect(
      await refundOrder(ACTOR, 10, { kind: 'lines', lines: [{ line: 2, quantity: 1 }] }, undefined),
    ).toEqual({ ok: false, error: 'invalid_refund_line' });
    expect(
      await refundOrder(ACTOR, 10, { kind: 'lines', lines: [{ line: 1, quantity: 5 }] }, undefined),
    ).toEqual({ ok: false, error: 'invalid_refund_line' });
    expect(await refundOrder(ACTOR, 11, { kind: 'amount', amount: 1 }, undefined)).toEqual({
      ok: false,
      error: 'nothing_to_refund',
    });
    expect(await refundOrder(ACTOR, 12, { kind: 'amount', amount: 1 }, undefined)).toEqual({
      ok: false,
      error: 'not_found',
    });
    expect(refunds.booked.map((refund) => refund.amount)).toEqual([400_000]);
  });
});
