import { describe, expect, it } from 'vitest';
import {
  ADMIN_COUNTER_KEYS,
  applyServerTotals,
  CLIENT_COUNTER_KEYS,
  CLIENT_RESET_KEYS,
  CLIENT_RESET_TYPES,
  type ClientCounterKey,
  COUNTER_STORAGE_KEYS,
  clientBadgeSum,
  decodeLastSeen,
  decodeServerTotals,
  decodeStoredCounters,
  emptyCounterState,
  resetCounters,
  restoreCounterState,
  sumCounters,
  UNREAD_POLL_INTERVAL_MS,
  unreadSince,
  zeroCounters,
} from '../../src/domain/notification-counters';

describe('keys and constants of the spec', () => {
  it('names the admin and client counters as the unread-summary answers do', () => {
    expect(ADMIN_COUNTER_KEYS).toEqual(['newOrders', 'orderUpdates', 'newRequests', 'newRequestMessages']);
    expect(CLIENT_COUNTER_KEYS).toEqual(['orderStatusChanges', 'requestReplies', 'promoUpdates']);
  });

  it('stores under the spec’s local storage keys', () => {
    expect(COUNTER_STORAGE_KEYS).toEqual({
      adminAccumulated: 'adminAggCounts',
      adminLastSeen: 'adminLastSeen',
      clientAccumulated: 'clientAggCounts',
      clientLastSeen: 'clientLastSeen',
    });
  });

  it('maps each client reset type to the counter it zeroes, covering every counter once', () => {
    expect(CLIENT_RESET_TYPES).toEqual(['orders', 'requests', 'promos']);
    expect(CLIENT_RESET_KEYS).toEqual({
      orders: ['orderStatusChanges'],
      requests: ['requestReplies'],
      promos: ['promoUpdates'],
    });
    const covered = CLIENT_RESET_TYPES.flatMap((type) => CLIENT_RESET_KEYS[type]).sort();
    expect(covered).toEqual([...CLIENT_COUNTER_KEYS].sort());
  });

  it('polls every 180 s', () => {
    expect(UNREAD_POLL_INTERVAL_MS).toBe(180_000);
  });
});

describe('applyServerTotals', () => {
  const start = emptyCounterState(CLIENT_COUNTER_KEYS);

  it('accumulates the positive difference to the last known total', () => {
    const first = applyServerTotals(start, { orderStatusChanges: 2, requestReplies: 0, promoUpdates: 1 });
    expect(first.accumulated).toEqual({ orderStatusChanges: 2, requestReplies: 0, promoUpdates: 1 });
    const second = applyServerTotals(first, { orderStatusChanges: 5, requestReplies: 1, promoUpdates: 1 });
    expect(second.accumulated).toEqual({ orderStatusChanges: 5, requestReplies: 1, promoUpdates: 1 });
    expect(second.lastKnownTotals).toEqual({ orderStatusChanges: 5, requestReplies: 1, promoUpdates: 1 });
  });

  it('a smaller total lowers the base but never the badge', () => {
    const high = applyServerTotals(start, { orderStatusChanges: 4 });
    const lower = applyServerTotals(high, { orderStatusChanges: 1 });
    expect(lower.accumulated.orderStatusChanges).toBe(4);
    expect(lower.lastKnownTotals.orderStatusChanges).toBe(1);
    const again = applyServerTotals(lower, { orderStatusChanges: 3 });
    expect(again.accumulated.orderStatusChanges).toBe(6);
  });

  it('leaves keys the answer lacks or garbles as they were', () => {
    const state = applyServerTotals(start, { orderStatusChanges: 2, requestReplies: 3 });
    const next = applyServerTotals(state, {
      requestReplies: -1,
      promoUpdates: Number.NaN,
    } as unknown as Partial<Record<ClientCounterKey, number>>);
    expect(next).toEqual(state);
  });

  it('saturates instead of leaving the range of exact integers', () => {
    const near = restoreCounterState(['n'], { n: Number.MAX_SAFE_INTEGER - 1 });
    const state = applyServerTotals({ ...near, lastKnownTotals: { n: 0 } }, { n: 10 });
    expect(state.accumulated.n).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('resetCounters', () => {
  const state = applyServerTotals(emptyCounterState(CLIENT_COUNTER_KEYS), {
    orderStatusChanges: 2,
    requestReplies: 3,
    promoUpdates: 4,
  });

  it('zeroes the keys of a reset type, both accumulated and last known', () => {
    const reset = resetCounters(state, CLIENT_RESET_KEYS.requests);
    expect(reset.accumulated).toEqual({ orderStatusChanges: 2, requestReplies: 0, promoUpdates: 4 });
    expect(reset.lastKnownTotals).toEqual({ orderStatusChanges: 2, requestReplies: 0, promoUpdates: 4 });
  });

  it('zeroes everything by default (client logout)', () => {
    expect(resetCounters(state)).toEqual(emptyCounterState(CLIENT_COUNTER_KEYS));
  });

  it('after a reset the server counts from zero again and every new event shows', () => {
    const reset = resetCounters(state, ['promoUpdates']);
    expect(applyServerTotals(reset, { promoUpdates: 1 }).accumulated.promoUpdates).toBe(1);
  });
});

describe('sums', () => {
  it('the client badge sums order-status changes, request replies and promo updates', () => {
    expect(clientBadgeSum({ orderStatusChanges: 1, requestReplies: 2, promoUpdates: 3 })).toBe(6);
    expect(clientBadgeSum(zeroCounters(CLIENT_COUNTER_KEYS))).toBe(0);
  });

  it('sumCounters adds every key and saturates', () => {
    expect(sumCounters({ newOrders: 1, orderUpdates: 2, newRequests: 3, newRequestMessages: 4 })).toBe(10);
    expect(sumCounters({ a: Number.MAX_SAFE_INTEGER, b: Number.MAX_SAFE_INTEGER })).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });
});

describe('decoders', () => {
  it('reads server totals, digits included, and leaves out what is not a count', () => {
    expect(
      decodeServerTotals(ADMIN_COUNTER_KEYS, { newOrders: 3, orderUpdates: '2', newRequests: -1, extra: 5 }),
    ).toEqual({ newOrders: 3, orderUpdates: 2 });
    expect(decodeServerTotals(ADMIN_COUNTER_KEYS, null)).toEqual({});
    expect(decodeServerTotals(ADMIN_COUNTER_KEYS, [1, 2])).toEqual({});
  });

  it('turns stored garbage into zeros', () => {
    expect(decodeStoredCounters(CLIENT_COUNTER_KEYS, 'oops')).toEqual(zeroCounters(CLIENT_COUNTER_KEYS));
    expect(
      decodeStoredCounters(CLIENT_COUNTER_KEYS, {
        orderStatusChanges: 2.5,
        requestReplies: '7',
        promoUpdates: true,
      }),
    ).toEqual({ orderStatusChanges: 0, requestReplies: 7, promoUpdates: 0 });
    expect(decodeStoredCounters(ADMIN_COUNTER_KEYS, { newOrders: 1e300 })).toEqual(
      zeroCounters(ADMIN_COUNTER_KEYS),
    );
  });

  it('reads a last-seen time as epoch milliseconds, digits or an ISO date', () => {
    expect(decodeLastSeen(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(decodeLastSeen('1700000000000')).toBe(1_700_000_000_000);
    expect(decodeLastSeen('2024-05-01T10:00:00.000Z')).toBe(Date.UTC(2024, 4, 1, 10));
  });

  it.each([null, undefined, 'вчера', -5, 1.5, Number.NaN, {}, '2024-13-45', 'Tue, 01 May 2024'])(
    'reads %j as never reset',
    (value) => {
      expect(decodeLastSeen(value)).toBeNull();
    },
  );
});

describe('restore and since', () => {
  it('restores the persisted counts as the base, so a reload does not count events twice', () => {
    const restored = restoreCounterState(CLIENT_COUNTER_KEYS, {
      orderStatusChanges: 3,
      requestReplies: 0,
      promoUpdates: 1,
    });
    const next = applyServerTotals(restored, { orderStatusChanges: 3, requestReplies: 1, promoUpdates: 1 });
    expect(next.accumulated).toEqual({ orderStatusChanges: 3, requestReplies: 1, promoUpdates: 1 });
  });

  it('asks from the last-seen time, or from three minutes before now', () => {
    expect(unreadSince(1_000, 999_999)).toBe(1_000);
    expect(unreadSince(null, 1_000_000)).toBe(820_000);
    expect(unreadSince(null, 10)).toBe(0);
  });
});
