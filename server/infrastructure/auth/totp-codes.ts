import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TotpCodes } from '../../application/admin-staff/second-factor.port';

const PERIOD_SECONDS = 30;
/** One step either side: a code typed as it turned over, or a phone clock 30 s off, still works. */
const WINDOW = 1;
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** RFC 6238 codes as every authenticator app makes them (SHA-1, 6 digits, 30 s) through `otpauth`. */
export class OtpauthTotpCodes implements TotpCodes {
  constructor(private readonly issuer: string) {}

  private totp(secret: string, account = ''): TOTP {
    return new TOTP({
      issuer: this.issuer,
      label: account,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
  }

  newSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  enrolmentUrl(secret: string, account: string): string {
    return this.totp(secret, account).toString();
  }

  async qrCode(url: string): Promise<string> {
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
  }

  matchingStep(secret: string, code: string, now: number): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const delta = this.totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  }

  newRecoveryCode(): string {
    const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? 'a';
    const half = () => Array.from({ length: 5 }, pick).join('');
    return `${half()}-${half()}`;
  }
}
