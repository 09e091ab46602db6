/**
 * Unread-summary arithmetic (spec §3, §7): a counter is the number of events after the later of the
 * caller's `since` and the last time the person reset that counter. The browser accumulates only the
 * positive difference, so the server answers totals and never negative numbers.
 */
const CLIENT_SUMMARY_TYPES = ['orders', 'requests', 'promos'] as const;
export type ClientSummaryType = (typeof CLIENT_SUMMARY_TYPES)[number];

/** The instant counting starts from: the later of `since` and the last reset (either may be absent). */
export function countingStart(since: number | null, lastReset: number | null): number {
  return Math.max(since ?? 0, lastReset ?? 0);
}

/** Counts event times strictly after `start`. */
export function countAfter(eventTimes: readonly number[], start: number): number {
  let count = 0;
  for (const time of eventTimes) if (time > start) count += 1;
  return count;
}

/**
 * Parses the `since` query value: epoch milliseconds, epoch seconds or an ISO date. Absent or
 * unreadable → null (count everything not yet reset); a future instant is clamped to `now`.
 */
export function parseSince(raw: string | undefined, now: number): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const trimmed = raw.trim();
  let value: number;
  if (/^\d{1,16}$/.test(trimmed)) {
    const numeric = Number(trimmed);
    // Ten digits or fewer is a Unix time in seconds (good until the year 2286).
    value = trimmed.length <= 10 ? numeric * 1000 : numeric;
  } else if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)) {
    value = Date.parse(trimmed);
  } else {
    return null;
  }
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.min(value, now);
}
