import { Schema } from 'effect';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../shared-rules/email-rule';
import { isValidPhone, PHONE_FORMAT_MESSAGE } from '../shared-rules/phone-rule';
import { STAFF_ROLES } from '../shared-rules/staff-role-rule';
import { defineEndpoint } from './endpoint';
import { SingleLineText } from './text';

/**
 * Accounts and sessions. The session lives in an httpOnly cookie set by the server; nothing here
 * carries a token. Every mutating call needs a JSON body (CSRF defence, see docs/security.md).
 */

/** Spec §5 e-mail shape (shared-rules/email-rule.ts): text, at sign, text, dot, text, no spaces; at most 254 characters. */
export const Email = Schema.String.pipe(
  Schema.check(Schema.isMaxLength(EMAIL_MAX_LENGTH), Schema.isPattern(EMAIL_PATTERN)),
);

/**
 * Spec §5 phone: optional plus, then 10–15 digits with spaces, hyphens or parentheses — the one rule of
 * shared-rules/phone-rule.ts, which the browser's forms and the server use too. The server stores it
 * in E.164 (shared-rules/phone-number.ts).
 */
export const Phone = Schema.String.pipe(
  Schema.check(Schema.makeFilter((value: string) => isValidPhone(value) || PHONE_FORMAT_MESSAGE)),
);

/** Any password as typed; the server applies the policy (≥ 8 characters) and answers weak_password. */
const PasswordInput = Schema.String.pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(1024)));

const UserRole = Schema.Literals(['user', 'admin']);

/** Six digits from the authenticator app, or a one-time recovery code (`xxxxx-xxxxx`). */
export const SecondFactorCode = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/)),
);

export const AuthState = Schema.Struct({
  authenticated: Schema.Boolean,
  userRole: Schema.optionalKey(UserRole),
  /** Present for a client, absent for an administrator and for a guest. */
  clientId: Schema.optionalKey(Schema.Int),
  /** Staff only: the role that decides which back-office areas open (shared-rules/staff-role-rule.ts). */
  staffRole: Schema.optionalKey(Schema.Literals(STAFF_ROLES)),
  /** True while the account signed in with a temporary password and has not set its own yet. */
  tempPasswordActive: Schema.Boolean,
});
export type AuthState = typeof AuthState.Type;

const Credentials = Schema.Struct({ email: Email, password: PasswordInput });

const Ok = Schema.Struct({ ok: Schema.Boolean });

export const checkAuth = defineEndpoint({
  method: 'GET',
  path: '/api/check-auth',
  summary: 'Who the session belongs to (a guest gets authenticated: false)',
  tag: 'auth',
  response: AuthState,
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/login',
  summary: 'Client sign-in; sets a fresh session cookie',
  tag: 'auth',
  body: Credentials,
  response: AuthState,
  errorStatuses: [401, 415, 429],
});

export const adminLogin = defineEndpoint({
  method: 'POST',
  path: '/api/admin-login',
  summary:
    'Staff sign-in; sets a fresh, shorter-lived session cookie. With the second factor on, the first ' +
    'submit answers 401 `second_factor_required` and the form sends `code` along',
  tag: 'auth',
  body: Schema.Struct({
    email: Email,
    password: PasswordInput,
    code: Schema.optionalKey(SecondFactorCode),
  }),
  response: AuthState,
  errorStatuses: [401, 403, 415, 429],
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/register',
  summary: 'Creates a client account and signs it in',
  tag: 'auth',
  body: Schema.Struct({
    email: Email,
    password: PasswordInput,
    phone: Schema.optionalKey(Phone),
    name: Schema.optionalKey(SingleLineText(200)),
  }),
  response: AuthState,
  successStatus: 201,
  errorStatuses: [409, 415, 422, 429],
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/logout',
  summary: 'Ends the session (always answers ok, even without one)',
  tag: 'auth',
  response: Ok,
});

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/forgot-password',
  summary: 'E-mails a temporary password; the answer is the same whether the e-mail has an account or not',
  tag: 'auth',
  body: Schema.Struct({ email: Email }),
  response: Schema.Struct({ ok: Schema.Boolean, message: Schema.String }),
  errorStatuses: [415, 429],
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/change-password',
  summary: 'Sets a new password; ends every session of the account and starts a fresh one here',
  tag: 'auth',
  body: Schema.Struct({
    /** Not needed right after signing in with a temporary password (the session is the proof). */
    currentPassword: Schema.optionalKey(PasswordInput),
    newPassword: PasswordInput,
  }),
  response: AuthState,
  errorStatuses: [401, 415, 422, 429],
});
