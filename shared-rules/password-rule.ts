/**
 * The one password rule of the shop, applied by the browser's forms and by the server (the contract
 * leaves passwords free text so a refused one gets these exact messages, not a schema error).
 *
 * Password policy (ASVS 5.0 6.2.1, 6.2.4, 6.2.5, 6.2.9): at least 8 characters, long passphrases
 * allowed (no truncation), no composition rules, and the most common passwords refused.
 * Length counts Unicode code points, so a Cyrillic or emoji passphrase is measured as the person typed it.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Generous upper bound: it exists only so nobody can make the server hash a megabyte per request. */
export const PASSWORD_MAX_LENGTH = 1024;

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

export type PasswordCheck = { readonly ok: true } | { readonly ok: false; readonly problem: PasswordProblem };

export const PASSWORD_PROBLEM_MESSAGES: Readonly<Record<PasswordProblem, string>> = {
  too_short: 'Пароль должен содержать не менее 8 символов.',
  too_long: 'Пароль слишком длинный.',
  too_common: 'Этот пароль слишком распространён. Придумайте другой.',
};

/** A short list of the passwords attackers try first; compared case-insensitively. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  '87654321',
  '12341234',
  '11223344',
  '123123123',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'zaq12wsx',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'admin123',
  'adminadmin',
  'administrator',
  'letmein1',
  'abcd1234',
  'abc12345',
  'asdfghjk',
  'asdfasdf',
  'superman',
  'starwars',
  'trustno1',
  'whatever',
  'qazwsxedc',
  'йцукенгш',
  'пароль123',
  'парольпароль',
]);

export function checkPassword(password: string): PasswordCheck {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return { ok: false, problem: 'too_short' };
  if (length > PASSWORD_MAX_LENGTH) return { ok: false, problem: 'too_long' };
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return { ok: false, problem: 'too_common' };
  return { ok: true };
}
