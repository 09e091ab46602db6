/**
 * What the order lifecycle asks of payments when the chart (server/domain/order-lifecycle.machine.ts)
 * names a payment effect. Implemented by the payments service; the orders service calls it after the
 * status change is stored. Each call is idempotent: a retry voids or refunds nothing twice.
 */
export interface OrderPaymentEffects {
  /** `voidPendingPayments`: cancel every still-pending payment of the order at the gateway. */
  voidPending(orderId: number): Promise<void>;
  /** `refundPayments`: refund everything the order took (a cancelled paid order). */
  refundAll(orderId: number, reason: string): Promise<void>;
  /** `issueSettlementReceipt`: 54-FZ receipt №2 for an order paid before handover, on delivery. */
  issueSettlementReceipt(orderId: number): Promise<void>;
}
