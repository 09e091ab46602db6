/**
 * «Согласовать доставку» (issue 25, item 13): a delivery is agreed on a day, so an order without a
 * delivery date cannot move to «Доставка согласована». The order card refuses the move and says so at
 * the «Дата» field; the bulk status change leaves such orders alone with the same reason. One rule and
 * one message for every place that moves an order (the server's chart may take it too).
 */
const DELIVERY_AGREED_STATUS = 'delivery_agreed';

export const DELIVERY_DATE_REQUIRED = 'Укажите дату доставки: без неё доставку не согласовать';

/** Why the order cannot move to `to` for want of a delivery date, in Russian; null when it can. */
export function deliveryDateRefusal(to: string, deliveryDate: string | null): string | null {
  return to === DELIVERY_AGREED_STATUS && (deliveryDate === null || deliveryDate.trim() === '')
    ? DELIVERY_DATE_REQUIRED
    : null;
}
