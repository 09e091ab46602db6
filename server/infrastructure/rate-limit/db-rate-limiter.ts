import { inArray, sql } from 'drizzle-orm';
import type { RateDecision, RateLimiter } from '../../application/rate-limiter.port';
import { type BucketRule, refill, take } from '../../domain/rate-limit';
import type { AppDb } from '../db/database';
import { rateLimitBuckets } from '../db/schema/accounts.schema';

type Bucket = { readonly key: string; readonly rule: BucketRule };

/**
 * Token buckets kept in PostgreSQL, so limits survive restarts and hold across several API processes.
 * The buckets of one decision are read with FOR UPDATE inside a transaction: two processes cannot both
 * spend the last token.
 */
export class DbRateLimiter implements RateLimiter {
  constructor(
    private readonly db: AppDb,
    private readonly now: () => number = Date.now,
  ) {}

  async take(buckets: readonly Bucket[]): Promise<RateDecision> {
    if (buckets.length === 0) return { allowed: true };
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const keys = buckets.map((bucket) => bucket.key);
      // Rows must exist to be locked; insert-if-missing first (a full bucket).
      await tx
        .insert(rateLimitBuckets)
        .values(
          buckets.map((bucket) => ({ key: bucket.key, tokens: bucket.rule.capacity, updatedAtMs: now })),
        )
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(rateLimitBuckets)
        .where(inArray(rateLimitBuckets.key, keys))
        .orderBy(rateLimitBuckets.key)
        .for('update');
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const results = buckets.map((bucket) => {
        const row = byKey.get(bucket.key);
        return {
          bucket,
          result: take(bucket.rule, row ? { tokens: row.tokens, updatedAt: row.updatedAtMs } : null, now),
        };
      });
      const refused = results.filter((entry) => !entry.result.allowed);
      if (refused.length > 0) {
        const retryAfterSeconds = Math.max(
          ...refused.map((entry) => (entry.result.allowed ? 0 : entry.result.retryAfterSeconds)),
        );
        return { allowed: false, retryAfterSeconds };
      }
      for (const { bucket, result } of results) {
        await tx
          .update(rateLimitBuckets)
          .set({ tokens: result.state.tokens, updatedAtMs: result.state.updatedAt })
          .where(sql`${rateLimitBuckets.key} = ${bucket.key}`);
      }
      return { allowed: true };
    });
  }

  async refund(buckets: readonly Bucket[]): Promise<void> {
    const now = this.now();
    for (const bucket of buckets) {
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(rateLimitBuckets)
          .where(sql`${rateLimitBuckets.key} = ${bucket.key}`)
          .for('update');
        if (!row) return;
        const current = refill(bucket.rule, { tokens: row.tokens, updatedAt: row.updatedAtMs }, now);
        await tx
          .update(rateLimitBuckets)
          .set({ tokens: Math.min(bucket.rule.capacity, current.tokens + 1), updatedAtMs: current.updatedAt })
          .where(sql`${rateLimitBuckets.key} = ${bucket.key}`);
      });
    }
  }
}
