import { describe, expect, it } from 'vitest';
import {
  allowedNextStatuses,
  changeStatus,
  isOrderStatus,
  isPayable,
  ORDER_STATUSES,
} from '../../../server/domain/order-status';

describe('order status rules', () => {
  it('follows new → confirmed → paid → shipped → delivered', () => {
    expect(changeStatus('new', 'confirmed')).toEqual({ ok: true, from: 'new', to: 'confirmed' });
    expect(changeStatus('confirmed', 'paid').ok).toBe(true);
    expect(changeStatus('paid', 'shipped').ok).toBe(true);
    expect(changeStatus('shipped', 'delivered').ok).toBe(true);
  });

  it('refuses going back, skipping ahead and leaving a final state', () => {
    expect(changeStatus('paid', 'new')).toEqual({ ok: false, reason: 'not_allowed', from: 'paid' });
    expect(changeStatus('new', 'delivered').ok).toBe(false);
    expect(changeStatus('delivered', 'cancelled').ok).toBe(false);
    expect(changeStatus('cancelled', 'new').ok).toBe(false);
    expect(changeStatus('shipped', 'cancelled').ok).toBe(false);
    expect(changeStatus('new', 'new')).toEqual({ ok: false, reason: 'same_status', from: 'new' });
  });

  it('reaches every status from new and ends in delivered or cancelled', () => {
    const reached = new Set(['new']);
    const queue = ['new'] as (typeof ORDER_STATUSES)[number][];
    while (queue.length > 0) {
      const current = queue.shift();
      if (current === undefined) break;
      for (const next of allowedNextStatuses(current)) {
        if (!reached.has(next)) {
          reached.add(next);
          queue.push(next);
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUSES.filter((s) => allowedNextStatuses(s).length === 0)).toEqual([
      'delivered',
      'cancelled',
    ]);
  });

  it('recognises only the known statuses', () => {
    expect(isOrderStatus('paid')).toBe(true);
    expect(isOrderStatus('PAID')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
  });

  it('is payable only when allowed and not yet paid, shipped or cancelled', () => {
    expect(isPayable('new', true)).toBe(true);
    expect(isPayable('confirmed', true)).toBe(true);
    expect(isPayable('confirmed', false)).toBe(false);
    expect(isPayable('paid', true)).toBe(false);
    expect(isPayable('cancelled', true)).toBe(false);
  });
});
