import type { StaffRole } from '../../../shared-rules/staff-role-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Staff accounts of the back office (/api/admin/staff, the owner's «Сотрудники»; docs/staff.md). */
export interface StaffMember {
  readonly id: number;
  readonly email: string;
  readonly name: string | null;
  readonly role: StaffRole;
  readonly blocked: boolean;
  readonly totpEnabled: boolean;
  readonly createdAt: string;
}

export interface NewStaffMember {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
}

export interface StaffChange {
  readonly role?: StaffRole;
  readonly blocked?: boolean;
}

export interface AdminStaffPort {
  list(options?: CallOptions): Promise<readonly StaffMember[]>;
  /** The temporary password goes to the new person's mailbox; the answer never holds it. */
  create(member: NewStaffMember, options?: CallOptions): Promise<StaffMember>;
  change(id: number, change: StaffChange, options?: CallOptions): Promise<StaffMember>;
}

export const ADMIN_STAFF_PORT: PortToken<AdminStaffPort> = portToken<AdminStaffPort>('AdminStaffPort');
