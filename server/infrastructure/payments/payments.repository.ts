import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isOnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import { formatKopecks } from '../../../shared-rules/money-rule';
import type { Receipt } from '../../application/payment-gateway.port';
import type {
  PartialRefundFailure,
  PartialRefundInput,
  PayableOrder,
  PaymentRecord,
  PaymentsRepository,
  ReceiptInput,
  ReceiptRecord,
  RefundRecord,
  SettleResult,
  StoredReceipt,
} from '../../application/payments.port';
import { servicesTotal } from '../../domain/delivery-quote';
import { decide, isOrderStatus, isPayable, type OrderStatus } from '../../domain/order-lifecycle.machine';
import { goodsAfterRefund, refundRemovesGoods, splitUnits } from '../../domain/order-money';
import { orderLinesOf, type PricedLine } from '../../domain/order-pricing';
import { receiptSourcesOf } from '../../domain/payment-receipt';
import { binMovesStock } from '../../domain/stock-ledger';
import { SqlAuditLog } from '../audit/audit-log.repository';
import { rebalanceOrderStock, type SqlExecutor } from '../catalogue/stock-ledger';
import type { AppDb } from '../db/database';
import {
  type OrderLineRow,
  orderEvents,
  orders,
  paymentEvents,
  paymentReceipts,
  paymentRefunds,
  payments,
} from '../db/schema/orders.schema';
import { livePromoCode, updatePromoUse } from '../orders/order-reservations';

type PaymentRow = typeof payments.$inferSelect;
type ReceiptRow = typeof paymentReceipts.$inferSelect;

const toPayment = (row: PaymentRow): PaymentRecord => ({
  id: row.id,
  orderId: row.orderId,
  provider: row.provider,
  providerPaymentId: row.providerPaymentId,
  amount: row.amount,
  status: row.status,
  confirmationUrl: row.confirmationUrl,
  method: isOnlinePaymentMethod(row.method) ? row.method : 'card',
});

const toReceipt = (row: ReceiptRow): ReceiptRecord => ({
  id: row.id,
  orderId: row.orderId,
  paymentId: row.paymentId,
  kind: row.kind,
  provider: row.provider,
  amount: row.amount,
  body: row.body as unknown as StoredReceipt,
  status: row.status,
  providerReceiptId: row.providerReceiptId,
});

const refundColumns = {
  id: paymentRefunds.id,
  paymentId: paymentRefunds.paymentId,
  orderId: paymentRefunds.orderId,
  amount: paymentRefunds.amount,
  reason: paymentRefunds.reason,
  status: paymentRefunds.status,
  provider: payments.provider,
  providerPaymentId: payments.providerPaymentId,
  receipt: paymentRefunds.receipt,
};

const LIVE = ['pending', 'succeeded'] as const;

export class DrizzlePaymentsRepository implements PaymentsRepository {
  constructor(private readonly db: AppDb) {}

  async findOrder(orderId: number): Promise<PayableOrder | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!row || row.deletedAt !== null || !isOrderStatus(row.status)) return null;
    return {
      id: row.id,
      clientId: row.clientId,
      status: row.status,
      paymentAllowed: row.paymentAllowed,
      total: row.total,
      paidAmount: row.paidAmount,
      prepaymentAmount: row.prepaymentAmount,
      lines: receiptSourcesOf(
        orderLinesOf(row.items, row.discount).map((item) => ({
          name: item.name,
          quantity: item.quantity,
          netTotal: item.netTotal,
        })),
        row.services,
      ),
      email: row.contactEmail,
      phone: row.contactPhone,
    };
  }

  async findById(id: string): Promise<PaymentRecord | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row ? toPayment(row) : null;
  }

  async findByProviderId(provider: string, providerPaymentId: string): Promise<PaymentRecord | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
      .limit(1);
    return row ? toPayment(row) : null;
  }

  async findLive(orderId: number): Promise<PaymentRecord | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...LIVE])))
      .limit(1);
    return row ? toPayment(row) : null;
  }

  async insertLive(payment: PaymentRecord): Promise<boolean> {
    // No conflict target: the partial unique index "one live payment per order" makes a concurrent
    // second insert a no-op instead of an error (the caller then reads the winner).
    const inserted = await this.db
      .insert(payments)
      .values({ ...payment, status: 'pending' })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    return inserted.length === 1;
  }

  async setProviderPayment(id: string, providerPaymentId: string, confirmationUrl: string): Promise<void> {
    await this.db.update(payments).set({ providerPaymentId, confirmationUrl }).where(eq(payments.id, id));
  }

  async voidPending(orderId: number, paymentId?: string): Promise<PaymentRecord[]> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'cancelled', settledAt: new Date() })
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.status, 'pending'),
          paymentId === undefined ? undefined : eq(payments.id, paymentId),
        ),
      )
      .returning();
    return rows.map(toPayment);
  }

  async settle(input: {
    provider: string;
    eventId: string;
    paymentId: string;
    outcome: 'succeeded' | 'cancelled';
  }): Promise<SettleResult> {
    return this.db.transaction(async (tx): Promise<SettleResult> => {
      const recorded = await tx
        .insert(paymentEvents)
        .values({
          provider: input.provider,
          eventId: input.eventId,
          paymentId: input.paymentId,
          outcome: input.outcome,
        })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { kind: 'duplicate' };
      if (input.outcome === 'cancelled') {
        const cancelled = await tx
          .update(payments)
          .set({ status: 'cancelled', settledAt: new Date() })
          .where(and(eq(payments.id, input.paymentId), eq(payments.status, 'pending')))
          .returning({ id: payments.id });
        return cancelled.length === 1 ? { kind: 'cancelled' } : { kind: 'ignored' };
      }
      // Lock order first, then payment: the same order as startRefunds, so the two never deadlock.
      const [owner] = await tx
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(eq(payments.id, input.paymentId));
      if (!owner) return { kind: 'ignored' };
      const [order] = await tx
        .select({
          status: orders.status,
          total: orders.total,
          paidAmount: orders.paidAmount,
          paidAt: orders.paidAt,
          deliveryDate: orders.deliveryDate,
        })
        .from(orders)
        .where(eq(orders.id, owner.orderId))
        .for('update');
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, input.paymentId))
        .for('update');
      if (!order || !payment || !isOrderStatus(order.status)) return { kind: 'ignored' };
      // Already counted (succeeded) or already going back (refund_pending, refunded): a second
      // notification of the same success changes nothing.
      if (payment.status !== 'pending' && payment.status !== 'cancelled') return { kind: 'ignored' };
      const now = new Date();
      // A payment we voided (order cancelled, or replaced by a new one) that the shopper paid anyway
      // is never counted; otherwise the lifecycle chart decides.
      const decision =
        payment.status === 'pending'
          ? decide(
              {
                status: order.status,
                total: order.total,
                paidAmount: order.paidAmount,
                deliveryDate: order.deliveryDate,
              },
              { type: 'payment.succeeded', amount: payment.amount },
            )
          : null;
      if (decision?.ok && !decision.effects.includes('refundUnexpectedPayment')) {
        await tx
          .update(payments)
          .set({ status: 'succeeded', settledAt: now })
          .where(eq(payments.id, payment.id));
        await tx
          .update(orders)
          .set({
            status: decision.to,
            paidAmount: sql`${orders.paidAmount} + ${payment.amount}`,
            paymentAllowed: isPayable(decision.to),
            statusChangedAt: now,
            updatedAt: now,
            ...(decision.to === 'paid' && order.paidAt === null ? { paidAt: now } : {}),
          })
          .where(eq(orders.id, payment.orderId));
        await tx.insert(orderEvents).values({
          orderId: payment.orderId,
          kind: 'status',
          actor: 'system',
          fromStatus: order.status,
          toStatus: decision.to,
        });
        return { kind: 'applied', from: order.status, to: decision.to };
      }
      await tx
        .update(payments)
        .set({ status: 'refund_pending', settledAt: now })
        .where(eq(payments.id, payment.id));
      const refund: RefundRecord = {
        id: `rf_${randomUUID()}`,
        paymentId: payment.id,
        orderId: payment.orderId,
        amount: payment.amount,
        reason: refundReason(order.status, payment.status),
        status: 'pending',
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
      };
      await tx.insert(paymentRefunds).values({
        id: refund.id,
        paymentId: refund.paymentId,
        orderId: refund.orderId,
        amount: refund.amount,
        reason: refund.reason,
      });
      return { kind: 'refund', refund };
    });
  }

  async startRefunds(orderId: number, reason: string): Promise<RefundRecord[]> {
    await this.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
      const taken = await tx
        .update(payments)
        .set({ status: 'refund_pending' })
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
        .returning();
      if (taken.length === 0) return;
      // What partial refunds (issue 22) already returned is not refunded again.
      const earlier = await tx
        .select({ paymentId: paymentRefunds.paymentId, amount: sql<string>`sum(${paymentRefunds.amount})` })
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentId,
            taken.map((payment) => payment.id),
          ),
        )
        .groupBy(paymentRefunds.paymentId);
      const returned = new Map(earlier.map((row) => [row.paymentId, Number(row.amount)]));
      const rest = taken
        .map((payment) => ({ payment, amount: payment.amount - (returned.get(payment.id) ?? 0) }))
        .filter(({ amount }) => amount > 0);
      if (rest.length === 0) return;
      const total = rest.reduce((sum, { amount }) => sum + amount, 0);
      await tx
        .insert(paymentRefunds)
        .values(
          rest.map(({ payment, amount }) => ({
            id: `rf_${randomUUID()}`,
            paymentId: payment.id,
            orderId,
            amount,
            reason,
          })),
        )
        .onConflictDoNothing({
          target: paymentRefunds.paymentId,
          where: sql`${paymentRefunds.kind} = 'full'`,
        });
      await tx
        .update(orders)
        .set({
          paidAmount: sql`GREATEST(0, ${orders.paidAmount} - ${total})`,
          refundedAmount: sql`${orders.refundedAmount} + LEAST(${orders.paidAmount}, ${total})`,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, orderId));
    });
    return this.pendingRefunds(orderId);
  }

  async startPartialRefund(
    input: PartialRefundInput,
  ): Promise<
    | { readonly ok: true; readonly refund: RefundRecord }
    | { readonly ok: false; readonly error: PartialRefundFailure; readonly refundable?: number }
  > {
    return this.db.transaction(async (tx) => {
      // The order's lock serialises refunds (and cancels, settles) of one order: two managers
      // refunding at once see each other's refund and never return more than was paid.
      const [order] = await tx
        .select({
          items: orders.items,
          discount: orders.discount,
          services: orders.services,
          status: orders.status,
          deletedAt: orders.deletedAt,
        })
        .from(orders)
        .where(eq(orders.id, input.orderId))
        .for('update');
      if (!order || order.deletedAt !== null || !isOrderStatus(order.status))
        return { ok: false, error: 'not_found' };
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, input.orderId), eq(payments.status, 'succeeded')))
        .for('update');
      if (!payment) return { ok: false, error: 'nothing_to_refund' };
      const earlier = await tx
        .select({ amount: paymentRefunds.amount, lines: paymentRefunds.lines })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, payment.id));
      // Units returned after the handover stay in the order's lines (they were sold), so they are
      // taken off here; a refund before the handover already took its units out of the lines.
      const returnedUnits = new Map<number, number>();
      for (const refund of earlier)
        for (const line of refund.lines ?? [])
          if (line.removed !== true)
            returnedUnits.set(line.line, (returnedUnits.get(line.line) ?? 0) + line.quantity);
      const alreadyRefunded = earlier.reduce((sum, refund) => sum + refund.amount, 0);
      const goods = orderLinesOf(order.items, order.discount);
      const removesGoods = refundRemovesGoods(order.status);
      const decision = input.decide({
        lines: goods.map((line, index) => splitUnits(line, returnedUnits.get(index) ?? 0).rest),
        kept: payment.amount - alreadyRefunded,
      });
      if (!decision.ok)
        return {
          ok: false,
          error: decision.error,
          ...(decision.refundable !== undefined ? { refundable: decision.refundable } : {}),
        };
      const remainingGoods =
        removesGoods && decision.lines.length > 0 ? goodsAfterRefund(goods, decision.lines) : null;
      // Every unit of the order refunded before the handover is a cancelled order, not a smaller one.
      if (remainingGoods !== null && remainingGoods.lines.length === 0)
        return { ok: false, error: 'refund_all_goods' };
      const [paymentReceipt] = await tx
        .select({ body: paymentReceipts.body })
        .from(paymentReceipts)
        .where(and(eq(paymentReceipts.paymentId, payment.id), eq(paymentReceipts.kind, 'payment')))
        .limit(1);
      const receipt = decision.receipt(
        paymentReceipt ? (paymentReceipt.body as unknown as StoredReceipt) : null,
      );
      const refund: RefundRecord = {
        id: `rf_${randomUUID()}`,
        paymentId: payment.id,
        orderId: input.orderId,
        amount: decision.amount,
        reason: input.reason,
        status: 'pending',
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        receipt,
      };
      await tx.insert(paymentRefunds).values({
        id: refund.id,
        paymentId: refund.paymentId,
        orderId: refund.orderId,
        amount: refund.amount,
        reason: refund.reason,
        kind: 'partial',
        lines:
          decision.lines.length > 0
            ? decision.lines.map((line) => ({
                ...line,
                ...(remainingGoods !== null ? { removed: true } : {}),
              }))
            : null,
        receipt: receipt as unknown as Record<string, unknown>,
        actorId: input.adminId,
      });
      // All of the payment returned: it is no longer live (the order may take a new payment).
      if (alreadyRefunded + decision.amount >= payment.amount)
        await tx.update(payments).set({ status: 'refund_pending' }).where(eq(payments.id, payment.id));
      const now = new Date();
      await tx
        .update(orders)
        .set({
          paidAmount: sql`GREATEST(0, ${orders.paidAmount} - ${decision.amount})`,
          refundedAmount: sql`${orders.refundedAmount} + ${decision.amount}`,
          // A line refunded before the handover is no longer sold: it leaves the goods, the total
          // and the settlement receipt (docs/money.md «Refunds before the handover»).
          ...(remainingGoods !== null
            ? {
                items: remainingGoods.lines.map(storedLineOf),
                subtotal: remainingGoods.subtotal,
                discount: remainingGoods.discount,
                // The services stay with the order (the manager changes them on the card).
                total: remainingGoods.total + servicesTotal(order.services),
              }
            : {}),
          updatedAt: now,
        })
        .where(eq(orders.id, input.orderId));
      if (remainingGoods !== null) await takeBackRefundedGoods(tx, input, order.status, remainingGoods);
      await new SqlAuditLog(tx).record({
        actorKind: 'admin',
        actorId: input.adminId,
        action: 'order.refunded',
        entityType: 'order',
        entityId: String(input.orderId),
        before: null,
        after: {
          refundAmount: decision.amount,
          ...(decision.lines.length > 0
            ? { refundLines: decision.lines.map((line) => `${line.name} × ${line.quantity}`).join('; ') }
            : {}),
          refundReason: input.reason,
          ...(remainingGoods !== null
            ? { total: formatKopecks(remainingGoods.total + servicesTotal(order.services)) }
            : {}),
        },
        ip: input.ip,
      });
      return { ok: true, refund };
    });
  }

  async pendingRefunds(orderId?: number): Promise<RefundRecord[]> {
    const rows = await this.db
      .select(refundColumns)
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(
        and(
          eq(paymentRefunds.status, 'pending'),
          orderId === undefined ? undefined : eq(paymentRefunds.orderId, orderId),
        ),
      )
      .orderBy(asc(paymentRefunds.createdAt));
    return rows.map((row) => ({ ...row, receipt: row.receipt as unknown as Receipt | null }));
  }

  async finishRefund(refundId: string, providerRefundId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [refund] = await tx
        .update(paymentRefunds)
        .set({ status: 'succeeded', providerRefundId, settledAt: new Date(), lastError: null })
        .where(eq(paymentRefunds.id, refundId))
        .returning({ paymentId: paymentRefunds.paymentId });
      // A partial refund that leaves money on the payment keeps it succeeded (issue 22).
      if (refund)
        await tx
          .update(payments)
          .set({ status: 'refunded' })
          .where(and(eq(payments.id, refund.paymentId), eq(payments.status, 'refund_pending')));
    });
  }

  async refundAttemptFailed(refundId: string, error: string): Promise<void> {
    await this.db
      .update(paymentRefunds)
      .set({ attempts: sql`${paymentRefunds.attempts} + 1`, lastError: error.slice(0, 500) })
      .where(eq(paymentRefunds.id, refundId));
  }

  async recordReceipt(receipt: ReceiptInput): Promise<ReceiptRecord | null> {
    const [row] = await this.db
      .insert(paymentReceipts)
      .values({
        orderId: receipt.orderId,
        paymentId: receipt.paymentId,
        refundId: receipt.refundId ?? null,
        kind: receipt.kind,
        provider: receipt.provider,
        amount: receipt.amount,
        body: receipt.body as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning();
    return row ? toReceipt(row) : null;
  }

  async markReceiptSent(id: number, providerReceiptId: string): Promise<void> {
    await this.db
      .update(paymentReceipts)
      .set({ status: 'sent', providerReceiptId, sentAt: new Date() })
      .where(eq(paymentReceipts.id, id));
  }

  async findReceipt(
    key:
      | { readonly paymentId: string; readonly kind: 'payment' | 'refund' }
      | { readonly settlementOf: number },
  ): Promise<ReceiptRecord | null> {
    const condition =
      'settlementOf' in key
        ? and(eq(paymentReceipts.orderId, key.settlementOf), eq(paymentReceipts.kind, 'settlement'))
        : and(eq(paymentReceipts.paymentId, key.paymentId), eq(paymentReceipts.kind, key.kind));
    const [row] = await this.db.select().from(paymentReceipts).where(condition).limit(1);
    return row ? toReceipt(row) : null;
  }

  async pendingSettlements(): Promise<number[]> {
    const rows = await this.db
      .select({ orderId: paymentReceipts.orderId })
      .from(paymentReceipts)
      .where(and(eq(paymentReceipts.kind, 'settlement'), eq(paymentReceipts.status, 'pending')))
      .orderBy(asc(paymentReceipts.createdAt));
    return rows.map((row) => row.orderId);
  }

  async receiptsOf(orderId: number): Promise<ReceiptRecord[]> {
    const rows = await this.db
      .select()
      .from(paymentReceipts)
      .where(eq(paymentReceipts.orderId, orderId))
      .orderBy(asc(paymentReceipts.createdAt), asc(paymentReceipts.id));
    return rows.map(toReceipt);
  }
}

/** A priced line as `orders.items` stores it. */
function storedLineOf(line: PricedLine): OrderLineRow {
  return {
    productId: line.productId,
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.lineTotal,
    discount: line.discount,
    netTotal: line.netTotal,
    ...(line.backorder === true ? { backorder: true } : {}),
  };
}

/**
 * The stock and promo side of goods leaving an order before the handover: while the goods are still
 * the shop's (binMovesStock, the bin's rule) the refunded units go back to the shelf as one
 * 'order_edited' ledger row per product, with the manager; once they left the warehouse they come back
 * with the courier and are booked by a correction. The code's use keeps the new discount and total.
 */
async function takeBackRefundedGoods(
  tx: SqlExecutor,
  input: PartialRefundInput,
  status: string,
  goods: { readonly lines: readonly PricedLine[]; readonly discount: number; readonly total: number },
): Promise<void> {
  if (binMovesStock(status))
    await rebalanceOrderStock(tx, {
      id: input.orderId,
      lines: goods.lines,
      reason: 'order_edited',
      actorId: input.adminId,
    });
  if ((await livePromoCode(tx, input.orderId)) !== null)
    await updatePromoUse(tx, input.orderId, { discount: goods.discount, total: goods.total });
}

function refundReason(status: OrderStatus, paymentStatus: string): string {
  if (paymentStatus === 'cancelled') return 'voided_payment_paid';
  if (status === 'cancelled') return 'order_cancelled';
  return 'duplicate_payment';
}
