import { allowPaymentSkipReason } from '../../../shared-rules/allow-payment-rule';
import { deliveryDateRefusal } from '../../../shared-rules/delivery-agreement-rule';
import { ORDER_ACTION_LABELS } from '../../../shared-rules/order-status-rule';
import type { BulkAction } from '../machines/admin/bulk-selection.machine';
import { ADMIN_ORDER_STATUS_LABELS, type AdminOrder, isAdminOrderStatus } from '../ports/admin-orders.port';

/** What a bulk action will do to one selected order, read from the order's `actions` (the chart). */
export interface BulkPreviewRow {
  readonly id: number;
  readonly allowed: boolean;
  /** «Новый → Подтверждён», or why not («из статуса «Доставлен» нельзя», «оплата при получении»). */
  readonly change: string;
}

export function bulkActionTitle(action: BulkAction): string {
  if (action.kind === 'delete') return 'Удалить заказы';
  if (action.kind === 'allowPayment') return ORDER_ACTION_LABELS.awaiting_payment;
  const label = isAdminOrderStatus(action.status) ? ADMIN_ORDER_STATUS_LABELS[action.status] : action.status;
  return `Сменить статус на «${label}»`;
}

/**
 * Per selected order: allowed or not, and the change in words. Orders not on the current page
 * (selected earlier) are listed as «проверит сервер»: the server's chart decides anyway.
 */
export function bulkPreview(
  selected: readonly number[],
  orders: readonly AdminOrder[],
  action: BulkAction,
): readonly BulkPreviewRow[] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  return selected.map((id) => {
    const order = byId.get(id);
    if (order === undefined) return { id, allowed: true, change: 'не на этой странице — проверит сервер' };
    if (action.kind === 'delete') {
      return order.deletedAt === null
        ? { id, allowed: true, change: 'в корзину (можно восстановить)' }
        : { id, allowed: false, change: 'уже в корзине' };
    }
    if (action.kind === 'allowPayment') {
      // The server's own rule (shared-rules/allow-payment-rule.ts): the same orders are skipped there.
      const skipped = allowPaymentSkipReason({
        paymentMethod: order.paymentMethod,
        status: order.status,
        statusLabel: order.statusLabel,
        deleted: order.deletedAt !== null,
        paid: order.paid,
        canAwaitPayment: order.actions.some((move) => move.to === 'awaiting_payment'),
      });
      return skipped === null
        ? {
            id,
            allowed: true,
            change: `${order.statusLabel} → ${ADMIN_ORDER_STATUS_LABELS.awaiting_payment}`,
          }
        : { id, allowed: false, change: skipped };
    }
    const target = action.status;
    const allowed = order.actions.some((move) => move.to === target);
    const to = isAdminOrderStatus(target) ? ADMIN_ORDER_STATUS_LABELS[target] : target;
    if (!allowed) return { id, allowed: false, change: `из статуса «${order.statusLabel}» нельзя` };
    // «Доставка согласована» needs a delivery day (the bulk call leaves such orders alone too).
    return deliveryDateRefusal(target, order.deliveryDetails.date) === null
      ? { id, allowed: true, change: `${order.statusLabel} → ${to}` }
      : { id, allowed: false, change: 'нет даты доставки' };
  });
}

/** The statuses a bulk change may offer: every status some selected order on the page can move to. */
export function bulkStatusTargets(
  selected: readonly number[],
  orders: readonly AdminOrder[],
): readonly string[] {
  const chosen = new Set(selected);
  const targets = new Set<string>();
  for (const order of orders)
    if (chosen.has(order.id)) for (const move of order.actions) targets.add(move.to);
  return [...targets];
}

/** The dialog's summary line: what happens, and why the rest is left alone. */
export function bulkPreviewSummary(preview: readonly BulkPreviewRow[], action: BulkAction): string {
  const allowed = preview.filter((row) => row.allowed).length;
  if (allowed === preview.length) return '';
  if (action.kind === 'allowPayment') {
    return `Оплата откроется для ${allowed} из ${preview.length}. Остальные пропущены (причина — в списке): им не придёт письмо «можно оплатить».`;
  }
  return `Можно: ${allowed} из ${preview.length}. Остальные останутся как есть (причина — в списке).`;
}
