/**
 * The access forms: the client's sign-in (/login), registration (/register), the forgotten password
 * (/forgot-password), the permanent password after a temporary one (/set-password) and the
 * administrator's sign-in (/admin/login). One machine, parameterised by the form's kind (input).
 *
 * - `editing`    — the fields; `access.fieldChanged` keeps what was typed.
 * - `validating` — a submit checks every field of the form with the shop's rules
 *                  (domain/access-form-validation.ts); any error goes back to `editing` with the
 *                  messages under the fields, and nothing is sent.
 * - `submitting` — the auth port is called (tag `busy`: the button says what is happening and is
 *                  disabled).
 * - `succeeded`  — `signedIn`: sign-in, registration and the password change answer who the visitor
 *                  now is; that answer goes to the auth machine (`reportAuthAnswer` →
 *                  `auth.answered`, no second check-auth) and `access.signedIn` is emitted so the
 *                  screen can move on (it stays `busy` meanwhile). `mailed`: the forgotten password
 *                  shows the server's confirmation, and may be sent again.
 * - `failed`     — the server refused or could not be reached: a refusal that belongs to a field
 *                  (an e-mail already registered, a password the policy refuses) is shown under that
 *                  field, anything else as the form's message. Editing or submitting again retries;
 *                  the values are kept as typed.
 * An administrator's sign-in answered with anything but an administrator's session fails with the
 * sign-in message.
 *
 * The administrator's second step (docs/staff.md «Second factor»): when the server answers the
 * password with `second_factor_required`, the form goes back to `editing` with `secondFactor` set — the
 * screen now asks for «Код из приложения» (six digits or a recovery code) and sends it with the
 * e-mail and password kept from the first step. A wrong code (`second_factor_invalid`, counted like a
 * wrong password by the server's throttle) is shown under the code field; a throttled sign-in (429)
 * as the form's message. `access.restarted` goes back to the e-mail and password.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import {
  type AccessErrors,
  type AccessField,
  type AccessFormKind,
  type AccessValues,
  EMPTY_ACCESS_VALUES,
  isAccessFormValid,
  normalisedSecondFactorCode,
  validateAccessForm,
  validateSecondFactorCode,
} from '../../domain/access-form-validation';
import {
  type AdminCredentials,
  AUTH_PORT,
  type AuthAnswer,
  type AuthPort,
  type Credentials,
  type PasswordChange,
  type Registration,
} from '../ports/auth.port';
import { failureMessage } from '../ports/failure-message';
import { isPortFailure } from '../ports/port-failure';
import { defineUseCase } from '../use-case';

/** The form's own message when a call fails without a message of the server's to show. */
export const ACCESS_FAILED_MESSAGES: Readonly<Record<AccessFormKind, string>> = {
  signIn: 'Неверный email или пароль',
  adminSignIn: 'Неверный email или пароль',
  register: 'Не удалось зарегистрироваться. Попробуйте ещё раз.',
  forgotPassword: 'Не удалось отправить письмо. Попробуйте ещё раз.',
  setPassword: 'Не удалось сменить пароль. Попробуйте ещё раз.',
};

/** What the form sends: the values trimmed where a person's typing may add spaces (never passwords). */
export type AccessRequest =
  | { readonly kind: 'signIn'; readonly credentials: Credentials }
  | { readonly kind: 'adminSignIn'; readonly credentials: AdminCredentials }
  | { readonly kind: 'register'; readonly registration: Registration }
  | { readonly kind: 'forgotPassword'; readonly email: string }
  | { readonly kind: 'setPassword'; readonly change: PasswordChange };

/** What the server answered: who the visitor now is, or the forgotten password's confirmation. */
export type AccessOutcome =
  | { readonly kind: 'answered'; readonly answer: AuthAnswer }
  | { readonly kind: 'mailed'; readonly message: string };

interface AccessFormInput {
  readonly kind: AccessFormKind;
  /** Values the form starts with: the e-mail from /login?email=…, the temporary password. */
  readonly values?: Partial<AccessValues>;
}

interface AccessFormContext {
  readonly kind: AccessFormKind;
  readonly values: AccessValues;
  readonly errors: AccessErrors;
  /** The form's message after a failed call; null otherwise. */
  readonly failure: string | null;
  /** The forgotten password's confirmation from the server. */
  readonly notice: string | null;
  /** The administrator's second step: the server asked for «Код из приложения». */
  readonly secondFactor: boolean;
}

type AccessFormEvent =
  | { readonly type: 'access.fieldChanged'; readonly field: AccessField; readonly value: string }
  | { readonly type: 'access.submitted' }
  /** Back from the code to the e-mail and password (another account, a mistyped password). */
  | { readonly type: 'access.restarted' };

type AccessFormEmitted = { readonly type: 'access.signedIn'; readonly answer: AuthAnswer };

/**
 * The port request of a form's current values; the administrator's sign-in carries the code once the
 * server asked for it (`secondFactor`).
 */
export function accessRequestOf(
  kind: AccessFormKind,
  values: AccessValues,
  secondFactor = false,
): AccessRequest {
  const email = values.email.trim();
  switch (kind) {
    case 'signIn':
      return { kind, credentials: { email, password: values.password } };
    case 'adminSignIn':
      return {
        kind,
        credentials: {
          email,
          password: values.password,
          ...(secondFactor ? { code: normalisedSecondFactorCode(values.code) } : {}),
        },
      };
    case 'register': {
      const name = values.name.trim();
      const phone = values.phone.trim();
      return {
        kind,
        registration: {
          email,
          password: values.password,
          ...(phone !== '' ? { phone } : {}),
          ...(name !== '' ? { name } : {}),
        },
      };
    }
    case 'forgotPassword':
      return { kind, email };
    case 'setPassword':
      return { kind, change: { currentPassword: values.current, newPassword: values.password } };
  }
}

/**
 * The field a refusal of the server belongs to: registration's 409 is the e-mail already taken, a 422
 * of registration or the password change is the password policy (with the policy's own text), and the
 * administrator's wrong second-factor code is the code's.
 */
function fieldOfFailure(kind: AccessFormKind, error: unknown, secondFactor: boolean): AccessField | null {
  if (!isPortFailure(error) || error.kind !== 'bad-request') return null;
  if (secondFactor && error.code === 'second_factor_invalid') return 'code';
  if (kind === 'register' && error.status === 409) return 'email';
  if ((kind === 'register' || kind === 'setPassword') && error.status === 422) return 'password';
  return null;
}

/** The fields' errors of the form's current step: the second step checks only the code. */
function errorsOf(context: AccessFormContext) {
  return context.secondFactor
    ? validateSecondFactorCode(context.values.code)
    : validateAccessForm(context.kind, context.values);
}

/** The server accepted the administrator's password and asks for the code from the app. */
function isSecondFactorAsked(kind: AccessFormKind, error: unknown): boolean {
  return kind === 'adminSignIn' && isPortFailure(error) && error.code === 'second_factor_required';
}

/** Spec §6: an administrator is recognised by the role 'admin' of an authenticated answer. */
function isAdministrator(answer: AuthAnswer): boolean {
  return answer.authenticated && answer.role === 'admin';
}

/** The answer of an outcome the guards already found to be one. */
function answerOf(outcome: AccessOutcome): AuthAnswer {
  if (outcome.kind !== 'answered') throw new Error('access form machine: a mailed outcome has no answer');
  return outcome.answer;
}

function notProvided(kind: string, name: string): never {
  throw new Error(`access form machine: ${kind} ${name} not provided`);
}

export const accessFormMachine = setup({
  types: {
    context: {} as AccessFormContext,
    events: {} as AccessFormEvent,
    input: {} as AccessFormInput,
    emitted: {} as AccessFormEmitted,
    tags: {} as 'busy',
  },
  actors: {
    submitAccess: fromPromise<AccessOutcome, AccessRequest>(async () => notProvided('actor', 'submitAccess')),
  },
  actions: {
    /** Hands the server's answer to the auth machine (`auth.answered`). */
    reportAuthAnswer: (_, _params: { answer: AuthAnswer }) => notProvided('action', 'reportAuthAnswer'),
    keepValue: assign({
      values: ({ context }, params: { field: AccessField; value: string }) => ({
        ...context.values,
        [params.field]: params.value,
      }),
      failure: null,
      notice: null,
    }),
    showFieldErrors: assign({ errors: ({ context }) => errorsOf(context) }),
    clearMessages: assign({ errors: {}, failure: null, notice: null }),
    /** Back to the first step: the code is dropped, the e-mail and password stay as typed. */
    restart: assign(({ context }) => ({
      secondFactor: false,
      values: { ...context.values, code: '' },
      errors: {},
      failure: null,
    })),
  },
  guards: {
    formIsValid: ({ context }) => isAccessFormValid(errorsOf(context)),
    secondFactorAsked: ({ context }, params: { error: unknown }) =>
      isSecondFactorAsked(context.kind, params.error),
    answeredWith: (_, params: { outcome: AccessOutcome; kind: AccessOutcome['kind'] }) =>
      params.outcome.kind === params.kind,
    askingForCode: ({ context }) => context.secondFactor,
    refusedAsAdministrator: ({ context }, params: { outcome: AccessOutcome }) =>
      context.kind === 'adminSignIn' &&
      params.outcome.kind === 'answered' &&
      !isAdministrator(params.outcome.answer),
  },
}).createMachine({
  id: 'accessForm',
  context: ({ input }) => ({
    kind: input.kind,
    values: { ...EMPTY_ACCESS_VALUES, ...input.values },
    errors: {},
    failure: null,
    notice: null,
    secondFactor: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'access.fieldChanged': {
          actions: { type: 'keepValue', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'access.submitted': 'validating',
        'access.restarted': { guard: 'askingForCode', actions: 'restart' },
      },
    },
    validating: {
      always: [
        { guard: 'formIsValid', target: 'submitting', actions: 'clearMessages' },
        { target: 'editing', actions: 'showFieldErrors' },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitAccess',
        src: 'submitAccess',
        input: ({ context }) => accessRequestOf(context.kind, context.values, context.secondFactor),
        onDone: [
          {
            guard: { type: 'refusedAsAdministrator', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: [
              // The server did answer with a session: the auth machine still learns whose it is.
              {
                type: 'reportAuthAnswer',
                params: ({ event }) => ({
                  answer: answerOf(event.output),
                }),
              },
              assign({ failure: ACCESS_FAILED_MESSAGES.adminSignIn }),
            ],
          },
          {
            guard: {
              type: 'answeredWith',
              params: ({ event }) => ({ outcome: event.output, kind: 'answered' }),
            },
            target: 'succeeded.signedIn',
            actions: [
              {
                type: 'reportAuthAnswer',
                params: ({ event }) => ({
                  answer: answerOf(event.output),
                }),
              },
              emit(({ event }) => ({
                type: 'access.signedIn' as const,
                answer: answerOf(event.output),
              })),
            ],
          },
          {
            target: 'succeeded.mailed',
            actions: assign({
              notice: ({ event }) => (event.output.kind === 'mailed' ? event.output.message : null),
            }),
          },
        ],
        onError: [
          {
            guard: { type: 'secondFactorAsked', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign(({ context }) => ({
              secondFactor: true,
              values: { ...context.values, code: '' },
              errors: {},
              failure: null,
            })),
          },
          {
            target: 'failed',
            actions: assign(({ context, event }) => {
              const message = failureMessage(event.error, ACCESS_FAILED_MESSAGES[context.kind]);
              const field = fieldOfFailure(context.kind, event.error, context.secondFactor);
              return field === null
                ? { failure: message }
                : { failure: null, errors: { ...context.errors, [field]: message } };
            }),
          },
        ],
      },
    },
    succeeded: {
      initial: 'signedIn',
      states: {
        /** The screen is leaving for where the visitor goes next; nothing more to send. */
        signedIn: { tags: ['busy'] },
        mailed: {
          on: {
            'access.fieldChanged': {
              target: '#accessForm.editing',
              actions: {
                type: 'keepValue',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
            'access.submitted': '#accessForm.validating',
          },
        },
      },
    },
    failed: {
      on: {
        'access.fieldChanged': {
          target: 'editing',
          actions: { type: 'keepValue', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'access.submitted': 'validating',
        'access.restarted': { guard: 'askingForCode', target: 'editing', actions: 'restart' },
      },
    },
  },
});

/** Sends a form's request to the matching call of the auth port. */
async function callAuthPort(
  port: AuthPort,
  request: AccessRequest,
  signal: AbortSignal,
): Promise<AccessOutcome> {
  switch (request.kind) {
    case 'signIn':
      return { kind: 'answered', answer: await port.login(request.credentials, { signal }) };
    case 'adminSignIn':
      return { kind: 'answered', answer: await port.adminLogin(request.credentials, { signal }) };
    case 'register':
      return { kind: 'answered', answer: await port.register(request.registration, { signal }) };
    case 'setPassword':
      return { kind: 'answered', answer: await port.changePassword(request.change, { signal }) };
    case 'forgotPassword':
      return { kind: 'mailed', message: await port.forgotPassword(request.email, { signal }) };
  }
}

/**
 * The machine with its call bound to the auth port and its answers handed on (the view never calls
 * the port itself); `reportAuthAnswer` sends `auth.answered` to the shop's auth machine.
 */
export function accessFormMachineFor(port: AuthPort, reportAuthAnswer: (answer: AuthAnswer) => void) {
  return accessFormMachine.provide({
    actors: {
      submitAccess: fromPromise<AccessOutcome, AccessRequest>(({ input, signal }) =>
        callAuthPort(port, input, signal),
      ),
    },
    actions: { reportAuthAnswer: (_, { answer }) => reportAuthAnswer(answer) },
  });
}

/**
 * The access forms (login, registration, password reset and change), provided with this page's auth
 * port; the view says where a signed-in answer goes (the page's auth machine).
 */
export const accessForm = defineUseCase(
  'account.accessFormMachine',
  { auth: AUTH_PORT },
  ({ auth }) =>
    (reportAuthAnswer: (answer: AuthAnswer) => void) =>
      accessFormMachineFor(auth, reportAuthAnswer),
);
