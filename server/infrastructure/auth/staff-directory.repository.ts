import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  ChangeStaffOutcome,
  CreateStaffOutcome,
  NewStaff,
  ResetSecondFactorOutcome,
  StaffChange,
  StaffDirectory,
  StaffRecord,
} from '../../application/admin-staff/staff.port';
import type { AppDb } from '../db/database';
import { sessions, users } from '../db/schema/accounts.schema';

type UserRow = typeof users.$inferSelect;

const staffOf = (row: UserRow): StaffRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.staffRole ?? 'content',
  blocked: row.blockedAt !== null,
  totpEnabled: row.totpEnabledAt !== null,
  createdAt: row.createdAt.getTime(),
});

/** Staff accounts: users rows with role 'admin' (docs/staff.md). */
export class DrizzleStaffDirectory implements StaffDirectory {
  constructor(private readonly db: AppDb) {}

  async list(): Promise<StaffRecord[]> {
    const rows = await this.db
      .select()
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(
        sql`case ${users.staffRole} when 'owner' then 0 when 'manager' then 1 else 2 end`,
        asc(sql`coalesce(${users.name}, ${users.email})`),
        asc(users.id),
      );
    return rows.map(staffOf);
  }

  async create(staff: NewStaff): Promise<CreateStaffOutcome> {
    const [row] = await this.db
      .insert(users)
      .values({
        email: staff.email,
        role: 'admin',
        staffRole: staff.role,
        name: staff.name,
        passwordHash: null,
        tempPasswordHash: staff.tempPasswordHash,
        tempPasswordIssuedAt: new Date(staff.issuedAt),
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (row) return { ok: true, staff: staffOf(row) };
    const [existing] = await this.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, staff.email))
      .limit(1);
    return { ok: false, error: 'email_taken', by: existing?.role === 'admin' ? 'staff' : 'client' };
  }

  async change(id: number, change: StaffChange, at: number): Promise<ChangeStaffOutcome> {
    return this.db.transaction(async (tx) => {
      // The owners first, always in id order: concurrent changes queue here, so the count below is true.
      const owners = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.staffRole, 'owner'), isNull(users.blockedAt)))
        .orderBy(asc(users.id))
        .for('update');
      const [current] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'admin')))
        .for('update');
      if (!current) return { ok: false, error: 'not_found' } as const;
      const before = staffOf(current);
      const role = change.role ?? before.role;
      const blocked = change.blocked ?? before.blocked;
      const stillOwner = role === 'owner' && !blocked;
      const wasActiveOwner = owners.some((owner) => owner.id === id);
      if (wasActiveOwner && !stillOwner && owners.length <= 1)
        return { ok: false, error: 'last_owner' } as const;
      const [row] = await tx
        .update(users)
        .set({
          staffRole: role,
          blockedAt: blocked ? (current.blockedAt ?? new Date(at)) : null,
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) return { ok: false, error: 'not_found' } as const;
      if (blocked && !before.blocked) await tx.delete(sessions).where(eq(sessions.userId, id));
      return { ok: true, before, after: staffOf(row) } as const;
    });
  }

  async resetSecondFactor(id: number): Promise<ResetSecondFactorOutcome> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ totpSecret: null, totpEnabledAt: null, totpRecoveryHashes: null, totpLastStep: null })
        .where(and(eq(users.id, id), eq(users.role, 'admin'), isNotNull(users.totpEnabledAt)))
        .returning();
      if (!row) {
        const [exists] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, id), eq(users.role, 'admin')))
          .limit(1);
        return { ok: false, error: exists ? 'not_enabled' : 'not_found' } as const;
      }
      // Whoever holds a session of the lost device is out with the factor.
      await tx.delete(sessions).where(eq(sessions.userId, id));
      return { ok: true, staff: staffOf(row) } as const;
    });
  }
}
