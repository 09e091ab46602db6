import type { AdminArea, StaffRole } from '../../../shared-rules/staff-role-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Staff accounts of the back office (/api/admin/staff, the owner's «Сотрудники»), the audit log (the
 * owner's «Журнал действий») and each person's own «Профиль» with the second factor (docs/staff.md).
 */
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

/** The signed-in staff member's own profile. */
export interface StaffProfile {
  readonly id: number;
  readonly email: string;
  readonly name: string | null;
  readonly role: StaffRole;
  readonly totpEnabled: boolean;
  readonly recoveryCodesLeft: number;
}

/** A new authenticator secret: the QR code (an SVG data URL) and the same secret to type by hand. */
export interface TotpEnrolment {
  readonly otpauthUrl: string;
  readonly qrCode: string;
  readonly secret: string;
}

/** «Журнал действий» filters; days are Moscow days, both included (a type: it is a query string). */
export type AuditQuery = {
  readonly actorId?: number;
  readonly area?: AdminArea;
  readonly from?: string;
  readonly to?: string;
  /** Words in the action, the thing changed, or a value before / after. */
  readonly q?: string;
  readonly page: number;
  readonly limit: number;
};

export interface AuditEntry {
  readonly id: number;
  /** ISO time of the write. */
  readonly at: string;
  /** Null for the system (payments, the stock import). */
  readonly actor: { readonly id: number; readonly name: string } | null;
  readonly area: AdminArea | null;
  readonly action: string;
  readonly entityType: string;
  readonly entityId: string;
  /** Field by field; values as text (JSON for lists and objects). */
  readonly changes: readonly {
    readonly field: string;
    readonly before: string | null;
    readonly after: string | null;
  }[];
  readonly ip: string | null;
}

export interface AuditPage {
  readonly items: readonly AuditEntry[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

export interface AdminStaffPort {
  list(options?: CallOptions): Promise<readonly StaffMember[]>;
  /** The temporary password goes to the new person's mailbox; the answer never holds it. */
  create(member: NewStaffMember, options?: CallOptions): Promise<StaffMember>;
  change(id: number, change: StaffChange, options?: CallOptions): Promise<StaffMember>;
  /** Drops another person's lost second factor; the server ends their sessions. */
  resetSecondFactor(id: number, options?: CallOptions): Promise<StaffMember>;
  audit(query: AuditQuery, options?: CallOptions): Promise<AuditPage>;
  profile(options?: CallOptions): Promise<StaffProfile>;
  startTotpSetup(options?: CallOptions): Promise<TotpEnrolment>;
  /** Turns the second factor on; answers the ten recovery codes, shown this once. */
  confirmTotp(code: string, options?: CallOptions): Promise<readonly string[]>;
  /** Turns it off with a current code or a recovery code; answers the profile after it. */
  disableTotp(code: string, options?: CallOptions): Promise<StaffProfile>;
}

export const ADMIN_STAFF_PORT: PortToken<AdminStaffPort> = portToken<AdminStaffPort>('AdminStaffPort');
