import { inArray, lt } from 'drizzle-orm';
import type {
  LoginThrottleStore,
  ThrottleDecision,
  ThrottleKey,
} from '../../application/login-throttle.port';
import {
  type FailureState,
  secondsBlocked,
  withFailure,
  withoutOneFailure,
} from '../../domain/login-throttle';
import type { AppDb } from '../db/database';
import { loginFailures } from '../db/schema/abuse-outbox.schema';

const SWEEP_PROBABILITY = 0.01;
const FORGOTTEN_AFTER_MS = 86_400_000;

type Transaction = Parameters<Parameters<AppDb['transaction']>[0]>[0];

const stateOf = (row: typeof loginFailures.$inferSelect | undefined): FailureState | null =>
  row === undefined
    ? null
    : { failures: row.failures, lastFailureAtMs: row.lastFailureAtMs, blockedUntilMs: row.blockedUntilMs };

/**
 * Failed-login counts in the `login_failures` table, so every API process and restart sees them. The
 * rows of one decision are locked FOR UPDATE (in key order, so two decisions never deadlock).
 */
export class DbLoginThrottle implements LoginThrottleStore {
  constructor(private readonly db: AppDb) {}

  private async locked(tx: Transaction, keys: readonly string[]) {
    const rows = await tx
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, [...keys]))
      .orderBy(loginFailures.key)
      .for('update');
    return new Map(rows.map((row) => [row.key, row]));
  }

  private async write(tx: Transaction, key: string, state: FailureState | null): Promise<void> {
    if (state === null) {
      await tx.delete(loginFailures).where(inArray(loginFailures.key, [key]));
      return;
    }
    const values = {
      failures: state.failures,
      lastFailureAtMs: state.lastFailureAtMs,
      blockedUntilMs: state.blockedUntilMs,
    };
    await tx
      .insert(loginFailures)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: loginFailures.key, set: values });
  }

  async reserve(keys: readonly ThrottleKey[], now: number): Promise<ThrottleDecision> {
    if (keys.length === 0) return { allowed: true };
    // Now and then, drop records nobody failed on for a day (every rule forgets them long before).
    if (Math.random() < SWEEP_PROBABILITY) {
      await this.db.delete(loginFailures).where(lt(loginFailures.lastFailureAtMs, now - FORGOTTEN_AFTER_MS));
    }
    return this.db.transaction(async (tx) => {
      // Rows must exist to be locked: a key seen for the first time is inserted with no failures.
      await tx
        .insert(loginFailures)
        .values(keys.map(({ key }) => ({ key, failures: 0, lastFailureAtMs: now, blockedUntilMs: 0 })))
        .onConflictDoNothing();
      const rows = await this.locked(
        tx,
        keys.map(({ key }) => key),
      );
      const waits = keys.map(({ key, rule }) => secondsBlocked(rule, stateOf(rows.get(key)), now));
      const longest = Math.max(0, ...waits);
      if (longest > 0) return { allowed: false, retryAfterSeconds: longest };
      for (const { key, rule } of keys)
        await this.write(tx, key, withFailure(rule, stateOf(rows.get(key)), now));
      return { allowed: true };
    });
  }

  async forgive(keys: readonly ThrottleKey[], now: number): Promise<void> {
    if (keys.length === 0) return;
    await this.db.transaction(async (tx) => {
      const rows = await this.locked(
        tx,
        keys.map(({ key }) => key),
      );
      for (const { key, rule } of keys) {
        const row = rows.get(key);
        if (row !== undefined) await this.write(tx, key, withoutOneFailure(rule, stateOf(row), now));
      }
    });
  }

  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.delete(loginFailures).where(inArray(loginFailures.key, [...keys]));
  }

  async record({ key, rule }: ThrottleKey, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(loginFailures)
        .values({ key, failures: 0, lastFailureAtMs: now, blockedUntilMs: 0 })
        .onConflictDoNothing();
      const rows = await this.locked(tx, [key]);
      await this.write(tx, key, withFailure(rule, stateOf(rows.get(key)), now));
    });
  }

  async secondsBlocked({ key, rule }: ThrottleKey, now: number): Promise<number> {
    const [row] = await this.db
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, [key]));
    return secondsBlocked(rule, stateOf(row), now);
  }
}
