/**
 * «Профиль» (/admin/profile; docs/staff.md): every staff member's own page. Two independent regions
 * over one `profile` — as the server last answered it:
 *
 * - `password` — `editing` the current password, the new one and its repeat (checked with the shop's
 *   one password rule, shared-rules/password-rule.ts, after the first submit), `saving` through
 *   POST /api/change-password: the server ends every other session and starts a fresh one here. A
 *   wrong current password is shown under its field, the policy's refusal under the new one.
 * - `secondFactor` — `off` → «Подключить» → `starting` (a new secret) → `enrolling`: the QR code and
 *   the secret as text, and the first code from the app → `confirming` → `showingRecoveryCodes`, the
 *   ten one-time codes shown this once, until «Я сохранил коды» → `on`. From `on`, «Отключить» needs a
 *   current code or a recovery code (`disabling`); the server answers the profile after it. A wrong
 *   code (422) stands under the code field; the throttle's 429 and anything else as the section's
 *   message. `enrolling` may be cancelled (the pending secret changes nothing at sign-in).
 */
import { assign, fromPromise, setup } from 'xstate';
import { checkPassword, PASSWORD_PROBLEM_MESSAGES } from '../../../../shared-rules/password-rule';
import {
  ACCESS_MESSAGES,
  normalisedSecondFactorCode,
  validateSecondFactorCode,
} from '../../../domain/access-form-validation';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import { ADMIN_STAFF_PORT, type StaffProfile, type TotpEnrolment } from '../../ports/admin-staff.port';
import { AUTH_PORT, type PasswordChange } from '../../ports/auth.port';
import { isPortFailure } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

export interface PasswordDraft {
  readonly current: string;
  readonly next: string;
  readonly repeat: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordDraft, string>>;

const EMPTY_PASSWORDS: PasswordDraft = { current: '', next: '', repeat: '' };

const MESSAGES = {
  currentRequired: 'Введите текущий пароль',
  unchanged: 'Новый пароль должен отличаться от текущего',
  passwordChanged:
    'Пароль изменён. Остальные сеансы завершены: на других устройствах войдите с новым паролем.',
  totpOn: 'Вход по коду из приложения включён: теперь он спрашивается при каждом входе.',
  totpOff: 'Вход по коду из приложения отключён.',
  firstCodeShape: 'Введите 6 цифр, которые показывает приложение',
} as const;

/** The shop's password rule and the form's own: the current one, the new one differing, the repeat. */
export function passwordErrors(draft: PasswordDraft): PasswordErrors {
  const errors: { current?: string; next?: string; repeat?: string } = {};
  if (draft.current === '') errors.current = MESSAGES.currentRequired;
  const check = checkPassword(draft.next);
  if (draft.next === '') errors.next = ACCESS_MESSAGES.passwordRequired;
  else if (!check.ok) errors.next = PASSWORD_PROBLEM_MESSAGES[check.problem];
  else if (draft.next === draft.current) errors.next = MESSAGES.unchanged;
  if (draft.repeat !== draft.next) errors.repeat = ACCESS_MESSAGES.passwordsDiffer;
  return errors;
}

/** The first code confirms the app has the secret: six digits only (a recovery code does not exist yet). */
function firstCodeError(code: string): string | undefined {
  const value = normalisedSecondFactorCode(code);
  if (value === '') return ACCESS_MESSAGES.codeRequired;
  return /^\d{6}$/.test(value) ? undefined : MESSAGES.firstCodeShape;
}

const isStatus = (error: unknown, status: number): boolean => isPortFailure(error) && error.status === status;

interface ProfileScreenContext {
  readonly profile: StaffProfile;
  readonly passwords: PasswordDraft;
  readonly showPasswordErrors: boolean;
  /** The server's refusal under a field (a wrong current password, the policy). */
  readonly passwordServerErrors: PasswordErrors;
  readonly passwordFailure: string | null;
  readonly passwordNotice: string | null;
  readonly enrolment: TotpEnrolment | null;
  readonly code: string;
  readonly codeError: string | null;
  readonly recoveryCodes: readonly string[] | null;
  readonly totpFailure: string | null;
  readonly totpNotice: string | null;
}

type ProfileScreenEvent =
  | { readonly type: 'password.edited'; readonly patch: Partial<PasswordDraft> }
  | { readonly type: 'password.submitted' }
  | { readonly type: 'totp.setupRequested' }
  | { readonly type: 'totp.setupCancelled' }
  | { readonly type: 'totp.codeEdited'; readonly code: string }
  | { readonly type: 'totp.confirmSubmitted' }
  | { readonly type: 'totp.recoveryCodesSaved' }
  | { readonly type: 'totp.disableSubmitted' };

/** What a refused code call leaves: a wrong code under the field, anything else as the message. */
const codeRefusal = (error: unknown) =>
  isStatus(error, 422)
    ? { codeError: adminFailureMessage(error), totpFailure: null }
    : { codeError: null, totpFailure: adminFailureMessage(error) };

export const profileScreenMachine = setup({
  types: {
    context: {} as ProfileScreenContext,
    events: {} as ProfileScreenEvent,
    input: {} as { readonly profile: StaffProfile },
    tags: {} as 'passwordBusy' | 'totpBusy',
  },
  actors: {
    changePassword: fromPromise<unknown, PasswordChange>(async () => {
      throw new Error('profileScreen machine: actor changePassword not provided');
    }),
    startTotpSetup: fromPromise<TotpEnrolment>(async () => {
      throw new Error('profileScreen machine: actor startTotpSetup not provided');
    }),
    confirmTotp: fromPromise<readonly string[], { code: string }>(async () => {
      throw new Error('profileScreen machine: actor confirmTotp not provided');
    }),
    disableTotp: fromPromise<StaffProfile, { code: string }>(async () => {
      throw new Error('profileScreen machine: actor disableTotp not provided');
    }),
  },
  guards: {
    passwordsValid: ({ context }) => Object.keys(passwordErrors(context.passwords)).length === 0,
    totpEnabled: ({ context }) => context.profile.totpEnabled,
    firstCodeValid: ({ context }) => firstCodeError(context.code) === undefined,
    codeValid: ({ context }) => Object.keys(validateSecondFactorCode(context.code)).length === 0,
  },
  actions: {
    editPasswords: assign(({ context, event }) =>
      event.type === 'password.edited'
        ? {
            passwords: { ...context.passwords, ...event.patch },
            passwordServerErrors: {},
            passwordFailure: null,
            passwordNotice: null,
          }
        : {},
    ),
    editCode: assign(({ event }) =>
      event.type === 'totp.codeEdited' ? { code: event.code, codeError: null, totpFailure: null } : {},
    ),
    clearTotpMessages: assign({ codeError: null, totpFailure: null, totpNotice: null }),
  },
}).createMachine({
  id: 'profileScreen',
  type: 'parallel',
  context: ({ input }) => ({
    profile: input.profile,
    passwords: EMPTY_PASSWORDS,
    showPasswordErrors: false,
    passwordServerErrors: {},
    passwordFailure: null,
    passwordNotice: null,
    enrolment: null,
    code: '',
    codeError: null,
    recoveryCodes: null,
    totpFailure: null,
    totpNotice: null,
  }),
  states: {
    password: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.edited': { actions: 'editPasswords' },
            'password.submitted': [
              {
                guard: 'passwordsValid',
                target: 'saving',
                actions: assign({ passwordFailure: null, passwordNotice: null, passwordServerErrors: {} }),
              },
              { actions: assign({ showPasswordErrors: true }) },
            ],
          },
        },
        saving: {
          tags: ['passwordBusy'],
          invoke: {
            src: 'changePassword',
            input: ({ context }) => ({
              currentPassword: context.passwords.current,
              newPassword: context.passwords.next,
            }),
            onDone: {
              target: 'editing',
              actions: assign({
                passwords: EMPTY_PASSWORDS,
                showPasswordErrors: false,
                passwordNotice: MESSAGES.passwordChanged,
              }),
            },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => {
                const message = adminFailureMessage(event.error);
                // The server's 401 here is the current password; its 422 is the password policy.
                if (isStatus(event.error, 401)) return { passwordServerErrors: { current: message } };
                if (isStatus(event.error, 422)) return { passwordServerErrors: { next: message } };
                return { passwordFailure: message };
              }),
            },
          },
        },
      },
    },
    secondFactor: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'totpEnabled', target: 'on' }, { target: 'off' }],
        },
        off: {
          on: { 'totp.setupRequested': { target: 'starting', actions: 'clearTotpMessages' } },
        },
        starting: {
          tags: ['totpBusy'],
          invoke: {
            src: 'startTotpSetup',
            onDone: {
              target: 'enrolling',
              actions: assign(({ event }) => ({ enrolment: event.output, code: '' })),
            },
            onError: {
              target: 'off',
              actions: assign(({ event }) => ({ totpFailure: adminFailureMessage(event.error) })),
            },
          },
        },
        enrolling: {
          on: {
            'totp.codeEdited': { actions: 'editCode' },
            'totp.confirmSubmitted': [
              { guard: 'firstCodeValid', target: 'confirming', actions: 'clearTotpMessages' },
              { actions: assign(({ context }) => ({ codeError: firstCodeError(context.code) ?? null })) },
            ],
            'totp.setupCancelled': {
              target: 'off',
              actions: assign({ enrolment: null, code: '', codeError: null, totpFailure: null }),
            },
          },
        },
        confirming: {
          tags: ['totpBusy'],
          invoke: {
            src: 'confirmTotp',
            input: ({ context }) => ({ code: normalisedSecondFactorCode(context.code) }),
            onDone: {
              target: 'showingRecoveryCodes',
              actions: assign(({ context, event }) => ({
                recoveryCodes: event.output,
                enrolment: null,
                code: '',
                profile: { ...context.profile, totpEnabled: true, recoveryCodesLeft: event.output.length },
                totpNotice: MESSAGES.totpOn,
              })),
            },
            onError: { target: 'enrolling', actions: assign(({ event }) => codeRefusal(event.error)) },
          },
        },
        showingRecoveryCodes: {
          on: {
            'totp.recoveryCodesSaved': { target: 'on', actions: assign({ recoveryCodes: null }) },
          },
        },
        on: {
          on: {
            'totp.codeEdited': { actions: 'editCode' },
            'totp.disableSubmitted': [
              { guard: 'codeValid', target: 'disabling', actions: 'clearTotpMessages' },
              {
                actions: assign(({ context }) => ({
                  codeError: validateSecondFactorCode(context.code).code ?? null,
                })),
              },
            ],
          },
        },
        disabling: {
          tags: ['totpBusy'],
          invoke: {
            src: 'disableTotp',
            input: ({ context }) => ({ code: normalisedSecondFactorCode(context.code) }),
            onDone: {
              target: 'off',
              actions: assign(({ event }) => ({
                profile: event.output,
                code: '',
                totpNotice: MESSAGES.totpOff,
              })),
            },
            onError: { target: 'on', actions: assign(({ event }) => codeRefusal(event.error)) },
          },
        },
      },
    },
  },
});

/** The screen's machine with its calls bound to the staff port and the auth port (password change). */
export const profileScreen = defineUseCase(
  'admin.profile.screenMachine',
  { staff: ADMIN_STAFF_PORT, auth: AUTH_PORT },
  ({ staff, auth }) =>
    profileScreenMachine.provide({
      actors: {
        changePassword: fromPromise<unknown, PasswordChange>(({ input, signal }) =>
          auth.changePassword(input, { signal }),
        ),
        startTotpSetup: fromPromise<TotpEnrolment>(({ signal }) => staff.startTotpSetup({ signal })),
        confirmTotp: fromPromise<readonly string[], { code: string }>(({ input, signal }) =>
          staff.confirmTotp(input.code, { signal }),
        ),
        disableTotp: fromPromise<StaffProfile, { code: string }>(({ input, signal }) =>
          staff.disableTotp(input.code, { signal }),
        ),
      },
    }),
);
