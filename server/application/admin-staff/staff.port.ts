import type { StaffRole } from '../../../shared-rules/staff-role-rule';

/** A staff account as the back office shows it (users.id is the staff id; docs/staff.md). */
export interface StaffRecord {
  readonly id: number;
  readonly email: string;
  readonly name: string | null;
  readonly role: StaffRole;
  readonly blocked: boolean;
  readonly totpEnabled: boolean;
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

export interface NewStaff {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly tempPasswordHash: string;
  readonly issuedAt: number;
}

export type CreateStaffOutcome =
  | { readonly ok: true; readonly staff: StaffRecord }
  | { readonly ok: false; readonly error: 'email_taken'; readonly by: 'client' | 'staff' };

export interface StaffChange {
  readonly role?: StaffRole;
  readonly blocked?: boolean;
}

export type ChangeStaffOutcome =
  | { readonly ok: true; readonly before: StaffRecord; readonly after: StaffRecord }
  | { readonly ok: false; readonly error: 'not_found' | 'last_owner' };

export type ResetSecondFactorOutcome =
  | { readonly ok: true; readonly staff: StaffRecord }
  | { readonly ok: false; readonly error: 'not_found' | 'not_enabled' };

export interface StaffDirectory {
  /** Every staff account, owners first, then by name. */
  list(): Promise<StaffRecord[]>;
  /** Inserts unless the e-mail has an account; concurrent calls for one e-mail create one row. */
  create(staff: NewStaff): Promise<CreateStaffOutcome>;
  /**
   * Applies a role change and/or a block in one transaction that keeps at least one unblocked owner
   * (the owners' rows are locked first, so two owners demoting each other at once cannot both win).
   * Blocking deletes the person's sessions in the same transaction: they are signed out at once.
   */
  change(id: number, change: StaffChange, at: number): Promise<ChangeStaffOutcome>;
  /**
   * Drops a staff member's second factor (secret, recovery codes, last step) and deletes their sessions
   * in one transaction; `not_enabled` when it was not on (nothing changes then).
   */
  resetSecondFactor(id: number): Promise<ResetSecondFactorOutcome>;
}
