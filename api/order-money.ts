import { Schema } from 'effect';
import { MAX_LINE_QUANTITY } from '../shared-rules/cart-limits-rule';
import { defineEndpoint } from './endpoint';
import { Kopecks, PositiveKopecks } from './money';
import { IdFromString } from './query-fields';
import { MultiLineText } from './text';

/**
 * An order's money after it is placed (issue 22, docs/money.md): what the client paid and still owes,
 * what went back, the prepayment a manager asks for and partial refunds. Amounts in kopecks.
 */

/**
 * «Оплачено N ₽ · Осталось M ₽» and the refund state: `partial` → «Частично возвращено»,
 * `full` → «Возвращено». `paid` is what online payments took and the shop kept (taken − refunded);
 * `remaining` is total − paid (the total no longer counts lines refunded before the handover), and 0
 * once the order is «Доставлен», «Выполнен», «Возврат / рекламация» or «Отменён» (the rest was taken
 * at handover and the settlement receipt records it, or nothing is owed).
 */
export const OrderPaymentSummary = Schema.Struct({
  paid: Kopecks,
  refunded: Kopecks,
  remaining: Kopecks,
  refundState: Schema.Literals(['none', 'partial', 'full']),
});
export type OrderPaymentSummary = typeof OrderPaymentSummary.Type;

const OrderIdParams = Schema.Struct({ id: IdFromString });

/** A percent of the order total: a whole number from 1 to 100. */
const PrepaymentPercent = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 100 })));

/**
 * «Запросить предоплату» with an amount: `percent` of the total (rounded up to whole roubles) or
 * `amount` in kopecks — exactly one. It must be at most what is left to pay (else 422
 * `prepayment_too_large`, the message names the most it may be). The prepayment is stored and the
 * order moves to «Ожидает предоплаты» through the lifecycle chart (409 when the chart does not allow
 * it); the pay page then charges exactly it, with a «предоплата» receipt. An order already waiting
 * for its prepayment just takes the new amount.
 */
export const requestOrderPrepayment = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/:id/prepayment',
  summary: 'Asks the client for a prepayment (percent or sum) and moves the order to awaiting prepayment',
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({
    percent: Schema.optionalKey(PrepaymentPercent),
    amount: Schema.optionalKey(PositiveKopecks),
  }),
  response: Schema.Struct({ ok: Schema.Boolean }),
  errorStatuses: [400, 401, 403, 404, 409, 415, 422],
});

/** One refunded line: its index in the order's `items` and how many units go back. */
const RefundLineInput = Schema.Struct({
  line: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 199 }))),
  quantity: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: MAX_LINE_QUANTITY }))),
});

/**
 * A partial refund of the order's online payment: by `lines` (the refund is those units' part of the
 * money kept, in proportion to their net amount among the goods not yet returned, so a discount, a
 * partial prepayment and earlier refunds are counted) or by `amount` in kopecks — exactly one. Never
 * above what was paid minus earlier refunds (422 `refund_too_large`, the message names the most that
 * can go back; two refunds at once cannot both pass). Before the handover refunded lines leave the
 * order: its lines, subtotal, discount and total shrink (docs/money.md «Refunds before the
 * handover»); refunding every unit that way is a cancel (409 `refund_all_goods`). An amount refund
 * returns money only: the goods stay and the rest is due at handover. The gateway refund carries a receipt for exactly those lines / that
 * amount. Refunds accumulate; each shows in the order's history with its amount, lines and manager.
 */
export const refundAdminOrder = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/:id/refunds',
  summary: 'Refunds part of the paid money: chosen lines and quantities, or an amount',
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({
    lines: Schema.optionalKey(
      Schema.Array(RefundLineInput).pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(200))),
    ),
    amount: Schema.optionalKey(PositiveKopecks),
    reason: Schema.optionalKey(MultiLineText(500)),
  }),
  response: Schema.Struct({ amount: Kopecks, confirmed: Schema.Boolean }),
  successStatus: 201,
  errorStatuses: [400, 401, 403, 404, 409, 415, 422],
});
