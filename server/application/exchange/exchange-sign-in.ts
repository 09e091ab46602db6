import { LOGIN_THROTTLE, limitAddress } from '../../domain/rate-limit';
import type { LoginThrottleStore, ThrottleKey } from '../login-throttle.port';
import type { ExchangeAccount } from './exchange.port';

export type ExchangeSignInResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'wrong' }
  | { readonly ok: false; readonly reason: 'throttled'; readonly retryAfterSeconds: number };

/**
 * The exchange account's password checks, throttled per address like the back office's login
 * (LOGIN_THROTTLE.addressAccount — the one account from one address: 10 free failures, then a wait from one minute doubling
 * to an hour; counted where every process sees it). A failure is counted before the password is
 * checked, so concurrent guesses cannot all slip in, and taken back when the password was right.
 * A request that carries no password (the session cookie) is not a guess and is not counted.
 */
export class ExchangeSignIn {
  constructor(
    private readonly account: ExchangeAccount,
    private readonly throttle: LoginThrottleStore,
    private readonly now: () => number,
  ) {}

  /** The Authorization header's password, checked under the address's failure budget. */
  async basic(header: string, ip: string): Promise<ExchangeSignInResult> {
    const key: ThrottleKey = { key: `exchange:ip:${limitAddress(ip)}`, rule: LOGIN_THROTTLE.addressAccount };
    const decision = await this.throttle.reserve([key], this.now());
    if (!decision.allowed)
      return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
    if (!this.account.basic(header)) return { ok: false, reason: 'wrong' };
    await this.throttle.forgive([key], this.now());
    return { ok: true };
  }

  /** A new session's cookie value. */
  issue(): string {
    return this.account.issue();
  }

  /** Whether the Cookie header holds a live session of the account. */
  session(cookieHeader: string | undefined): boolean {
    return this.account.session(cookieHeader);
  }
}
