import type { AdminActor } from '../admin-requests.service';
import type { AuditLog } from '../audit-log.port';
import type { EventLog } from '../auth.service';
import type { StaffChange, StaffDirectory, StaffRecord } from './staff.port';

export interface ChangeStaffPorts {
  readonly staff: Pick<StaffDirectory, 'change'>;
  readonly audit: AuditLog;
  readonly log: EventLog;
  readonly now: () => number;
}

export type ChangeStaffResult =
  | { readonly ok: true; readonly staff: StaffRecord }
  | { readonly ok: false; readonly error: 'not_found' | 'last_owner' | 'self_block' };

/**
 * The owner changes a staff member's role or blocks / unblocks them. A block ends every session of the
 * person at once (the store deletes them in the same transaction); a role change applies to their
 * next request, since the guard reads the role from the database on each one. The shop always keeps
 * one unblocked owner, and nobody blocks themselves. A change that changes nothing writes no entry.
 */
export function changeStaff(ports: ChangeStaffPorts) {
  return async (actor: AdminActor, id: number, change: StaffChange): Promise<ChangeStaffResult> => {
    if (change.blocked === true && id === actor.adminId) return { ok: false, error: 'self_block' };
    const outcome = await ports.staff.change(id, change, ports.now());
    if (!outcome.ok) return outcome;
    const { before, after } = outcome;
    const roleChanged = before.role !== after.role;
    const blockChanged = before.blocked !== after.blocked;
    if (roleChanged || blockChanged) {
      await ports.audit.record({
        actorKind: 'admin',
        actorId: actor.adminId,
        action: blockChanged ? (after.blocked ? 'staff.blocked' : 'staff.unblocked') : 'staff.roleChanged',
        entityType: 'staff',
        entityId: String(id),
        before: {
          ...(roleChanged ? { role: before.role } : {}),
          ...(blockChanged ? { blocked: before.blocked } : {}),
        },
        after: {
          ...(roleChanged ? { role: after.role } : {}),
          ...(blockChanged ? { blocked: after.blocked } : {}),
        },
        ip: actor.ip,
      });
      ports.log.info(
        { event: 'staff_changed', staffId: id, by: actor.adminId, role: after.role, blocked: after.blocked },
        'staff account changed',
      );
    }
    return { ok: true, staff: after };
  };
}
