/** Randomness and one-way hashing the use cases need; crypto lives in infrastructure. */
export interface Secrets {
  /** ≥ 128-bit random session token for the cookie. */
  newSessionToken(): string;
  /** One-way hash stored instead of a token (SHA-256 hex). */
  hashToken(token: string): string;
  /** Random temporary password that passes the password policy. */
  newTemporaryPassword(): string;
  /** 128-bit random URL-safe id (share hashes, payment ids). */
  newRandomId(): string;
}
