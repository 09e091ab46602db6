/**
 * Unread counters of the admin area and of the client account (spec §4 "Notification counters").
 *
 * The server answers "how many events since <last-seen time>" (GET …/unread-summary?since=). Those
 * totals are not what the badge shows: the badge accumulates only the positive difference between
 * each new total and the last known one, so a total that shrinks (an order deleted, a request
 * withdrawn) never makes the badge go down. Only a reset zeroes it, and a reset also starts a new
 * last-seen time, after which the server counts from zero again.
 *
 * All counts are whole numbers from 0 to Number.MAX_SAFE_INTEGER; a sum that would pass it saturates.
 */
import { isRecord } from './product';

export const ADMIN_COUNTER_KEYS = ['newOrders', 'orderUpdates', 'newRequests', 'newRequestMessages'] as const;
export type AdminCounterKey = (typeof ADMIN_COUNTER_KEYS)[number];

export const CLIENT_COUNTER_KEYS = ['orderStatusChanges', 'requestReplies', 'promoUpdates'] as const;
export type ClientCounterKey = (typeof CLIENT_COUNTER_KEYS)[number];

/** One whole non-negative count per key. */
export type Counters<K extends string> = Readonly<Record<K, number>>;
export type AdminCounters = Counters<AdminCounterKey>;
export type ClientCounters = Counters<ClientCounterKey>;

/** Totals from one server answer; a key the answer lacked (or garbled) is absent, not zero. */
export type ServerTotals<K extends string> = Readonly<Partial<Record<K, number>>>;

export interface CounterState<K extends string> {
  /** What the badges show: the sum of positive deltas since the last reset. Persisted. */
  readonly accumulated: Counters<K>;
  /** The last total the server reported per key, the base of the next delta. */
  readonly lastKnownTotals: Counters<K>;
}

/** Local storage keys of the persisted values (spec §9). */
export const COUNTER_STORAGE_KEYS = {
  adminAccumulated: 'adminAggCounts',
  adminLastSeen: 'adminLastSeen',
  clientAccumulated: 'clientAggCounts',
  clientLastSeen: 'clientLastSeen',
} as const;

/** Client reset types of PATCH /api/client/unread-summary/reset {type} (spec §7). */
export const CLIENT_RESET_TYPES = ['orders', 'requests', 'promos'] as const;
export type ClientResetType = (typeof CLIENT_RESET_TYPES)[number];

/** Which client counters each server reset type zeroes. */
export const CLIENT_RESET_KEYS: Readonly<Record<ClientResetType, readonly ClientCounterKey[]>> = {
  orders: ['orderStatusChanges'],
  requests: ['requestReplies'],
  promos: ['promoUpdates'],
};

/** Unread-summary polling interval, and how far back the first `since` reaches (spec §9: 3 min). */
export const UNREAD_POLL_INTERVAL_MS = 180_000;
const FIRST_SINCE_LOOKBACK_MS = 180_000;

/** Whether a value is a count: a whole number from 0 to Number.MAX_SAFE_INTEGER. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

// Counts from the network or storage: a count, or a count written in digits (PostgreSQL's count(*)
// arrives as a string from some drivers). Anything else is not a count.
function decodeCount(value: unknown): number | null {
  if (isCount(value)) return value;
  if (typeof value === 'string' && /^[0-9]{1,15}$/.test(value)) return Number(value);
  return null;
}

function countersFrom<K extends string>(keys: readonly K[], countOf: (key: K) => number): Counters<K> {
  const counters = {} as Record<K, number>;
  for (const key of keys) counters[key] = countOf(key);
  return counters;
}

// The keys a state was made with (by emptyCounterState / restoreCounterState / decodeStoredCounters).
function keysOf<K extends string>(counters: Counters<K>): K[] {
  return Object.keys(counters) as K[];
}

function countOr0(value: unknown): number {
  return isCount(value) ? value : 0;
}

/** All keys at zero. */
export function zeroCounters<K extends string>(keys: readonly K[]): Counters<K> {
  return countersFrom(keys, () => 0);
}

/** A fresh state: nothing accumulated, nothing known. */
export function emptyCounterState<K extends string>(keys: readonly K[]): CounterState<K> {
  return { accumulated: zeroCounters(keys), lastKnownTotals: zeroCounters(keys) };
}

/**
 * The state after a page load, from the persisted accumulated counts. Only those and the last-seen
 * time are stored, and the server still counts from that same last-seen time, so the accumulated
 * count is the best base for the next delta; starting from zero would count every event again.
 */
export function restoreCounterState<K extends string>(
  keys: readonly K[],
  accumulated: Counters<K>,
): CounterState<K> {
  const restored = countersFrom(keys, (key) => countOr0(accumulated[key]));
  return { accumulated: restored, lastKnownTotals: restored };
}

/**
 * One server answer applied: per key, `accumulated += max(0, total − lastKnown)` and
 * `lastKnown = total`, so a smaller total lowers the base but never the badge. Keys missing from
 * `totals`, or holding something that is not a count, are left as they were.
 */
export function applyServerTotals<K extends string>(
  state: CounterState<K>,
  totals: ServerTotals<K>,
): CounterState<K> {
  const keys = keysOf(state.accumulated);
  const accumulated = countersFrom(keys, (key) => {
    const total = totals[key];
    const before = countOr0(state.accumulated[key]);
    if (!isCount(total)) return before;
    const delta = Math.max(0, total - countOr0(state.lastKnownTotals[key]));
    return Math.min(Number.MAX_SAFE_INTEGER, before + delta);
  });
  const lastKnownTotals = countersFrom(keys, (key) => {
    const total = totals[key];
    return isCount(total) ? total : countOr0(state.lastKnownTotals[key]);
  });
  return { accumulated, lastKnownTotals };
}

/**
 * The given keys zeroed (all keys when none are given), both accumulated and last known: a reset
 * starts a new last-seen time, after which the server counts those keys from zero again.
 */
export function resetCounters<K extends string>(
  state: CounterState<K>,
  keysToReset: readonly K[] = keysOf(state.accumulated),
): CounterState<K> {
  const keys = keysOf(state.accumulated);
  const zeroed = new Set<K>(keysToReset);
  const keep = (counters: Counters<K>) =>
    countersFrom(keys, (key) => (zeroed.has(key) ? 0 : countOr0(counters[key])));
  return { accumulated: keep(state.accumulated), lastKnownTotals: keep(state.lastKnownTotals) };
}

/** Sum of all counters, saturating at Number.MAX_SAFE_INTEGER. */
export function sumCounters<K extends string>(counters: Counters<K>): number {
  const sum = keysOf(counters).reduce((total, key) => total + countOr0(counters[key]), 0);
  return Math.min(Number.MAX_SAFE_INTEGER, sum);
}

/**
 * The account icon badge (spec §2: "a badge summing order-status changes, request replies and
 * promo updates").
 */
export function clientBadgeSum(counters: ClientCounters): number {
  return CLIENT_COUNTER_KEYS.reduce(
    (total, key) => Math.min(Number.MAX_SAFE_INTEGER, total + countOr0(counters[key])),
    0,
  );
}

/**
 * Totals from an unread-summary answer of unknown shape: each key that holds a count (number or
 * digits) is taken, every other key is absent so that `applyServerTotals` leaves it alone.
 */
export function decodeServerTotals<K extends string>(keys: readonly K[], value: unknown): ServerTotals<K> {
  const totals: Partial<Record<K, number>> = {};
  if (!isRecord(value)) return totals;
  for (const key of keys) {
    const count = decodeCount(value[key]);
    if (count !== null) totals[key] = count;
  }
  return totals;
}

/**
 * Persisted accumulated counts (adminAggCounts, clientAggCounts) from any stored JSON value: each
 * key that holds a count is taken, everything else (missing, negative, fractional, text) is zero.
 */
export function decodeStoredCounters<K extends string>(keys: readonly K[], value: unknown): Counters<K> {
  const stored = isRecord(value) ? value : {};
  return countersFrom(keys, (key) => decodeCount(stored[key]) ?? 0);
}

/**
 * A persisted last-seen time (adminLastSeen, clientLastSeen) as epoch milliseconds: a non-negative
 * whole number, digits, or an ISO date string. Anything else is `null`, meaning "never reset".
 */
export function decodeLastSeen(value: unknown): number | null {
  const count = decodeCount(value);
  if (count !== null) return count;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const parsed = Date.parse(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

/**
 * The `since` of the next unread-summary call: the last-seen time, or three minutes before now when
 * there is none (spec §9: "first 'since' defaults to 3 min before now"). `now` is passed in.
 */
export function unreadSince(lastSeen: number | null, now: number): number {
  if (lastSeen !== null && isCount(lastSeen)) return lastSeen;
  return Math.max(0, now - FIRST_SINCE_LOOKBACK_MS);
}
