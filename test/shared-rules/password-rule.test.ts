import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_MAX_LENGTH } from '../../shared-rules/password-rule';

describe('password policy', () => {
  it('refuses fewer than 8 characters, counting code points', () => {
    expect(checkPassword('1234567')).toEqual({ ok: false, problem: 'too_short' });
    expect(checkPassword('😀😀😀😀😀😀😀')).toEqual({ ok: false, problem: 'too_short' });
    expect(checkPassword('ёжикёжик')).toEqual({ ok: true });
  });

  it('refuses the most common passwords whatever their case', () => {
    expect(checkPassword('Password')).toEqual({ ok: false, problem: 'too_common' });
    expect(checkPassword('12345678')).toEqual({ ok: false, problem: 'too_common' });
  });

  it('refuses only absurd lengths', () => {
    expect(checkPassword('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual({ ok: false, problem: 'too_long' });
  });

  test.prop([fc.string({ unit: 'grapheme', minLength: 64, maxLength: 128 })])(
    'accepts long passphrases of 64–128 characters',
    (password) => {
      expect(checkPassword(password).ok).toBe(true);
    },
  );
});
