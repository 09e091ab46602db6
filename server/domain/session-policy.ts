/**
 * Session lifetime rules (ASVS 5.0 7.1.1, 7.3.1, 7.3.2): every session has an idle timeout and an
 * absolute timeout, both shorter for administrators. Activity slides the idle deadline, never the
 * absolute one.
 */
export type SessionRole = 'user' | 'admin';

export interface SessionLifetime {
  readonly idleMs: number;
  readonly absoluteMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_LIFETIMES: Readonly<Record<SessionRole, SessionLifetime>> = {
  user: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  admin: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR },
};

/** Sliding the idle deadline on every request would write on every request; one write a minute is enough. */
const SESSION_TOUCH_INTERVAL_MS = MINUTE;

export interface SessionTimes {
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

export type SessionVerdict = 'alive' | 'idle_expired' | 'absolute_expired';

export function sessionVerdict(role: SessionRole, times: SessionTimes, now: number): SessionVerdict {
  const lifetime = SESSION_LIFETIMES[role];
  if (now - times.createdAt >= lifetime.absoluteMs) return 'absolute_expired';
  if (now - times.lastSeenAt >= lifetime.idleMs) return 'idle_expired';
  return 'alive';
}

export function shouldTouch(times: SessionTimes, now: number): boolean {
  return now - times.lastSeenAt >= SESSION_TOUCH_INTERVAL_MS;
}

/** The cookie's Max-Age: the time left before the absolute deadline, in whole seconds. */
export function cookieMaxAgeSeconds(role: SessionRole, createdAt: number, now: number): number {
  return Math.max(0, Math.floor((createdAt + SESSION_LIFETIMES[role].absoluteMs - now) / 1000));
}

/** Temporary passwords (ASVS 5.0 6.4.1): single use, and never older than 24 hours. */
export const TEMP_PASSWORD_TTL_MS = DAY;

export function tempPasswordUsable(issuedAt: number, used: boolean, now: number): boolean {
  return !used && now - issuedAt < TEMP_PASSWORD_TTL_MS && now >= issuedAt;
}
