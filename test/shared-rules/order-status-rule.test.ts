import { describe, expect, it } from 'vitest';
import {
  CLOSE_PAY_LINK_LABEL,
  closesPayLink,
  ORDER_ACTION_LABELS,
  ORDER_STATUSES,
  orderMoveLabel,
} from '../../shared-rules/order-status-rule';

describe('orderMoveLabel: the button of a status move', () => {
  it('calls the move back from waiting for (pre)payment «Закрыть оплату», never a second «Подтвердить»', () => {
    expect(orderMoveLabel('awaiting_payment', 'confirmed')).toBe(CLOSE_PAY_LINK_LABEL);
    expect(orderMoveLabel('awaiting_prepayment', 'confirmed')).toBe(CLOSE_PAY_LINK_LABEL);
    expect(CLOSE_PAY_LINK_LABEL).toBe('Закрыть оплату');
  });

  it('names every other move by the verb of the status it leads to', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES) {
        if (closesPayLink(from, to)) continue;
        expect(orderMoveLabel(from, to)).toBe(ORDER_ACTION_LABELS[to]);
      }
    expect(orderMoveLabel('new', 'confirmed')).toBe('Подтвердить');
  });
});
