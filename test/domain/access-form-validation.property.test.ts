import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_PROBLEM_MESSAGES } from '../../shared-rules/password-rule';
import {
  ACCESS_MESSAGES,
  type AccessField,
  type AccessFormKind,
  type AccessValues,
  EMPTY_ACCESS_VALUES,
  isAccessFormValid,
  NEW_PASSWORD_HINT,
  normalisedSecondFactorCode,
  validateAccessForm,
  validateSecondFactorCode,
} from '../../src/domain/access-form-validation';
import { EMAIL_FORMAT_MESSAGE, isValidEmail } from '../../src/domain/contact-form-validation';

const KINDS: readonly AccessFormKind[] = [
  'signIn',
  'adminSignIn',
  'register',
  'forgotPassword',
  'setPassword',
];
const FIELDS_OF: Readonly<Record<AccessFormKind, readonly AccessField[]>> = {
  signIn: ['email', 'password'],
  adminSignIn: ['email', 'password'],
  register: ['name', 'email', 'phone', 'password', 'repeat'],
  forgotPassword: ['email'],
  setPassword: ['current', 'password', 'repeat'],
};

const wordArb = fc.stringMatching(/^[a-z0-9._-]{1,12}$/);
const emailArb = fc
  .tuple(wordArb, wordArb, fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([local, domain, zone]) => `${local}@${domain}.${zone}`);
const paddingArb = fc.constantFrom('', ' ', '  ', '\t');
const valuesArb: fc.Arbitrary<AccessValues> = fc.record({
  name: fc.string({ maxLength: 210 }),
  email: fc.oneof(emailArb, fc.string({ maxLength: 20 })),
  phone: fc.oneof(fc.constant(''), fc.string({ maxLength: 16 })),
  current: fc.string({ maxLength: 12 }),
  password: fc.string({ maxLength: 12 }),
  repeat: fc.string({ maxLength: 12 }),
  code: fc.string({ maxLength: 12 }),
});

describe('validateAccessForm laws', () => {
  test.prop([fc.constantFrom(...KINDS), valuesArb])('names only the fields the form has', (kind, values) => {
    for (const field of Object.keys(validateAccessForm(kind, values)))
      expect(FIELDS_OF[kind]).toContain(field);
  });

  test.prop([emailArb, paddingArb, paddingArb, fc.string({ minLength: 1, maxLength: 20 })])(
    'a sign-in needs a well-formed e-mail (spaces around it do not count) and any password',
    (email, before, after, password) => {
      for (const kind of ['signIn', 'adminSignIn'] as const) {
        const errors = validateAccessForm(kind, {
          ...EMPTY_ACCESS_VALUES,
          email: `${before}${email}${after}`,
          password,
        });
        expect(isAccessFormValid(errors)).toBe(true);
      }
    },
  );

  test.prop([fc.constantFrom(...KINDS), paddingArb])(
    'a blank e-mail is asked for wherever the form has one',
    (kind, blank) => {
      const errors = validateAccessForm(kind, { ...EMPTY_ACCESS_VALUES, email: blank });
      expect(errors.email).toBe(
        FIELDS_OF[kind].includes('email') ? ACCESS_MESSAGES.emailRequired : undefined,
      );
    },
  );

  test.prop([
    fc
      .string({ minLength: 1, maxLength: 30 })
      .filter((text) => !isValidEmail(text.trim()) && text.trim() !== ''),
  ])('an e-mail of the wrong shape gets the contact forms’ message', (email) => {
    expect(validateAccessForm('forgotPassword', { ...EMPTY_ACCESS_VALUES, email }).email).toBe(
      EMAIL_FORMAT_MESSAGE,
    );
  });

  test.prop([fc.string({ minLength: 1, maxLength: 20 })])(
    'a new password is judged by the shop’s one password rule, on both forms that choose one',
    (password) => {
      const check = checkPassword(password);
      const expected = check.ok ? undefined : PASSWORD_PROBLEM_MESSAGES[check.problem];
      expect(
        validateAccessForm('register', { ...EMPTY_ACCESS_VALUES, password, repeat: password }).password,
      ).toBe(expected);
      expect(
        validateAccessForm('setPassword', {
          ...EMPTY_ACCESS_VALUES,
          current: `${password}-old`,
          password,
          repeat: password,
        }).password,
      ).toBe(expected);
    },
  );

  test.prop([fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })])(
    'the repeated password must equal the password exactly',
    (password, repeat) => {
      const errors = validateAccessForm('register', { ...EMPTY_ACCESS_VALUES, password, repeat });
      expect(errors.repeat).toBe(password === repeat ? undefined : ACCESS_MESSAGES.passwordsDiffer);
    },
  );

  test.prop([fc.constantFrom(...KINDS), valuesArb, valuesArb])(
    'a form is judged by its own fields only: what other forms ask for changes nothing',
    (kind, values, others) => {
      const mixed = { ...others };
      for (const field of FIELDS_OF[kind]) Object.assign(mixed, { [field]: values[field] });
      expect(validateAccessForm(kind, mixed)).toEqual(validateAccessForm(kind, values));
    },
  );
});

describe('validateAccessForm examples', () => {
  it('hints the policy’s own minimum under a new password', () => {
    expect(NEW_PASSWORD_HINT).toBe('Не короче 8 символов');
  });

  it('limits a name to 200 characters and refuses a new password equal to the temporary one', () => {
    expect(validateAccessForm('register', { ...EMPTY_ACCESS_VALUES, name: 'я'.repeat(201) }).name).toBe(
      ACCESS_MESSAGES.nameTooLong,
    );
    expect(
      validateAccessForm('register', { ...EMPTY_ACCESS_VALUES, name: ` ${'я'.repeat(200)} ` }).name,
    ).toBeUndefined();
    expect(
      validateAccessForm('setPassword', {
        ...EMPTY_ACCESS_VALUES,
        current: 'Temp-12345',
        password: 'Temp-12345',
        repeat: 'Temp-12345',
      }),
    ).toEqual({ password: ACCESS_MESSAGES.passwordUnchanged });
    expect(validateAccessForm('setPassword', EMPTY_ACCESS_VALUES)).toEqual({
      current: ACCESS_MESSAGES.passwordRequired,
      password: ACCESS_MESSAGES.passwordRequired,
    });
  });
});

describe('the second factor’s code', () => {
  const digitsArb = fc.stringMatching(/^\d{6}$/);
  const recoveryArb = fc.stringMatching(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

  test.prop([fc.oneof(digitsArb, recoveryArb), paddingArb, paddingArb])(
    'takes six digits or a recovery code, with spaces around or inside and in capitals, as the server spells it',
    (code, before, after) => {
      const typed = `${before}${code.slice(0, 3)} ${code.slice(3).toUpperCase()}${after}`;
      expect(validateSecondFactorCode(typed)).toEqual({});
      expect(normalisedSecondFactorCode(typed)).toBe(code);
    },
  );

  test.prop([fc.string({ maxLength: 14 })])('anything else is refused with one Russian message', (typed) => {
    const value = normalisedSecondFactorCode(typed);
    const errors = validateSecondFactorCode(typed);
    if (/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/.test(value)) expect(errors).toEqual({});
    else
      expect(errors).toEqual({
        code: value === '' ? ACCESS_MESSAGES.codeRequired : ACCESS_MESSAGES.codeShape,
      });
  });
});
