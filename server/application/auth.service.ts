import { checkPassword, type PasswordProblem } from '../../shared-rules/password-rule';
import type { StaffRole } from '../../shared-rules/staff-role-rule';
import { LOGIN_THROTTLE, limitAddress, RATE_LIMITS } from '../domain/rate-limit';
import { type SessionRole, sessionVerdict, shouldTouch, tempPasswordUsable } from '../domain/session-policy';
import type { AccountsRepository, SessionsRepository, UserRecord } from './accounts.port';
import type { DeviceTokens, LoginThrottleStore, ThrottleKey } from './login-throttle.port';
import { accountCreatedMail, passwordResetMail, type ShopIdentity } from './mail-templates';
import type { Mailer } from './mailer.port';
import type { PasswordHasher } from './password-hasher.port';
import type { RateLimiter } from './rate-limiter.port';
import type { Secrets } from './secrets.port';

/** Security events go here; never a password, token or temporary password. */
export interface EventLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface AuthDeps {
  readonly accounts: AccountsRepository;
  readonly sessions: SessionsRepository;
  readonly hasher: PasswordHasher;
  readonly secrets: Secrets;
  readonly limiter: RateLimiter;
  readonly mailer: Mailer;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
  readonly now: () => number;
  /** Failed-login counts with progressive delays (throttle the attacker, not the owner). */
  readonly throttle: LoginThrottleStore;
  /** Signed device cookies of browsers that signed in before. */
  readonly devices: DeviceTokens;
  /** Waits (the fixed delay of an unknown device while its account is under attack). */
  readonly sleep: (ms: number) => Promise<void>;
  /** A staff member's second factor (docs/staff.md): checks a code from the app or a recovery code. */
  readonly secondFactor?: { check(userId: number, code: string): Promise<boolean> };
}

/** Who is calling, decided from the session cookie only. */
export type Caller =
  | { readonly kind: 'anonymous' }
  | {
      readonly kind: 'client';
      readonly clientId: number;
      readonly email: string;
      readonly tempPasswordActive: boolean;
      readonly tokenHash: string;
    }
  | {
      readonly kind: 'admin';
      readonly adminId: number;
      readonly email: string;
      readonly tokenHash: string;
      /** Decides the admin areas this staff member opens (shared-rules/staff-role-rule.ts). */
      readonly staffRole: StaffRole;
    };

export interface AuthState {
  readonly authenticated: boolean;
  readonly userRole?: SessionRole;
  readonly clientId?: number;
  readonly staffRole?: StaffRole;
  readonly tempPasswordActive: boolean;
}

export type LoginResult =
  | {
      readonly ok: true;
      readonly token: string;
      readonly role: SessionRole;
      readonly state: AuthState;
      /** A fresh device cookie for this browser and account (set on login, absent on register). */
      readonly device?: { readonly token: string; readonly maxAgeSeconds: number };
    }
  | { readonly ok: false; readonly error: 'invalid_credentials' }
  /** A staff member the owner blocked (told only after the right password). */
  | { readonly ok: false; readonly error: 'blocked' }
  /** The password was right and the second factor is on: ask «Код из приложения» (or it was wrong). */
  | { readonly ok: false; readonly error: 'second_factor_required' | 'second_factor_invalid' }
  | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number };

export type RegisterResult =
  | LoginResult
  | { readonly ok: false; readonly error: 'email_taken' }
  | { readonly ok: false; readonly error: 'weak_password'; readonly problem: PasswordProblem };

export type ChangePasswordResult =
  | { readonly ok: true; readonly token: string; readonly role: SessionRole; readonly state: AuthState }
  | { readonly ok: false; readonly error: 'unauthorized' | 'invalid_credentials' }
  | { readonly ok: false; readonly error: 'weak_password'; readonly problem: PasswordProblem }
  | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number };

export function authStateOf(caller: Caller): AuthState {
  if (caller.kind === 'client') {
    return {
      authenticated: true,
      userRole: 'user',
      clientId: caller.clientId,
      tempPasswordActive: caller.tempPasswordActive,
    };
  }
  if (caller.kind === 'admin')
    return { authenticated: true, userRole: 'admin', staffRole: caller.staffRole, tempPasswordActive: false };
  return { authenticated: false, tempPasswordActive: false };
}

const stateFor = (user: UserRecord, tempPasswordActive: boolean): AuthState =>
  user.role === 'admin'
    ? { authenticated: true, userRole: 'admin', staffRole: user.staffRole ?? 'content', tempPasswordActive }
    : { authenticated: true, userRole: 'user', clientId: user.id, tempPasswordActive };

export class AuthService {
  /** A real argon2id hash of a random string: unknown e-mails are verified against it (same timing). */
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly deps: AuthDeps) {}

  private dummy(): Promise<string> {
    this.dummyHash ??= this.deps.hasher.hash(this.deps.secrets.newRandomId());
    return this.dummyHash;
  }

  async resolve(token: string | undefined): Promise<Caller> {
    if (token === undefined || token.length < 16 || token.length > 128) return { kind: 'anonymous' };
    const tokenHash = this.deps.secrets.hashToken(token);
    const session = await this.deps.sessions.find(tokenHash);
    if (session === null) return { kind: 'anonymous' };
    const now = this.deps.now();
    if (sessionVerdict(session.role, session, now) !== 'alive') {
      await this.deps.sessions.delete(tokenHash);
      return { kind: 'anonymous' };
    }
    const user = await this.deps.accounts.findById(session.userId);
    // A blocked staff member's sessions were deleted when blocked; this also ends one racing the block.
    if (user === null || user.role !== session.role || user.blocked) {
      await this.deps.sessions.delete(tokenHash);
      return { kind: 'anonymous' };
    }
    if (shouldTouch(session, now)) await this.deps.sessions.touch(tokenHash, now);
    if (user.role === 'admin')
      return {
        kind: 'admin',
        adminId: user.id,
        email: user.email,
        tokenHash,
        staffRole: user.staffRole ?? 'content',
      };
    return {
      kind: 'client',
      clientId: user.id,
      email: user.email,
      tempPasswordActive: user.mustChangePassword,
      tokenHash,
    };
  }

  /** Starts a fresh session (a new token every time: no session fixation), ending `previousToken`. */
  private async startSession(user: UserRecord, previousToken: string | undefined): Promise<string> {
    if (previousToken !== undefined)
      await this.deps.sessions.delete(this.deps.secrets.hashToken(previousToken));
    const token = this.deps.secrets.newSessionToken();
    const now = this.deps.now();
    await this.deps.sessions.create({
      tokenHash: this.deps.secrets.hashToken(token),
      userId: user.id,
      role: user.role,
      createdAt: now,
      lastSeenAt: now,
    });
    return token;
  }

  /**
   * Signs in (client and administrator forms alike). Throttles the attacker, not the owner
   * (LOGIN_THROTTLE in server/domain/rate-limit.ts): the keys that can block are this address, this
   * address + e-mail, or — for a browser with a valid device cookie of this account — that device +
   * e-mail; failures from elsewhere never block them. Failures on the account from everywhere only mark
   * it under attack, which makes unknown devices wait a fixed moment. Keys use the e-mail as typed, so
   * the answers are the same whether or not an account exists.
   */
  async login(
    input: {
      readonly email: string;
      readonly password: string;
      readonly ip: string;
      readonly role: SessionRole;
      readonly deviceToken?: string;
      /** The second factor's code, sent on the second submit of the admin form. */
      readonly code?: string;
    },
    previousToken: string | undefined,
  ): Promise<LoginResult> {
    const email = input.email;
    const now = this.deps.now();
    const address = limitAddress(input.ip);
    const deviceId =
      input.deviceToken === undefined ? null : this.deps.devices.verify(input.deviceToken, email, now);
    const accountKey: ThrottleKey = { key: `login:account:${email}`, rule: LOGIN_THROTTLE.account };
    // Under attack, an unknown device gets fewer free failures per address (a botnet's many addresses
    // each guess less) and waits a moment; a correct password still gets in.
    const underAttack = deviceId === null && (await this.deps.throttle.secondsBlocked(accountKey, now)) > 0;
    const ownKey: ThrottleKey =
      deviceId === null
        ? {
            key: `login:ip-account:${address}:${email}`,
            rule: underAttack ? LOGIN_THROTTLE.addressAccountUnderAttack : LOGIN_THROTTLE.addressAccount,
          }
        : { key: `login:device:${deviceId}:${email}`, rule: LOGIN_THROTTLE.deviceAccount };
    const addressKey: ThrottleKey = { key: `login:ip:${address}`, rule: LOGIN_THROTTLE.address };
    // A known device is judged on its own record, not on the address it happens to share.
    const reserved = deviceId === null ? [addressKey, ownKey] : [ownKey];
    const decision = await this.deps.throttle.reserve(reserved, now);
    if (!decision.allowed) {
      this.deps.log.warn({ event: 'login_rate_limited', role: input.role }, 'login refused by rate limit');
      return { ok: false, error: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    }
    if (underAttack) await this.deps.sleep(LOGIN_THROTTLE.unknownDeviceDelayMs);
    const failed = async (): Promise<LoginResult> => {
      await this.deps.throttle.record(accountKey, this.deps.now());
      this.deps.log.info({ event: 'login_failed', role: input.role }, 'login failed');
      return { ok: false, error: 'invalid_credentials' };
    };
    const user = await this.deps.accounts.findByEmail(email);
    if (user === null) {
      await this.deps.hasher.verify(await this.dummy(), input.password);
      return failed();
    }
    const valid =
      user.passwordHash !== null && (await this.deps.hasher.verify(user.passwordHash, input.password));
    if (!valid && user.passwordHash === null)
      await this.deps.hasher.verify(await this.dummy(), input.password);
    const temporaryHash = user.tempPasswordHash;
    const temporaryMatches =
      !valid &&
      temporaryHash !== null &&
      user.tempPasswordIssuedAt !== null &&
      tempPasswordUsable(user.tempPasswordIssuedAt, false, this.deps.now()) &&
      (await this.deps.hasher.verify(temporaryHash, input.password));
    // A client on the admin form (or the reverse) fails exactly like a wrong password.
    if ((!valid && !temporaryMatches) || user.role !== input.role) return failed();
    if (user.blocked) {
      this.deps.log.warn({ event: 'login_blocked', userId: user.id }, 'blocked staff member refused');
      return { ok: false, error: 'blocked' };
    }
    if (user.totpEnabled) {
      if (input.code === undefined) {
        // Not a failure: the form asks for the code and sends both again (counted afresh then).
        await this.deps.throttle.forgive(reserved, this.deps.now());
        return { ok: false, error: 'second_factor_required' };
      }
      // A wrong code costs what a wrong password costs (the failure reserved above stays counted).
      if (
        this.deps.secondFactor === undefined ||
        !(await this.deps.secondFactor.check(user.id, input.code))
      ) {
        await this.deps.throttle.record(accountKey, this.deps.now());
        this.deps.log.info({ event: 'second_factor_failed', userId: user.id }, 'second factor refused');
        return { ok: false, error: 'second_factor_invalid' };
      }
    }
    // Single use: only the login that clears it wins. It is used up only after every other check, so a
    // staff member asked for the second factor can send the code with the same temporary password.
    const usedTemporary =
      temporaryMatches &&
      temporaryHash !== null &&
      (await this.deps.accounts.consumeTemporaryPassword(user.id, temporaryHash));
    if (temporaryMatches && !usedTemporary) return failed();
    // The owner's own record starts afresh; the address gets back the failure counted in advance.
    await this.deps.throttle.clear([ownKey.key]);
    if (deviceId === null) await this.deps.throttle.forgive([addressKey], this.deps.now());
    const token = await this.startSession(user, previousToken);
    this.deps.log.info({ event: 'login', role: user.role, userId: user.id }, 'signed in');
    return {
      ok: true,
      token,
      role: user.role,
      state: stateFor(user, usedTemporary || user.mustChangePassword),
      device: this.deps.devices.issue(email, this.deps.now()),
    };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token !== undefined && token.length <= 128)
      await this.deps.sessions.delete(this.deps.secrets.hashToken(token));
  }

  async register(
    input: {
      readonly email: string;
      readonly password: string;
      readonly name?: string;
      readonly phone?: string;
      readonly ip: string;
    },
    previousToken: string | undefined,
  ): Promise<RegisterResult> {
    const decision = await this.deps.limiter.take([
      { key: `register:ip:${limitAddress(input.ip)}`, rule: RATE_LIMITS.register },
      // Shared with guest orders, requests and subscriptions (AbuseLimits): accounts per address.
      { key: `account:ip:${limitAddress(input.ip)}`, rule: RATE_LIMITS.accountCreationIp },
    ]);
    if (!decision.allowed)
      return { ok: false, error: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    const policy = checkPassword(input.password);
    if (!policy.ok) return { ok: false, error: 'weak_password', problem: policy.problem };
    const { user, created } = await this.deps.accounts.createIfAbsent({
      email: input.email,
      role: 'user',
      passwordHash: await this.deps.hasher.hash(input.password),
      tempPasswordHash: null,
      tempPasswordIssuedAt: null,
      name: input.name ?? null,
      phone: input.phone ?? null,
    });
    if (!created) return { ok: false, error: 'email_taken' };
    const token = await this.startSession(user, previousToken);
    this.deps.log.info({ event: 'register', userId: user.id }, 'account registered');
    return { ok: true, token, role: 'user', state: stateFor(user, false) };
  }

  /** Same outcome whether or not the e-mail has an account (ASVS 5.0 6.3.8). */
  async forgotPassword(email: string, ip: string): Promise<void> {
    const decision = await this.deps.limiter.take([
      { key: `forgot:ip:${ip}`, rule: RATE_LIMITS.forgotPasswordIp },
      { key: `forgot:account:${email}`, rule: RATE_LIMITS.forgotPasswordAccount },
    ]);
    if (!decision.allowed) {
      // Silently dropped: the answer must not differ, and the mailbox is not flooded.
      this.deps.log.warn({ event: 'forgot_password_rate_limited' }, 'password reset refused by rate limit');
      return;
    }
    const user = await this.deps.accounts.findByEmail(email);
    // Administrators recover through ADMIN_PASSWORD on the server, never by e-mail.
    if (user === null || user.role !== 'user') return;
    await this.mailTemporaryPassword(user);
  }

  /**
   * The same reset, started by an administrator for a client (the back office's «Сбросить пароль»):
   * the temporary password goes to the client's mailbox only and is never returned. The account's
   * forgot-password limit applies, so the mailbox is not flooded from either side.
   */
  async sendPasswordResetFor(
    clientId: number,
  ): Promise<
    | { readonly ok: true; readonly email: string }
    | { readonly ok: false; readonly error: 'not_found' }
    | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number }
  > {
    const user = await this.deps.accounts.findById(clientId);
    if (user === null || user.role !== 'user') return { ok: false, error: 'not_found' };
    const decision = await this.deps.limiter.take([
      { key: `forgot:account:${user.email}`, rule: RATE_LIMITS.forgotPasswordAccount },
    ]);
    if (!decision.allowed)
      return { ok: false, error: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    await this.mailTemporaryPassword(user);
    return { ok: true, email: user.email };
  }

  private async mailTemporaryPassword(user: UserRecord): Promise<void> {
    const tempPassword = this.deps.secrets.newTemporaryPassword();
    await this.deps.accounts.setTemporaryPassword(
      user.id,
      await this.deps.hasher.hash(tempPassword),
      this.deps.now(),
    );
    await this.deps.mailer.send(passwordResetMail(this.deps.shop, user.email, tempPassword));
    this.deps.log.info({ event: 'password_reset_sent', userId: user.id }, 'temporary password e-mailed');
  }

  /**
   * Sets a new password. After a temporary-password login the session itself is the proof (the
   * temporary password is already used up); otherwise the current password is checked. Every session
   * of the account ends (ASVS 5.0 7.4.3) and this browser gets a fresh one.
   */
  async changePassword(
    caller: Caller,
    input: { readonly currentPassword?: string; readonly newPassword: string; readonly ip: string },
  ): Promise<ChangePasswordResult> {
    if (caller.kind === 'anonymous') return { ok: false, error: 'unauthorized' };
    const userId = caller.kind === 'client' ? caller.clientId : caller.adminId;
    const user = await this.deps.accounts.findById(userId);
    if (user === null) return { ok: false, error: 'unauthorized' };
    if (!user.mustChangePassword) {
      const decision = await this.deps.limiter.take([
        { key: `login:ip-account:${input.ip}:${user.email}`, rule: RATE_LIMITS.loginIpAccount },
      ]);
      if (!decision.allowed)
        return { ok: false, error: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
      const current = input.currentPassword ?? '';
      const valid = user.passwordHash !== null && (await this.deps.hasher.verify(user.passwordHash, current));
      if (!valid) return { ok: false, error: 'invalid_credentials' };
    }
    const policy = checkPassword(input.newPassword);
    if (!policy.ok) return { ok: false, error: 'weak_password', problem: policy.problem };
    await this.deps.accounts.setPassword(user.id, await this.deps.hasher.hash(input.newPassword));
    await this.deps.sessions.deleteAllForUser(user.id);
    const token = await this.startSession(user, undefined);
    this.deps.log.info(
      { event: 'password_changed', userId: user.id },
      'password changed; all sessions ended',
    );
    return { ok: true, token, role: user.role, state: stateFor(user, false) };
  }

  /** The client account of an e-mail (administrators are not clients). */
  async clientIdByEmail(email: string): Promise<number | null> {
    const user = await this.deps.accounts.findByEmail(email);
    return user !== null && user.role === 'user' ? user.id : null;
  }

  /**
   * Finds the client with this e-mail or creates one with an e-mailed temporary password (requests,
   * subscription, guest checkout). Concurrent calls for one e-mail create one account.
   */
  async findOrCreateClient(
    email: string,
    reason: 'request' | 'subscription' | 'order',
    contact: { readonly name?: string; readonly phone?: string } = {},
  ): Promise<{ readonly user: UserRecord; readonly created: boolean }> {
    const existing = await this.deps.accounts.findByEmail(email);
    if (existing !== null) return { user: existing, created: false };
    const tempPassword = this.deps.secrets.newTemporaryPassword();
    const result = await this.deps.accounts.createIfAbsent({
      email,
      role: 'user',
      passwordHash: null,
      tempPasswordHash: await this.deps.hasher.hash(tempPassword),
      tempPasswordIssuedAt: this.deps.now(),
      name: contact.name ?? null,
      phone: contact.phone ?? null,
    });
    if (result.created) {
      await this.deps.mailer.send(accountCreatedMail(this.deps.shop, email, tempPassword, reason));
      this.deps.log.info(
        { event: 'account_auto_created', userId: result.user.id, reason },
        'account created',
      );
    }
    return result;
  }

  /**
   * First start (no administrator yet): creates one from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
   * generated password that the caller prints once. There is no default password.
   */
  async ensureAdmin(
    email: string,
    password: string | undefined,
  ): Promise<
    { readonly created: false } | { readonly created: true; readonly generatedPassword: string | null }
  > {
    if (await this.deps.accounts.hasAdmin()) return { created: false };
    if (password !== undefined && !checkPassword(password).ok) {
      throw new Error(
        'ADMIN_PASSWORD does not meet the password policy (at least 8 characters, not a common one).',
      );
    }
    const generated = password === undefined ? this.deps.secrets.newTemporaryPassword() : null;
    const { created } = await this.deps.accounts.createIfAbsent({
      email,
      role: 'admin',
      passwordHash: await this.deps.hasher.hash(password ?? generated ?? ''),
      tempPasswordHash: null,
      tempPasswordIssuedAt: null,
      // The first administrator is the shop's owner (docs/staff.md).
      staffRole: 'owner',
    });
    if (!created) {
      // Several server processes started together: another one created the administrator meanwhile.
      if (await this.deps.accounts.hasAdmin()) return { created: false };
      throw new Error(`ADMIN_EMAIL ${email} already belongs to a client account.`);
    }
    this.deps.log.info({ event: 'admin_created' }, 'administrator account created');
    return { created: true, generatedPassword: generated };
  }
}
