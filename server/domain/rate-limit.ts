/**
 * Token-bucket arithmetic for rate limits (ASVS 5.0 6.1.1, 6.3.1, 2.4.1). A bucket holds up to
 * `capacity` tokens and regains `refillPerMinute` tokens a minute; each attempt takes one token.
 * Pure: the store passes the bucket it read and the time, and writes back what this returns.
 */
export interface BucketRule {
  readonly capacity: number;
  readonly refillPerMinute: number;
}

export interface BucketState {
  readonly tokens: number;
  readonly updatedAt: number;
}

export type TakeResult =
  | { readonly allowed: true; readonly state: BucketState }
  | { readonly allowed: false; readonly state: BucketState; readonly retryAfterSeconds: number };

export function refill(rule: BucketRule, state: BucketState | null, now: number): BucketState {
  if (state === null) return { tokens: rule.capacity, updatedAt: now };
  const elapsed = Math.max(0, now - state.updatedAt);
  const tokens = Math.min(rule.capacity, state.tokens + (elapsed * rule.refillPerMinute) / 60_000);
  return { tokens, updatedAt: Math.max(now, state.updatedAt) };
}

export function take(rule: BucketRule, state: BucketState | null, now: number): TakeResult {
  const current = refill(rule, state, now);
  if (current.tokens >= 1) {
    return { allowed: true, state: { tokens: current.tokens - 1, updatedAt: current.updatedAt } };
  }
  const missing = 1 - current.tokens;
  const retryAfterSeconds = Math.max(1, Math.ceil((missing * 60) / rule.refillPerMinute));
  return { allowed: false, state: current, retryAfterSeconds };
}

/**
 * The limits. Why a real user is never locked out: failed logins are counted per IP + account
 * (an attacker elsewhere spends only their own bucket), while the per-account bucket that every IP
 * shares is slow but large (ASVS 4.0.3 2.2.1: ≤100 failures an hour per account) and only slows
 * guessing; a successful login does not consume it. Per-IP buckets stop one address from spraying.
 */
export const RATE_LIMITS = {
  loginIpAccount: { capacity: 10, refillPerMinute: 1 },
  loginAccount: { capacity: 100, refillPerMinute: 100 / 60 },
  loginIp: { capacity: 60, refillPerMinute: 10 },
  register: { capacity: 10, refillPerMinute: 10 / 60 },
  forgotPasswordIp: { capacity: 10, refillPerMinute: 10 / 60 },
  forgotPasswordAccount: { capacity: 3, refillPerMinute: 3 / 60 },
  subscribeIp: { capacity: 10, refillPerMinute: 10 / 60 },
  subscribeEmail: { capacity: 3, refillPerMinute: 3 / 60 },
  requestsIp: { capacity: 10, refillPerMinute: 20 / 60 },
  requestsEmail: { capacity: 5, refillPerMinute: 10 / 60 },
} as const satisfies Record<string, BucketRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
