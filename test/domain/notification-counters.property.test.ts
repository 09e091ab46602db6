import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  ADMIN_COUNTER_KEYS,
  type AdminCounterKey,
  applyServerTotals,
  CLIENT_COUNTER_KEYS,
  type CounterState,
  type Counters,
  clientBadgeSum,
  decodeLastSeen,
  decodeServerTotals,
  decodeStoredCounters,
  emptyCounterState,
  isCount,
  resetCounters,
  restoreCounterState,
  type ServerTotals,
} from '../../src/domain/notification-counters';

const totalsArb: fc.Arbitrary<ServerTotals<AdminCounterKey>> = fc.record(
  {
    newOrders: fc.nat({ max: 50 }),
    orderUpdates: fc.nat({ max: 50 }),
    newRequests: fc.nat({ max: 50 }),
    newRequestMessages: fc.nat({ max: 50 }),
  },
  { requiredKeys: [] },
);

/** Server answers as they arrive, sometimes garbled (decoded like the adapter does). */
const answersArb = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: totalsArb },
    { weight: 1, arbitrary: fc.anything().map((value) => decodeServerTotals(ADMIN_COUNTER_KEYS, value)) },
  ),
  { maxLength: 20 },
);

function isCounters(keys: readonly string[], counters: Counters<string>): boolean {
  return (
    Object.keys(counters).sort().join() === [...keys].sort().join() &&
    keys.every((key) => isCount(counters[key]))
  );
}

describe('applyServerTotals laws', () => {
  test.prop([answersArb])('accumulated never decreases without a reset', (answers) => {
    let state: CounterState<AdminCounterKey> = emptyCounterState(ADMIN_COUNTER_KEYS);
    for (const totals of answers) {
      const next = applyServerTotals(state, totals);
      for (const key of ADMIN_COUNTER_KEYS)
        expect(next.accumulated[key]).toBeGreaterThanOrEqual(state.accumulated[key]);
      state = next;
    }
  });

  test.prop([answersArb])(
    'accumulated is the sum of the positive deltas between successive totals',
    (answers) => {
      let state: CounterState<AdminCounterKey> = emptyCounterState(ADMIN_COUNTER_KEYS);
      for (const totals of answers) state = applyServerTotals(state, totals);
      for (const key of ADMIN_COUNTER_KEYS) {
        let last = 0;
        let sum = 0;
        for (const totals of answers) {
          const total = totals[key];
          if (total === undefined) continue;
          sum += Math.max(0, total - last);
          last = total;
        }
        expect(state.accumulated[key]).toBe(sum);
        expect(state.lastKnownTotals[key]).toBe(last);
      }
    },
  );

  test.prop([answersArb])('every count stays a whole non-negative number on every key', (answers) => {
    let state: CounterState<AdminCounterKey> = emptyCounterState(ADMIN_COUNTER_KEYS);
    for (const totals of answers) {
      state = applyServerTotals(state, totals);
      expect(isCounters(ADMIN_COUNTER_KEYS, state.accumulated)).toBe(true);
      expect(isCounters(ADMIN_COUNTER_KEYS, state.lastKnownTotals)).toBe(true);
    }
  });

  test.prop([answersArb, totalsArb])(
    'the same answer twice in a row adds nothing the second time',
    (answers, totals) => {
      let state: CounterState<AdminCounterKey> = emptyCounterState(ADMIN_COUNTER_KEYS);
      for (const answer of answers) state = applyServerTotals(state, answer);
      const once = applyServerTotals(state, totals);
      expect(applyServerTotals(once, totals)).toEqual(once);
    },
  );

  test.prop([answersArb, fc.subarray([...ADMIN_COUNTER_KEYS])])(
    'a reset zeroes exactly the chosen keys and leaves the others',
    (answers, chosen) => {
      let state: CounterState<AdminCounterKey> = emptyCounterState(ADMIN_COUNTER_KEYS);
      for (const answer of answers) state = applyServerTotals(state, answer);
      const reset = resetCounters(state, chosen);
      for (const key of ADMIN_COUNTER_KEYS) {
        expect(reset.accumulated[key]).toBe(chosen.includes(key) ? 0 : state.accumulated[key]);
        expect(reset.lastKnownTotals[key]).toBe(chosen.includes(key) ? 0 : state.lastKnownTotals[key]);
      }
    },
  );
});

describe('decoder laws', () => {
  test.prop([fc.anything()])('any stored value decodes to a full set of counts', (value) => {
    expect(isCounters(CLIENT_COUNTER_KEYS, decodeStoredCounters(CLIENT_COUNTER_KEYS, value))).toBe(true);
    expect(isCounters(ADMIN_COUNTER_KEYS, decodeStoredCounters(ADMIN_COUNTER_KEYS, value))).toBe(true);
  });

  test.prop([fc.anything()])('server totals hold only known keys with counts', (value) => {
    const totals = decodeServerTotals(ADMIN_COUNTER_KEYS, value);
    for (const [key, count] of Object.entries(totals)) {
      expect(ADMIN_COUNTER_KEYS).toContain(key);
      expect(isCount(count)).toBe(true);
    }
  });

  test.prop([
    fc.record({
      orderStatusChanges: fc.nat({ max: 10_000 }),
      requestReplies: fc.nat({ max: 10_000 }),
      promoUpdates: fc.nat({ max: 10_000 }),
    }),
  ])('stored counts survive a JSON round trip, and a restore keeps them', (counts) => {
    const decoded = decodeStoredCounters(CLIENT_COUNTER_KEYS, JSON.parse(JSON.stringify(counts)));
    expect(decoded).toEqual(counts);
    expect(restoreCounterState(CLIENT_COUNTER_KEYS, decoded).accumulated).toEqual(counts);
    expect(clientBadgeSum(decoded)).toBe(
      counts.orderStatusChanges + counts.requestReplies + counts.promoUpdates,
    );
  });

  test.prop([fc.anything()])('a last-seen time is null or a whole non-negative number', (value) => {
    const decoded = decodeLastSeen(value);
    expect(decoded === null || isCount(decoded)).toBe(true);
  });

  test.prop([fc.date({ min: new Date(0), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true })])(
    'a last-seen time stored as a number or an ISO string reads back the same',
    (date) => {
      expect(decodeLastSeen(date.getTime())).toBe(date.getTime());
      expect(decodeLastSeen(JSON.parse(JSON.stringify(date)))).toBe(date.getTime());
    },
  );
});
