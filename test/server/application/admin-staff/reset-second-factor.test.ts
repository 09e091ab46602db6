import { describe, expect, it } from 'vitest';
import { resetSecondFactor } from '../../../../server/application/admin-staff/reset-second-factor';
import type {
  ResetSecondFactorOutcome,
  StaffRecord,
} from '../../../../server/application/admin-staff/staff.port';
import type { AuditEntry, AuditLog } from '../../../../server/application/audit-log.port';

/**
 * The owner's reset of a lost second factor with in-memory ports: refused for oneself before the store
 * is asked, audited only when something changed. (Sessions ending with it: test/api/staff.api.test.ts.)
 */
const OWNER = { adminId: 1, ip: '203.0.113.7' } as const;
const MANAGER: StaffRecord = {
  id: 2,
  email: 'olga@shop.test',
  name: 'Ольга',
  role: 'manager',
  blocked: false,
  totpEnabled: false,
  createdAt: 0,
};

function harness(answer: ResetSecondFactorOutcome) {
  const entries: AuditEntry[] = [];
  const asked: number[] = [];
  const audit: AuditLog = {
    record: async (entry) => {
      entries.push(entry);
    },
    listFor: async () => [],
  };
  const reset = resetSecondFactor({
    staff: {
      resetSecondFactor: async (id) => {
        asked.push(id);
        return answer;
      },
    },
    audit,
    log: { info: () => undefined, warn: () => undefined },
  });
  return { reset, entries, asked };
}

describe('resetting a staff member’s second factor', () => {
  it('drops it and writes who did it, before → after', async () => {
    const { reset, entries } = harness({ ok: true, staff: MANAGER });
    expect(await reset(OWNER, 2)).toEqual({ ok: true, staff: MANAGER });
    expect(entries).toEqual([
      {
        actorKind: 'admin',
        actorId: 1,
        action: 'staff.secondFactorReset',
        entityType: 'staff',
        entityId: '2',
        before: { secondFactor: true },
        after: { secondFactor: false },
        ip: '203.0.113.7',
      },
    ]);
  });

  it('refuses one’s own without asking the store: that needs a code on the profile', async () => {
    const { reset, entries, asked } = harness({ ok: true, staff: MANAGER });
    expect(await reset(OWNER, 1)).toEqual({ ok: false, error: 'self' });
    expect(asked).toEqual([]);
    expect(entries).toEqual([]);
  });

  it.each(['not_found', 'not_enabled'] as const)('answers %s and logs nothing', async (error) => {
    const { reset, entries } = harness({ ok: false, error });
    expect(await reset(OWNER, 2)).toEqual({ ok: false, error });
    expect(entries).toEqual([]);
  });
});
