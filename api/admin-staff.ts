import { Schema } from 'effect';
import { ADMIN_AREAS, STAFF_ROLES } from '../shared-rules/staff-role-rule';
import { Email, SecondFactorCode } from './auth';
import { IsoDate } from './dates';
import { defineEndpoint } from './endpoint';
import { IdFromString, intParam } from './query-fields';
import { SingleLineText } from './text';

/**
 * Staff accounts, the audit log and each staff member's own profile with the second factor
 * (docs/staff.md). Staff and the log are the owner's (`area: 'staff'`); the profile is everyone's.
 * No answer ever carries a password, a TOTP secret other than at its setup, or a recovery code other
 * than right after confirming.
 */

const StaffRoleId = Schema.Literals(STAFF_ROLES);
const AdminAreaId = Schema.Literals(ADMIN_AREAS);

export const StaffMember = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
  name: Schema.NullOr(Schema.String),
  role: StaffRoleId,
  blocked: Schema.Boolean,
  /** Sign-in asks for a code from the authenticator app. */
  totpEnabled: Schema.Boolean,
  createdAt: Schema.String,
});
export type StaffMember = typeof StaffMember.Type;

export const listStaff = defineEndpoint({
  area: 'staff',
  method: 'GET',
  path: '/api/admin/staff',
  summary: 'Staff accounts (owner only)',
  tag: 'admin-staff',
  response: Schema.Array(StaffMember),
  errorStatuses: [401, 403],
});

export const createStaff = defineEndpoint({
  area: 'staff',
  method: 'POST',
  path: '/api/admin/staff',
  summary: 'Creates a staff account; the temporary password is e-mailed to them, never answered',
  tag: 'admin-staff',
  body: Schema.Struct({ email: Email, name: SingleLineText(200, 1), role: StaffRoleId }),
  response: StaffMember,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const updateStaff = defineEndpoint({
  area: 'staff',
  method: 'PATCH',
  path: '/api/admin/staff/:id',
  summary: 'Changes a staff member’s role or blocks / unblocks them (a block ends their sessions at once)',
  tag: 'admin-staff',
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({
    role: Schema.optionalKey(StaffRoleId),
    blocked: Schema.optionalKey(Schema.Boolean),
  }),
  response: StaffMember,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const resetStaffSecondFactor = defineEndpoint({
  area: 'staff',
  method: 'POST',
  path: '/api/admin/staff/:id/second-factor/reset',
  summary:
    'Drops another staff member’s lost second factor and ends their sessions; they sign in with the ' +
    'password alone and may turn it on again (owner only, never one’s own)',
  tag: 'admin-staff',
  params: Schema.Struct({ id: IdFromString }),
  response: StaffMember,
  errorStatuses: [401, 403, 404, 409, 415],
});

const AuditEntryView = Schema.Struct({
  id: Schema.Int,
  at: Schema.String,
  /** The staff member; null for the system (payments, the stock import). */
  actor: Schema.NullOr(Schema.Struct({ id: Schema.Int, name: Schema.String })),
  area: Schema.NullOr(AdminAreaId),
  action: Schema.String,
  entityType: Schema.String,
  entityId: Schema.String,
  /** Field by field, «поле: было → стало»; values as text (JSON for lists and objects). */
  changes: Schema.Array(
    Schema.Struct({
      field: Schema.String,
      before: Schema.NullOr(Schema.String),
      after: Schema.NullOr(Schema.String),
    }),
  ),
  ip: Schema.NullOr(Schema.String),
});

const AuditQuery = Schema.Struct({
  actorId: Schema.optionalKey(IdFromString),
  area: Schema.optionalKey(AdminAreaId),
  /** First and last day included (Moscow time). */
  from: Schema.optionalKey(IsoDate),
  to: Schema.optionalKey(IsoDate),
  /** Words in what was done: the action, the thing's kind or number, a value before or after. */
  q: Schema.optionalKey(SingleLineText(200, 1)),
  page: intParam(1, 100_000, 1),
  limit: intParam(1, 100, 50),
});

export const AuditPage = Schema.Struct({
  items: Schema.Array(AuditEntryView),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
});
export type AuditPage = typeof AuditPage.Type;

export const listAudit = defineEndpoint({
  area: 'staff',
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'The audit log, newest first, filtered by person, area, days and text (owner only)',
  tag: 'admin-staff',
  query: AuditQuery,
  response: AuditPage,
  errorStatuses: [401, 403],
});

export const StaffProfile = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
  name: Schema.NullOr(Schema.String),
  role: StaffRoleId,
  totpEnabled: Schema.Boolean,
  recoveryCodesLeft: Schema.Int,
});
export type StaffProfile = typeof StaffProfile.Type;

export const getStaffProfile = defineEndpoint({
  area: 'common',
  method: 'GET',
  path: '/api/admin/profile',
  summary: 'The signed-in staff member’s own profile',
  tag: 'admin-staff',
  response: StaffProfile,
  errorStatuses: [401, 403],
});

export const startTotpSetup = defineEndpoint({
  area: 'common',
  method: 'POST',
  path: '/api/admin/profile/totp/setup',
  summary: 'A new TOTP secret to scan (QR code as an SVG data URL); on only after a confirmed code',
  tag: 'admin-staff',
  response: Schema.Struct({ otpauthUrl: Schema.String, qrCode: Schema.String, secret: Schema.String }),
  errorStatuses: [401, 403, 409, 415],
});

export const confirmTotp = defineEndpoint({
  area: 'common',
  method: 'POST',
  path: '/api/admin/profile/totp/confirm',
  summary: 'Turns the second factor on with a code from the app; answers the one-time recovery codes once',
  tag: 'admin-staff',
  body: Schema.Struct({ code: SecondFactorCode }),
  response: Schema.Struct({ recoveryCodes: Schema.Array(Schema.String) }),
  errorStatuses: [401, 403, 409, 415, 422, 429],
});

export const disableTotp = defineEndpoint({
  area: 'common',
  method: 'POST',
  path: '/api/admin/profile/totp/disable',
  summary: 'Turns the second factor off; only with a current code or a recovery code',
  tag: 'admin-staff',
  body: Schema.Struct({ code: SecondFactorCode }),
  response: StaffProfile,
  errorStatuses: [401, 403, 409, 415, 422, 429],
});
