import type { BucketRule } from '../domain/rate-limit';

export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Takes one token from each named bucket, all or nothing; refused when any bucket is empty. */
export interface RateLimiter {
  take(buckets: readonly { readonly key: string; readonly rule: BucketRule }[]): Promise<RateDecision>;
  /** Gives the tokens back (a successful login does not count against the account). */
  refund(buckets: readonly { readonly key: string; readonly rule: BucketRule }[]): Promise<void>;
}
