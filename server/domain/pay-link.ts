import type { OrderStatus } from './order-lifecycle.machine';

/**
 * The signed pay link (issue 22, item 5): `/pay/{orderId}?t={token}` opens that order's pay page
 * without signing in. The token is `{expiry}.{mac}`: the expiry in seconds since the epoch (base 36)
 * and an HMAC-SHA256 (base64url, 43 characters) over «pay1.{orderId}.{version}.{expiry}» with a server
 * secret. The order's pay-link version lives in the database, not in the token: re-issuing the link
 * bumps it, so every earlier token stops matching. The MAC itself is computed by an adapter; the rules
 * here (message, token shape, when a link may open) are pure.
 */

/** Days a new link works unless PAY_LINK_TTL_DAYS says otherwise. */
export const PAY_LINK_DEFAULT_TTL_DAYS = 7;
export const PAY_LINK_MAX_TTL_DAYS = 90;

const MAC_LENGTH = 43;
const TOKEN_SHAPE = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

/** What the MAC covers: the order, its current pay-link version and the expiry. */
export function payLinkMessage(orderId: number, version: number, expiresAt: number): string {
  return `pay1.${orderId}.${version}.${expiresAt.toString(36)}`;
}

/** The token of a MAC (base64url) and an expiry (seconds). */
export function formatPayLinkToken(expiresAt: number, mac: string): string {
  return `${expiresAt.toString(36)}.${mac}`;
}

interface ParsedPayLinkToken {
  /** Seconds since the epoch. */
  readonly expiresAt: number;
  readonly mac: string;
}

/** The token's parts, or null for anything not shaped like a token this shop issues. */
export function parsePayLinkToken(token: unknown): ParsedPayLinkToken | null {
  if (typeof token !== 'string' || token.length > 11 + 1 + MAC_LENGTH) return null;
  const match = TOKEN_SHAPE.exec(token);
  if (match === null) return null;
  const expiresAt = Number.parseInt(match[1] ?? '', 36);
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= 0) return null;
  return { expiresAt, mac: match[2] ?? '' };
}

/** Seconds since the epoch when a link issued at `nowMs` stops working. */
export function payLinkExpiry(nowMs: number, ttlDays: number): number {
  const days = Math.min(PAY_LINK_MAX_TTL_DAYS, Math.max(1, Math.floor(ttlDays)));
  return Math.floor(nowMs / 1000) + days * 86_400;
}

/**
 * Statuses in which the link opens the pay page: before payment (the page says when it can be paid)
 * and while the order waits for payment or prepayment. Paid, prepaid, cancelled and everything after
 * close it: there is nothing left to pay online.
 */
const LINK_OPEN_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'new',
  'confirmed',
  'awaiting_payment',
  'awaiting_prepayment',
]);

/** Whether a link can open an order in this status at all (the admin re-issues only then). */
export function payLinkStatusOpen(status: OrderStatus): boolean {
  return LINK_OPEN_STATUSES.has(status);
}

interface PayLinkOrderState {
  readonly status: OrderStatus;
  readonly deleted: boolean;
  /** Online payment was chosen (cash or card on delivery has nothing to pay by link). */
  readonly online: boolean;
}

/** Whether a token whose MAC matched may open the order now. */
export function payLinkOpens(order: PayLinkOrderState, expiresAt: number, nowMs: number): boolean {
  return !order.deleted && order.online && LINK_OPEN_STATUSES.has(order.status) && expiresAt * 1000 > nowMs;
}
