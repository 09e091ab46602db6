import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SecondFactorState, SecondFactorStore } from '../../application/admin-staff/second-factor.port';
import type { AppDb } from '../db/database';
import { users } from '../db/schema/accounts.schema';

/** The second factor's columns of a staff member's users row (migration 0017). */
export class DrizzleSecondFactorStore implements SecondFactorStore {
  constructor(private readonly db: AppDb) {}

  async stateOf(userId: number): Promise<SecondFactorState | null> {
    const [row] = await this.db
      .select({
        secret: users.totpSecret,
        enabledAt: users.totpEnabledAt,
        hashes: users.totpRecoveryHashes,
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, 'admin')))
      .limit(1);
    if (!row) return null;
    return { sealedSecret: row.secret, enabled: row.enabledAt !== null, recoveryHashes: row.hashes ?? [] };
  }

  async savePending(userId: number, sealedSecret: string): Promise<boolean> {
    const updated = await this.db
      .update(users)
      .set({ totpSecret: sealedSecret })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    return updated.length > 0;
  }

  async enable(
    userId: number,
    recoveryHashes: readonly string[],
    step: number,
    at: number,
  ): Promise<boolean> {
    const updated = await this.db
      .update(users)
      .set({ totpEnabledAt: new Date(at), totpRecoveryHashes: [...recoveryHashes], totpLastStep: step })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    return updated.length > 0;
  }

  async disable(userId: number): Promise<void> {
    await this.db
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpRecoveryHashes: null, totpLastStep: null })
      .where(eq(users.id, userId));
  }

  async acceptStep(userId: number, step: number): Promise<boolean> {
    // Compare-and-set: of two sign-ins with the same code only one moves the step forward.
    const updated = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return updated.length > 0;
  }

  async spendRecoveryCode(userId: number, hash: string): Promise<boolean> {
    // One statement removes the hash only if present: the same code cannot be used twice at once.
    const updated = await this.db
      .update(users)
      .set({ totpRecoveryHashes: sql`${users.totpRecoveryHashes} - ${hash}::text` })
      .where(and(eq(users.id, userId), sql`${users.totpRecoveryHashes} @> jsonb_build_array(${hash}::text)`))
      .returning({ id: users.id });
    return updated.length > 0;
  }
}
