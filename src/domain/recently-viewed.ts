/**
 * Recently viewed products (spec §4 "Recently viewed", §3, §9): a list of product ids, newest
 * first, without repeats, at most 50 long.
 */

export const RECENTLY_VIEWED_LIMIT = 50;

/** The localStorage key for the guest's list (spec §9 says one exists but does not name it). */
export const RECENTLY_VIEWED_STORAGE_KEY = 'recentlyViewed';

/** Product ids, newest first. */
export type RecentlyViewed = readonly number[];

export const EMPTY_RECENTLY_VIEWED: RecentlyViewed = [];

/** A product id is a positive safe integer. */
export function isProductId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * Keeps the first occurrence of every valid id, in order, up to the limit. Applied to every result so
 * that even a list that came from somewhere else (an old build, another tab) never breaks the rules.
 */
function normalise(ids: Iterable<unknown>): RecentlyViewed {
  const seen = new Set<number>();
  const result: number[] = [];
  for (const id of ids) {
    if (result.length >= RECENTLY_VIEWED_LIMIT) break;
    if (isProductId(id) && !seen.has(id)) {
      seen.add(id);
      result.push(id);
    }
  }
  return result;
}

/**
 * Spec §4: "Adding moves the item to the front, de-duplicates, caps at 50". An invalid id leaves
 * the list as it is (cleaned of anything invalid).
 */
export function addViewed(list: RecentlyViewed, productId: number): RecentlyViewed {
  if (!isProductId(productId)) return normalise(list);
  return normalise([productId, ...list]);
}

/** Spec §4: "Clearing empties all." */
export function clearViewed(): RecentlyViewed {
  return EMPTY_RECENTLY_VIEWED;
}

/**
 * Spec §4: on sign-in the guest's list is pushed to the server one by one, oldest first — so the
 * server, which puts each new view in front, ends with the same newest-first order.
 */
export function viewedOldestFirst(list: RecentlyViewed): RecentlyViewed {
  return [...normalise(list)].reverse();
}

/** An id from one stored entry: a number, a decimal string, or an object carrying the product id. */
function readId(entry: unknown): unknown {
  if (typeof entry === 'string') return /^\d{1,15}$/.test(entry.trim()) ? Number(entry.trim()) : null;
  if (typeof entry === 'object' && entry !== null) {
    const record = entry as Record<string, unknown>;
    const candidate = record.id ?? record.productId ?? record.product_id ?? null;
    // One level only: an id is never itself an object.
    return typeof candidate === 'object' ? null : readId(candidate);
  }
  return entry;
}

/**
 * Turns whatever was stored (or returned by GET /api/viewed) into a valid list: the parsed JSON value
 * or the raw JSON text. Entries may be ids, decimal strings or objects with id / productId /
 * product_id; anything else is skipped. Never throws: unreadable input is an empty list.
 */
export function parseStoredViewed(stored: unknown): RecentlyViewed {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return EMPTY_RECENTLY_VIEWED;
    }
  }
  if (!Array.isArray(value)) return EMPTY_RECENTLY_VIEWED;
  return normalise(value.map(readId));
}
