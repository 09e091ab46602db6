import type { AdminOrder, AdminOrderStatus } from '../../ports/admin-orders.port';
import { closesPayLink } from './order-card.machine';

/**
 * The button of a move the server's chart offers. The chart names a move by where it goes
 * («Подтвердить» for «Подтверждён»); from «Ожидает оплаты» / «Ожидает предоплаты» that same move closes
 * the client's pay link, so the card calls it that: a manager who has just pressed «Разрешить оплату»
 * is not offered «Подтвердить» again (issue 25, item 13). Which moves exist stays the chart's answer.
 */
export function statusMoveLabel(from: AdminOrderStatus, move: AdminOrder['actions'][number]): string {
  return closesPayLink(from, move.to) ? 'Закрыть оплату' : move.label;
}
