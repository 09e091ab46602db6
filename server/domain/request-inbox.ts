/**
 * The rules of the client-requests inbox (back office): what counts as unread, since when a client
 * waits for the shop, what a reply does to the status, and how a filter day maps to instants.
 */
import type { RequestStatus } from '../../shared-rules/request-labels-rule';

export type { RequestStatus };

/** Unread: no administrator opened the request since the client last wrote (or ever). */
export function isUnread(adminReadAt: number | null, clientActivityAt: number): boolean {
  return adminReadAt === null || adminReadAt < clientActivityAt;
}

/** A closed request waits for nobody; otherwise the oldest unanswered client word counts. */
export function waitingSince(status: RequestStatus, awaitingReplySince: number | null): number | null {
  return status === 'closed' ? null : awaitingReplySince;
}

/**
 * A reply puts the ball in the client's court: an open request becomes «Ждём клиента». A reply on a
 * closed request (a closing remark) leaves it closed.
 */
export function statusAfterReply(current: RequestStatus): RequestStatus {
  return current === 'closed' ? 'closed' : 'waiting_client';
}

/** The shop works in Moscow time (UTC+3, no daylight saving since 2014). */
const SHOP_UTC_OFFSET = '+03:00';

/** [start, end) of a YYYY-MM-DD day in the shop's time zone, epoch ms; null for an impossible date. */
export function shopDayRange(day: string): { readonly start: number; readonly end: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const start = Date.parse(`${day}T00:00:00${SHOP_UTC_OFFSET}`);
  if (!Number.isFinite(start)) return null;
  // Date.parse rolls 2026-02-31 over to March; such a day does not exist.
  const check = new Date(start + 3 * 3_600_000);
  if (check.getUTCDate() !== Number(match[3]) || check.getUTCMonth() + 1 !== Number(match[2])) return null;
  return { start, end: start + 24 * 3_600_000 };
}

/** The first characters of a request text for the inbox row. */
export function excerptOf(text: string, length = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1)}…`;
}
