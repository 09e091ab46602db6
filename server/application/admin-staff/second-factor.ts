import { LOGIN_THROTTLE } from '../../domain/rate-limit';
import type { AdminActor } from '../admin-requests.service';
import type { AuditLog } from '../audit-log.port';
import type { LoginThrottleStore, ThrottleKey } from '../login-throttle.port';
import type { Secrets } from '../secrets.port';
import type { SecondFactorStore, SecretBox, TotpCodes } from './second-factor.port';

export interface SecondFactorPorts {
  readonly store: SecondFactorStore;
  readonly codes: TotpCodes;
  readonly box: SecretBox;
  readonly secrets: Pick<Secrets, 'hashToken'>;
  readonly throttle: LoginThrottleStore;
  readonly audit: AuditLog;
  readonly now: () => number;
}

const RECOVERY_CODES = 10;
const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

export type SetupOutcome =
  | { readonly ok: true; readonly otpauthUrl: string; readonly qrCode: string; readonly secret: string }
  | { readonly ok: false; readonly error: 'already_enabled' | 'not_found' };

export type CodeOutcome<T> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly error: 'not_started' | 'already_enabled' | 'not_enabled' | 'wrong_code' }
  | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number };

/**
 * The optional second factor of staff (docs/staff.md «Second factor»): TOTP from an authenticator app,
 * the secret sealed with the server's key, ten one-time recovery codes kept as SHA-256 hashes. A code
 * works once (its time step is remembered), and wrong codes are throttled like wrong passwords — at
 * sign-in by the login throttle itself, on the profile by a per-person key with the same rule. Turning
 * it off needs a current code or a recovery code, for the owner too, so a session left open cannot
 * strip it.
 */
export class SecondFactor {
  constructor(private readonly ports: SecondFactorPorts) {}

  private throttleKey(userId: number): ThrottleKey {
    return { key: `totp:${userId}`, rule: LOGIN_THROTTLE.addressAccount };
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    return (await this.ports.store.stateOf(userId))?.recoveryHashes.length ?? 0;
  }

  /** A new secret to scan; nothing changes at sign-in until a code from it is confirmed. */
  async setup(staff: { readonly id: number; readonly email: string }): Promise<SetupOutcome> {
    const state = await this.ports.store.stateOf(staff.id);
    if (state === null) return { ok: false, error: 'not_found' };
    if (state.enabled) return { ok: false, error: 'already_enabled' };
    const secret = this.ports.codes.newSecret();
    if (!(await this.ports.store.savePending(staff.id, this.ports.box.seal(secret))))
      return { ok: false, error: 'already_enabled' };
    const otpauthUrl = this.ports.codes.enrolmentUrl(secret, staff.email);
    return { ok: true, otpauthUrl, qrCode: await this.ports.codes.qrCode(otpauthUrl), secret };
  }

  /** Turns it on with a code from the pending secret; answers the recovery codes (only now, once). */
  async confirm(actor: AdminActor, code: string): Promise<CodeOutcome<{ recoveryCodes: string[] }>> {
    return this.throttled(actor.adminId, async () => {
      const state = await this.ports.store.stateOf(actor.adminId);
      if (state === null || state.sealedSecret === null) return { ok: false, error: 'not_started' };
      if (state.enabled) return { ok: false, error: 'already_enabled' };
      const secret = this.ports.box.open(state.sealedSecret);
      const step = secret === null ? null : this.ports.codes.matchingStep(secret, code, this.ports.now());
      if (step === null) return { ok: false, error: 'wrong_code' };
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => this.ports.codes.newRecoveryCode());
      const hashes = recoveryCodes.map((each) => this.ports.secrets.hashToken(each));
      if (!(await this.ports.store.enable(actor.adminId, hashes, step, this.ports.now())))
        return { ok: false, error: 'already_enabled' };
      await this.audited(actor, 'staff.secondFactorOn', false, true);
      return { ok: true, recoveryCodes };
    });
  }

  async disable(actor: AdminActor, code: string): Promise<CodeOutcome<object>> {
    return this.throttled(actor.adminId, async () => {
      const state = await this.ports.store.stateOf(actor.adminId);
      if (state === null || !state.enabled) return { ok: false, error: 'not_enabled' };
      if (!(await this.check(actor.adminId, code))) return { ok: false, error: 'wrong_code' };
      await this.ports.store.disable(actor.adminId);
      await this.audited(actor, 'staff.secondFactorOff', true, false);
      return { ok: true };
    });
  }

  /**
   * The sign-in check: a current code (each time step once) or an unused recovery code (used up).
   * Throttling is the caller's (the login throttle counts a wrong code like a wrong password).
   */
  async check(userId: number, code: string): Promise<boolean> {
    const state = await this.ports.store.stateOf(userId);
    if (state === null || !state.enabled || state.sealedSecret === null) return false;
    if (RECOVERY_CODE.test(code))
      return this.ports.store.spendRecoveryCode(userId, this.ports.secrets.hashToken(code));
    const secret = this.ports.box.open(state.sealedSecret);
    const step = secret === null ? null : this.ports.codes.matchingStep(secret, code, this.ports.now());
    return step !== null && (await this.ports.store.acceptStep(userId, step));
  }

  private async throttled<T extends { readonly ok: boolean }>(
    userId: number,
    attempt: () => Promise<T>,
  ): Promise<T | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number }> {
    const key = this.throttleKey(userId);
    const decision = await this.ports.throttle.reserve([key], this.ports.now());
    if (!decision.allowed)
      return { ok: false, error: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    const outcome = await attempt();
    if (outcome.ok) await this.ports.throttle.clear([key.key]);
    return outcome;
  }

  private async audited(actor: AdminActor, action: string, before: boolean, after: boolean): Promise<void> {
    await this.ports.audit.record({
      actorKind: 'admin',
      actorId: actor.adminId,
      action,
      entityType: 'staff',
      entityId: String(actor.adminId),
      before: { secondFactor: before },
      after: { secondFactor: after },
      ip: actor.ip,
    });
  }
}
