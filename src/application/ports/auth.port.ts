import type { StaffRole } from '../../../shared-rules/staff-role-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Accounts and sessions (spec §7 "Authentication"). The session is an httpOnly cookie; every call
 * sends credentials. Failures reject with `PortFailure` (a wrong password is `bad-request`, 401).
 */

/** What the server says about the session, as the auth machine reads it. */
export interface AuthAnswer {
  readonly authenticated: boolean;
  /** userRole (or role) of the answer; 'user' when absent (spec §3). */
  readonly role: string;
  /** A client's id; null for an administrator and a guest. */
  readonly clientId: number | null;
  readonly tempPasswordActive: boolean;
  /** Staff only (shared-rules/staff-role-rule.ts). */
  readonly staffRole?: StaffRole;
}

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** The administrator's sign-in; `code` once the server asked for the second factor (docs/staff.md). */
export interface AdminCredentials extends Credentials {
  /** Six digits from the authenticator app, or a one-time recovery code `xxxxx-xxxxx`. */
  readonly code?: string;
}

export interface Registration extends Credentials {
  readonly phone?: string;
  readonly name?: string;
}

export interface PasswordChange {
  readonly currentPassword: string;
  readonly newPassword: string;
}

export interface AuthPort {
  checkAuth(options?: CallOptions): Promise<AuthAnswer>;
  login(credentials: Credentials, options?: CallOptions): Promise<AuthAnswer>;
  /** Fails with code `second_factor_required` / `second_factor_invalid` (401) when the code is due. */
  adminLogin(credentials: AdminCredentials, options?: CallOptions): Promise<AuthAnswer>;
  register(registration: Registration, options?: CallOptions): Promise<AuthAnswer>;
  /** Resolves with the server's Russian confirmation text (the same whether the e-mail exists or not). */
  forgotPassword(email: string, options?: CallOptions): Promise<string>;
  changePassword(change: PasswordChange, options?: CallOptions): Promise<AuthAnswer>;
  logout(options?: CallOptions): Promise<void>;
}

export const AUTH_PORT: PortToken<AuthPort> = portToken<AuthPort>('AuthPort');
