import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../server/infrastructure/auth/secret-box';
import { readStaffTotpKey } from '../../../server/infrastructure/auth/staff-totp-key';

const KEY = randomBytes(32);
const OLD = randomBytes(32);

describe('STAFF_TOTP_KEY', () => {
  it('reads 32 bytes as base64, base64url or hex, and the previous keys beside it', () => {
    for (const written of [KEY.toString('base64'), KEY.toString('base64url'), KEY.toString('hex')]) {
      const read = readStaffTotpKey({ STAFF_TOTP_KEY: ` ${written} `, DATABASE_URL: 'postgres://x@h/db' });
      expect(read.ok && read.key?.current.equals(KEY)).toBe(true);
    }
    const rotating = readStaffTotpKey({
      STAFF_TOTP_KEY: KEY.toString('base64'),
      STAFF_TOTP_KEY_PREVIOUS: `${OLD.toString('hex')}, ${KEY.toString('base64')}`,
    });
    // The current key listed again as a previous one is dropped.
    expect(rotating.ok && rotating.key?.previous.map((key) => key.toString('hex'))).toEqual([
      OLD.toString('hex'),
    ]);
  });

  it('lets only the embedded demo go without it', () => {
    expect(readStaffTotpKey({})).toEqual({ ok: true, key: null });
    expect(readStaffTotpKey({ DATABASE_URL: '  ' })).toEqual({ ok: true, key: null });
    const postgres = readStaffTotpKey({ DATABASE_URL: 'postgres://shop@db/shop' });
    expect(postgres.ok).toBe(false);
    if (!postgres.ok) {
      expect(postgres.message).toContain('С DATABASE_URL задайте STAFF_TOTP_KEY');
      expect(postgres.message).toContain('With DATABASE_URL, set STAFF_TOTP_KEY');
    }
  });

  it.each([
    [
      'a short key',
      { STAFF_TOTP_KEY: randomBytes(16).toString('base64') },
      /STAFF_TOTP_KEY: нужны 32 байта.*must be 32 bytes/,
    ],
    ['a long key', { STAFF_TOTP_KEY: randomBytes(33).toString('hex') }, /STAFF_TOTP_KEY: нужны/],
    [
      'not base64 at all',
      { STAFF_TOTP_KEY: 'пароль-пароль-пароль-пароль-пароль-пароль-1' },
      /STAFF_TOTP_KEY: нужны/,
    ],
    [
      'a bad previous key',
      { STAFF_TOTP_KEY: KEY.toString('base64'), STAFF_TOTP_KEY_PREVIOUS: 'old' },
      /STAFF_TOTP_KEY_PREVIOUS: каждый ключ.*Each key must be/,
    ],
    [
      'previous keys without a current one',
      { STAFF_TOTP_KEY_PREVIOUS: OLD.toString('base64') },
      /задан без STAFF_TOTP_KEY.*is set without/,
    ],
  ])('refuses %s in Russian and English', (_what, env, message) => {
    const read = readStaffTotpKey(env);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(message);
  });
});

describe('the secret box across a rotation', () => {
  it('seals with the current key and still opens what a previous key sealed', () => {
    const old = new AesGcmSecretBox(OLD);
    const sealedByOld = old.seal('JBSWY3DPEHPK3PXP');
    const rotated = new AesGcmSecretBox(KEY, [OLD]);
    expect(rotated.open(sealedByOld)).toBe('JBSWY3DPEHPK3PXP');
    const sealed = rotated.seal('KRSXG5CTMVRXEZLU');
    expect(new AesGcmSecretBox(KEY).open(sealed)).toBe('KRSXG5CTMVRXEZLU');
    expect(old.open(sealed)).toBeNull();
  });

  it('reseals only what an old key sealed; a secret no key opens stays as it is', () => {
    const rotated = new AesGcmSecretBox(KEY, [OLD]);
    const resealed = rotated.reseal(new AesGcmSecretBox(OLD).seal('JBSWY3DPEHPK3PXP'));
    expect(resealed).not.toBeNull();
    expect(new AesGcmSecretBox(KEY).open(resealed ?? '')).toBe('JBSWY3DPEHPK3PXP');
    expect(rotated.reseal(rotated.seal('KRSXG5CTMVRXEZLU'))).toBeNull();
    expect(rotated.reseal(new AesGcmSecretBox(randomBytes(32)).seal('x'))).toBeNull();
    expect(rotated.reseal('v1.garbage')).toBeNull();
  });
});
