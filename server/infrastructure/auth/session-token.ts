import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Session cookies carry 256 random bits (ASVS 5.0 7.2.1, 7.2.3); the database keeps only their
 * SHA-256, so reading the sessions table does not let anyone sign in.
 */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 128 random bits, URL-safe: share hashes, payment ids. */
export function newRandomId(): string {
  return randomBytes(16).toString('base64url');
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A temporary password: 14 characters from a 56-symbol alphabet without look-alikes (≈ 81 bits),
 * well above the password policy's minimum (ASVS 5.0 6.4.1).
 */
export function newTemporaryPassword(): string {
  let password = '';
  for (let i = 0; i < 14; i += 1) password += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
  return password;
}
