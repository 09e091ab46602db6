import type { AdminActor } from '../admin-requests.service';
import type { AuditLog } from '../audit-log.port';
import type { EventLog } from '../auth.service';
import type { StaffDirectory, StaffRecord } from './staff.port';

export interface ResetSecondFactorPorts {
  readonly staff: Pick<StaffDirectory, 'resetSecondFactor'>;
  readonly audit: AuditLog;
  readonly log: EventLog;
}

export type ResetSecondFactorResult =
  | { readonly ok: true; readonly staff: StaffRecord }
  | { readonly ok: false; readonly error: 'not_found' | 'not_enabled' | 'self' };

/**
 * The owner resets the second factor of a staff member who lost their phone (docs/staff.md «Second
 * factor»). Their secret and recovery codes are dropped and every session of theirs ends in the same
 * transaction, so whoever holds the lost device's session is out; the person signs in with the
 * password alone and may turn the factor on again. Nobody resets their own: that is «Отключить» on the
 * profile, which needs a code — else a session left open could strip the owner's factor.
 */
export function resetSecondFactor(ports: ResetSecondFactorPorts) {
  return async (actor: AdminActor, id: number): Promise<ResetSecondFactorResult> => {
    if (id === actor.adminId) return { ok: false, error: 'self' };
    const outcome = await ports.staff.resetSecondFactor(id);
    if (!outcome.ok) return outcome;
    await ports.audit.record({
      actorKind: 'admin',
      actorId: actor.adminId,
      action: 'staff.secondFactorReset',
      entityType: 'staff',
      entityId: String(id),
      before: { secondFactor: true },
      after: { secondFactor: false },
      ip: actor.ip,
    });
    ports.log.info(
      { event: 'staff_second_factor_reset', staffId: id, by: actor.adminId },
      'staff second factor reset by the owner',
    );
    return { ok: true, staff: outcome.staff };
  };
}
