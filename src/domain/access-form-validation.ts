/**
 * Validation of the access forms: the client's sign-in, registration, the forgotten password, the
 * permanent password after a temporary one, and the administrator's sign-in. It composes the shop's
 * one rule for each field — the e-mail and phone shapes of the contact forms (spec §5), the password
 * policy of shared-rules/password-rule.ts (the server refuses with the same texts) — and adds only
 * what is particular to these forms: required fields and the repeated password.
 */
import {
  checkPassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PROBLEM_MESSAGES,
} from '../../shared-rules/password-rule';
import {
  EMAIL_FORMAT_MESSAGE,
  isValidEmail,
  isValidPhone,
  PHONE_FORMAT_MESSAGE,
} from './contact-form-validation';

export type AccessFormKind = 'signIn' | 'register' | 'forgotPassword' | 'setPassword' | 'adminSignIn';

/**
 * `current` is the temporary password being replaced; `repeat` the new password typed again; `code`
 * the administrator's second step, «Код из приложения».
 */
export type AccessField = 'name' | 'email' | 'phone' | 'current' | 'password' | 'repeat' | 'code';

export type AccessValues = Readonly<Record<AccessField, string>>;
export type AccessErrors = Readonly<Partial<Record<AccessField, string>>>;

export const EMPTY_ACCESS_VALUES: AccessValues = {
  name: '',
  email: '',
  phone: '',
  current: '',
  password: '',
  repeat: '',
  code: '',
};

export const ACCESS_MESSAGES = {
  emailRequired: 'Укажите email',
  passwordRequired: 'Введите пароль',
  passwordsDiffer: 'Пароли не совпадают',
  passwordUnchanged: 'Новый пароль должен отличаться от временного',
  nameTooLong: 'Не более 200 символов',
  codeRequired: 'Введите код из приложения',
  codeShape: 'Код — 6 цифр из приложения или код восстановления вида xxxxx-xxxxx',
} as const;

/** The hint under a new password: the policy's own minimum, so the hint cannot drift from the rule. */
export const NEW_PASSWORD_HINT = `Не короче ${PASSWORD_MIN_LENGTH} символов`;

/** The contract's limits (api/auth.ts): an e-mail of at most 254 characters, a name of at most 200. */
const MAX_NAME_LENGTH = 200;

function emailError(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return ACCESS_MESSAGES.emailRequired;
  return isValidEmail(value) ? undefined : EMAIL_FORMAT_MESSAGE;
}

/** A new password: required, then the shop's password policy. */
function newPasswordError(password: string): string | undefined {
  if (password === '') return ACCESS_MESSAGES.passwordRequired;
  const check = checkPassword(password);
  return check.ok ? undefined : PASSWORD_PROBLEM_MESSAGES[check.problem];
}

function requiredPasswordError(password: string): string | undefined {
  return password === '' ? ACCESS_MESSAGES.passwordRequired : undefined;
}

function repeatError(values: AccessValues): string | undefined {
  return values.repeat !== values.password ? ACCESS_MESSAGES.passwordsDiffer : undefined;
}

function withoutUndefined(errors: Partial<Record<AccessField, string | undefined>>): AccessErrors {
  const found: Partial<Record<AccessField, string>> = {};
  for (const [field, message] of Object.entries(errors) as [AccessField, string | undefined][]) {
    if (message !== undefined) found[field] = message;
  }
  return found;
}

/**
 * Every field error of a form, by field; an empty object when the form may be sent. A sign-in only
 * needs some password (the server knows whether it is right); a new password must meet the policy.
 */
export function validateAccessForm(kind: AccessFormKind, values: AccessValues): AccessErrors {
  switch (kind) {
    case 'signIn':
    case 'adminSignIn':
      return withoutUndefined({
        email: emailError(values.email),
        password: requiredPasswordError(values.password),
      });
    case 'register': {
      const phone = values.phone.trim();
      return withoutUndefined({
        name: [...values.name.trim()].length > MAX_NAME_LENGTH ? ACCESS_MESSAGES.nameTooLong : undefined,
        email: emailError(values.email),
        phone: phone !== '' && !isValidPhone(phone) ? PHONE_FORMAT_MESSAGE : undefined,
        password: newPasswordError(values.password),
        repeat: repeatError(values),
      });
    }
    case 'forgotPassword':
      return withoutUndefined({ email: emailError(values.email) });
    case 'setPassword':
      return withoutUndefined({
        current: requiredPasswordError(values.current),
        password:
          newPasswordError(values.password) ??
          (values.password === values.current ? ACCESS_MESSAGES.passwordUnchanged : undefined),
        repeat: repeatError(values),
      });
  }
}

export function isAccessFormValid(errors: AccessErrors): boolean {
  return Object.keys(errors).length === 0;
}

/**
 * The second step's code as the server takes it (api/auth.ts `SecondFactorCode`): apps show the six
 * digits as «123 456», and a recovery code may be typed in capitals, so spaces go and letters are
 * lower-cased.
 */
export function normalisedSecondFactorCode(code: string): string {
  return code.replace(/\s+/g, '').toLowerCase();
}

const SECOND_FACTOR_CODE = /^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/;

/** The administrator's second step: six digits from the app, or one recovery code. */
export function validateSecondFactorCode(code: string): AccessErrors {
  const value = normalisedSecondFactorCode(code);
  if (value === '') return { code: ACCESS_MESSAGES.codeRequired };
  return SECOND_FACTOR_CODE.test(value) ? {} : { code: ACCESS_MESSAGES.codeShape };
}
