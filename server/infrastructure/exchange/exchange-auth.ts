import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { EXCHANGE_COOKIE, type ExchangeAccount } from '../../application/exchange/exchange.port';

const SESSION_MS = 3_600_000;

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * The exchange account: HTTP Basic for `checkauth` (and on any request, as МойСклад sends it), then a
 * session cookie — an expiry signed with a key derived from the password, so every server process
 * accepts it and changing the password ends every session. Compared in constant time.
 */
export class ExchangeAuth implements ExchangeAccount {
  private readonly key: Buffer;

  constructor(
    private readonly account: { readonly login: string; readonly password: string },
    private readonly now: () => number = Date.now,
  ) {
    this.key = digest(`shop-exchange-session:${account.login}:${account.password}`);
  }

  /** Whether an Authorization header carries the exchange login and password. */
  basic(header: string | undefined): boolean {
    const match = /^Basic\s+([A-Za-z0-9+/=]{1,1000})$/i.exec(header?.trim() ?? '');
    if (match?.[1] === undefined) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    const loginOk = timingSafeEqual(digest(decoded.slice(0, colon)), digest(this.account.login));
    const passwordOk = timingSafeEqual(digest(decoded.slice(colon + 1)), digest(this.account.password));
    return loginOk && passwordOk;
  }

  issue(): string {
    const expires = String(this.now() + SESSION_MS);
    return `${expires}.${this.sign(expires)}`;
  }

  /** Whether the Cookie header holds a session this account issued that has not expired. */
  session(cookieHeader: string | undefined): boolean {
    const value = (cookieHeader ?? '')
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${EXCHANGE_COOKIE}=`))
      ?.slice(EXCHANGE_COOKIE.length + 1);
    const match = /^(\d{13,15})\.([0-9a-f]{64})$/.exec(value ?? '');
    if (match?.[1] === undefined || match[2] === undefined) return false;
    const signed = timingSafeEqual(Buffer.from(match[2], 'hex'), Buffer.from(this.sign(match[1]), 'hex'));
    return signed && Number(match[1]) > this.now();
  }

  private sign(expires: string): string {
    return createHmac('sha256', this.key).update(expires).digest('hex');
  }
}
