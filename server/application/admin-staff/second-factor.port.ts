/** TOTP (RFC 6238) codes: generating a secret, its enrolment address and QR picture, checking a code. */
export interface TotpCodes {
  /** A fresh random secret (base32, 160 bits). */
  newSecret(): string;
  /** The `otpauth://totp/…` address an authenticator app reads from the QR code. */
  enrolmentUrl(secret: string, account: string): string;
  /** The QR code of an address as an SVG `data:` URL. */
  qrCode(url: string): Promise<string>;
  /** The 30-second time step a 6-digit code belongs to (this one or a neighbour), or null when wrong. */
  matchingStep(secret: string, code: string, now: number): number | null;
  /** A one-time recovery code, `xxxxx-xxxxx` (lower-case letters and digits, ≈ 51 bits). */
  newRecoveryCode(): string;
}

/** Encrypts secrets at rest with the server's own key (never stored beside the data). */
export interface SecretBox {
  seal(plain: string): string;
  /** Null when the box was sealed with another key or tampered with. */
  open(sealed: string): string | null;
}

export interface SecondFactorState {
  /** The sealed secret: pending while `enabled` is false (set up, not yet confirmed). */
  readonly sealedSecret: string | null;
  readonly enabled: boolean;
  readonly recoveryHashes: readonly string[];
}

/** Where each staff member's second factor is kept (the users row). */
export interface SecondFactorStore {
  stateOf(userId: number): Promise<SecondFactorState | null>;
  /** Keeps a new pending secret (replacing an unconfirmed one; never an enabled one). */
  savePending(userId: number, sealedSecret: string): Promise<boolean>;
  /** Turns it on with the confirmed step and the recovery codes' hashes (only if still pending). */
  enable(userId: number, recoveryHashes: readonly string[], step: number, at: number): Promise<boolean>;
  disable(userId: number): Promise<void>;
  /** Accepts a time step once: false when this or a later step was used already (no replay). */
  acceptStep(userId: number, step: number): Promise<boolean>;
  /** Uses up one recovery code atomically: false when it was not (or no longer) there. */
  spendRecoveryCode(userId: number, hash: string): Promise<boolean>;
}
