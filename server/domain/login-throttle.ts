/**
 * Progressive delays for failed logins (docs/security.md, "Logins: throttle the attacker, not the
 * owner"). Failures are counted per key (an address, an address + account, a known device + account,
 * an account); after `freeFailures` failures a key is blocked for `baseDelaySeconds`, doubling with each
 * further failure up to `maxDelaySeconds`. A key untouched for `forgetAfterMs` starts afresh. Pure: the
 * store passes the state it read and the time, and writes back what this returns.
 */
export interface FailureRule {
  readonly freeFailures: number;
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
  readonly forgetAfterMs: number;
}

export interface FailureState {
  readonly failures: number;
  readonly lastFailureAtMs: number;
  /** Derived from the two above; kept so an operator can read it in the table. */
  readonly blockedUntilMs: number;
}

const current = (rule: FailureRule, state: FailureState | null, now: number): FailureState | null =>
  state === null || now - state.lastFailureAtMs > rule.forgetAfterMs ? null : state;

/** How long `failures` failures block the key, in milliseconds (0 below the free allowance). */
export function delayMs(rule: FailureRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** doublings) * 1000;
}

/** Seconds until the key may try again (0: it may try now). */
export function secondsBlocked(rule: FailureRule, state: FailureState | null, now: number): number {
  const live = current(rule, state, now);
  if (live === null) return 0;
  const until = live.lastFailureAtMs + delayMs(rule, live.failures);
  return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
}

/** The state after one more failure at `now`. */
export function withFailure(rule: FailureRule, state: FailureState | null, now: number): FailureState {
  const failures = (current(rule, state, now)?.failures ?? 0) + 1;
  return { failures, lastFailureAtMs: now, blockedUntilMs: now + delayMs(rule, failures) };
}

/** The state with one failure taken back (an attempt counted in advance turned out to succeed). */
export function withoutOneFailure(
  rule: FailureRule,
  state: FailureState | null,
  now: number,
): FailureState | null {
  const live = current(rule, state, now);
  if (live === null || live.failures <= 1) return null;
  const failures = live.failures - 1;
  return {
    failures,
    lastFailureAtMs: live.lastFailureAtMs,
    blockedUntilMs: live.lastFailureAtMs + delayMs(rule, failures),
  };
}
