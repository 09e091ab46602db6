import type { StaffRole } from '../../shared-rules/staff-role-rule';
import type { SessionRole } from '../domain/session-policy';

export interface UserRecord {
  readonly id: number;
  readonly email: string;
  readonly role: SessionRole;
  readonly name: string | null;
  readonly phone: string | null;
  readonly passwordHash: string | null;
  readonly tempPasswordHash: string | null;
  readonly tempPasswordIssuedAt: number | null;
  readonly mustChangePassword: boolean;
  /** Staff only: the role that decides which admin areas they open (null for clients). */
  readonly staffRole: StaffRole | null;
  /** A blocked staff member: no sign-in, no session. */
  readonly blocked: boolean;
  /** Sign-in asks for a code from the authenticator app. */
  readonly totpEnabled: boolean;
}

export interface NewUser {
  readonly email: string;
  readonly role: SessionRole;
  readonly passwordHash: string | null;
  readonly tempPasswordHash: string | null;
  readonly tempPasswordIssuedAt: number | null;
  readonly name?: string | null;
  readonly phone?: string | null;
  readonly staffRole?: StaffRole | null;
}

export interface AccountsRepository {
  findByEmail(email: string): Promise<UserRecord | null>;
  findById(id: number): Promise<UserRecord | null>;
  /** Inserts unless the e-mail exists; concurrent calls for one e-mail create exactly one row. */
  createIfAbsent(user: NewUser): Promise<{ readonly user: UserRecord; readonly created: boolean }>;
  /** Sets a permanent password and clears any temporary one and the must-change flag. */
  setPassword(userId: number, passwordHash: string): Promise<void>;
  setTemporaryPassword(userId: number, tempPasswordHash: string, issuedAt: number): Promise<void>;
  /**
   * Uses up the temporary password atomically (only if it is still `tempPasswordHash`) and marks the
   * account as having to set its own password. False when another login used it first.
   */
  consumeTemporaryPassword(userId: number, tempPasswordHash: string): Promise<boolean>;
  hasAdmin(): Promise<boolean>;
  fillContactIfEmpty(
    userId: number,
    contact: { readonly name?: string; readonly phone?: string },
  ): Promise<void>;
}

export interface SessionRecord {
  readonly tokenHash: string;
  readonly userId: number;
  readonly role: SessionRole;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

export interface SessionsRepository {
  create(session: SessionRecord): Promise<void>;
  find(tokenHash: string): Promise<SessionRecord | null>;
  touch(tokenHash: string, at: number): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  deleteAllForUser(userId: number): Promise<void>;
}
