/**
 * Bulk «Разрешить оплату» (issue 22, item 8): which selected orders it leaves alone and why. The
 * back office's preview names each skipped order with this reason («№ 1042 — оплата при получении»),
 * and the server skips exactly these (no status change, no «можно оплатить» mail). One rule for both,
 * so the preview never promises what the server then refuses.
 */
interface AllowPaymentFacts {
  readonly paymentMethod: 'online' | 'on_delivery';
  readonly status: string;
  /** The status's Russian label («Доставлен»). */
  readonly statusLabel: string;
  readonly deleted: boolean;
  /** Paid in full (online or marked by a manager). */
  readonly paid: boolean;
  /** The lifecycle chart allows the move to «Ожидает оплаты» now. */
  readonly canAwaitPayment: boolean;
}

/** Why bulk «Разрешить оплату» skips this order, in Russian; null when it applies. */
export function allowPaymentSkipReason(order: AllowPaymentFacts): string | null {
  if (order.deleted) return 'заказ в корзине';
  if (order.status === 'cancelled') return 'заказ отменён';
  if (order.paid || order.status === 'paid') return 'уже оплачен';
  if (order.paymentMethod === 'on_delivery') return 'оплата при получении';
  if (order.status === 'awaiting_payment' || order.status === 'awaiting_prepayment')
    return 'оплата уже разрешена';
  if (!order.canAwaitPayment) return `из статуса «${order.statusLabel}» оплату не открыть`;
  return null;
}
