import { describe, expect, it } from 'vitest';
import { Argon2PasswordHasher } from '../../../server/infrastructure/auth/argon2-password-hasher';
import { HmacDeviceTokens } from '../../../server/infrastructure/auth/device-tokens';
import {
  hashToken,
  newRandomId,
  newSessionToken,
  newTemporaryPassword,
} from '../../../server/infrastructure/auth/session-token';
import { HmacPayLinkSigner } from '../../../server/infrastructure/payments/pay-links.adapters';
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

/** base64url of 32 bytes is 43 characters; the last one carries 4 bits of the MAC and 2 unused bits. */
function spellingsOfTheSameBytes(mac: string): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(mac.at(-1) ?? 'A');
  return [0, 1, 2, 3]
    .map((unusedBits) => `${mac.slice(0, -1)}${alphabet[(last & ~3) | unusedBits]}`)
    .filter((spelling) => spelling !== mac);
}

describe('signed tokens accept only the spelling the server issued', () => {
  const key = Buffer.alloc(32, 7);

  it('a pay-link MAC whose last character differs only in its unused bits opens nothing', () => {
    const signer = new HmacPayLinkSigner(key);
    for (let order = 1; order <= 40; order += 1) {
      const message = `pay1.${order}.1.1900000000`;
      const mac = signer.sign(message);
      expect(signer.verify(message, mac)).toBe(true);
      for (const other of spellingsOfTheSameBytes(mac)) {
        expect(Buffer.from(other, 'base64url').equals(Buffer.from(mac, 'base64url'))).toBe(true);
        expect(signer.verify(message, other)).toBe(false);
      }
      expect(signer.verify(message, mac.slice(0, -1))).toBe(false);
      expect(signer.verify(message, '')).toBe(false);
    }
  });

  it('a device cookie whose MAC differs only in its unused bits is not a device', () => {
    const devices = new HmacDeviceTokens(key, 3600);
    const now = Date.UTC(2026, 10, 27);
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const { token } = devices.issue('buyer@example.ru', now);
      expect(devices.verify(token, 'buyer@example.ru', now)).not.toBeNull();
      const mac = token.split('.').at(-1) ?? '';
      for (const other of spellingsOfTheSameBytes(mac))
        expect(devices.verify(`${token.slice(0, -mac.length)}${other}`, 'buyer@example.ru', now)).toBeNull();
    }
  });
});
