import { describe, expect, it } from 'vitest';
import { Argon2PasswordHasher } from '../../../server/infrastructure/auth/argon2-password-hasher';
import {
  hashToken,
  newRandomId,
  newSessionToken,
  newTemporaryPassword,
} from '../../../server/infrastructure/auth/session-token';
import { checkPassword } from '../../../shared-rules/password-rule';

describe('argon2id password hasher', () => {
  const hasher = new Argon2PasswordHasher();

  it('stores argon2id with m = 19 MiB, t = 2, p = 1 in the hash itself', async () => {
    const stored = await hasher.hash('длинная фраза-пароль');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'длинная фраза-пароль')).toBe(true);
    expect(await hasher.verify(stored, 'длинная фраза-пароль ')).toBe(false);
  });

  it('verifies long passwords exactly (no truncation) and rejects malformed hashes without throwing', async () => {
    const long = 'я'.repeat(300);
    const stored = await hasher.hash(long);
    expect(await hasher.verify(stored, long)).toBe(true);
    expect(await hasher.verify(stored, 'я'.repeat(299))).toBe(false);
    expect(await hasher.verify('not-a-hash', long)).toBe(false);
  });
});

describe('session tokens and temporary passwords', () => {
  it('issues 256-bit tokens without collisions and stores only their SHA-256', () => {
    const tokens = new Set(Array.from({ length: 10_000 }, () => newSessionToken()));
    expect(tokens.size).toBe(10_000);
    const [token] = tokens;
    expect(Buffer.from(token ?? '', 'base64url').length).toBe(32);
    expect(hashToken(token ?? '')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token ?? '')).not.toContain(token);
    expect(Buffer.from(newRandomId(), 'base64url').length).toBe(16);
  });

  it('makes temporary passwords that pass the password policy', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = newTemporaryPassword();
      expect(password).toMatch(/^[A-Za-z2-9]{14}$/);
      expect(checkPassword(password)).toEqual({ ok: true });
    }
  });
});
