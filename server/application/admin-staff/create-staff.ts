import { STAFF_ROLE_LABELS, type StaffRole } from '../../../shared-rules/staff-role-rule';
import type { AdminActor } from '../admin-requests.service';
import type { AuditLog } from '../audit-log.port';
import type { ShopIdentity } from '../mail-templates';
import { staffInvitationMail } from '../mail-templates';
import type { Mailer } from '../mailer.port';
import type { PasswordHasher } from '../password-hasher.port';
import type { Secrets } from '../secrets.port';
import type { CreateStaffOutcome, StaffDirectory } from './staff.port';

export interface CreateStaffPorts {
  readonly staff: Pick<StaffDirectory, 'create'>;
  readonly hasher: PasswordHasher;
  readonly secrets: Pick<Secrets, 'newTemporaryPassword'>;
  readonly mailer: Mailer;
  readonly shop: ShopIdentity;
  readonly audit: AuditLog;
  readonly now: () => number;
}

/**
 * The owner adds a staff member. Like a client's reset, the temporary password goes to the new
 * person's mailbox only (24 hours, one sign-in; docs/security.md «Passwords»): the owner never sees it,
 * so nobody but its holder can sign in as them. An e-mail that already has an account is refused.
 */
export function createStaff(ports: CreateStaffPorts) {
  return async (
    actor: AdminActor,
    input: { readonly email: string; readonly name: string; readonly role: StaffRole },
  ): Promise<CreateStaffOutcome> => {
    const tempPassword = ports.secrets.newTemporaryPassword();
    const created = await ports.staff.create({
      email: input.email,
      name: input.name.trim(),
      role: input.role,
      tempPasswordHash: await ports.hasher.hash(tempPassword),
      issuedAt: ports.now(),
    });
    if (!created.ok) return created;
    await ports.mailer.send(
      staffInvitationMail(ports.shop, input.email, tempPassword, STAFF_ROLE_LABELS[input.role]),
    );
    await ports.audit.record({
      actorKind: 'admin',
      actorId: actor.adminId,
      action: 'staff.created',
      entityType: 'staff',
      entityId: String(created.staff.id),
      before: null,
      after: { email: created.staff.email, name: created.staff.name, role: created.staff.role },
      ip: actor.ip,
    });
    return created;
  };
}
