/**
 * When the mail worker tries a message again (docs/operations.md, "Mail"). Exponential backoff: the
 * n-th failed attempt waits `baseDelayMs · 2^(n−1)`, capped at `maxDelayMs`; after `maxAttempts`
 * failures the message is given up (status `failed`, kept for the operator). Pure.
 */
export interface MailRetryPolicy {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxAttempts: number;
}

/** 10 s, 20 s, 40 s … capped at 1 h; 16 attempts ≈ 9 hours of trying before a message is given up. */
export const MAIL_RETRY: MailRetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 3_600_000, maxAttempts: 16 };

export type MailRetryVerdict =
  | { readonly kind: 'retry'; readonly nextAttemptAtMs: number }
  | { readonly kind: 'give_up' };

/** What to do after attempt number `attempts` (1-based) failed at `now`. */
export function afterFailedAttempt(policy: MailRetryPolicy, attempts: number, now: number): MailRetryVerdict {
  if (attempts >= policy.maxAttempts) return { kind: 'give_up' };
  const exponent = Math.max(0, attempts - 1);
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 40));
  return { kind: 'retry', nextAttemptAtMs: now + delay };
}
