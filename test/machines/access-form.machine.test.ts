import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { PASSWORD_PROBLEM_MESSAGES } from '../../shared-rules/password-rule';
import {
  ACCESS_FAILED_MESSAGES,
  type AccessOutcome,
  type AccessRequest,
  accessFormMachine,
  accessFormMachineFor,
  accessRequestOf,
} from '../../src/application/machines/access-form.machine';
import type { AuthAnswer, AuthPort } from '../../src/application/ports/auth.port';
import { PortFailure } from '../../src/application/ports/port-failure';
import {
  ACCESS_MESSAGES,
  type AccessField,
  type AccessFormKind,
  type AccessValues,
  EMPTY_ACCESS_VALUES,
} from '../../src/domain/access-form-validation';
import { EMAIL_FORMAT_MESSAGE, PHONE_FORMAT_MESSAGE } from '../../src/domain/contact-form-validation';
import { controlledActor, flush } from './support/controlled-actor';
import { atomicStateIds, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const CLIENT: AuthAnswer = { authenticated: true, role: 'user', clientId: 7, tempPasswordActive: false };
const ADMIN: AuthAnswer = { authenticated: true, role: 'admin', clientId: null, tempPasswordActive: false };
const MAILED =
  'Если аккаунт с этим email существует, мы отправили на него временный пароль. Проверьте почту.';
const NETWORK_MESSAGE = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';

function start(kind: AccessFormKind, values?: Partial<AccessValues>) {
  const submit = controlledActor<AccessOutcome, AccessRequest>('submitAccess');
  const reported: AuthAnswer[] = [];
  const emitted: AuthAnswer[] = [];
  const actor = createActor(
    accessFormMachine.provide({
      actors: { submitAccess: submit.logic },
      actions: { reportAuthAnswer: (_, { answer }) => reported.push(answer) },
    }),
    { input: { kind, values } },
  );
  actor.on('access.signedIn', (event) => emitted.push(event.answer));
  actor.start();
  return { actor, submit, reported, emitted };
}

type Sut = ReturnType<typeof start>;

function fill(sut: Sut, values: Partial<AccessValues>) {
  for (const [field, value] of Object.entries(values))
    sut.actor.send({ type: 'access.fieldChanged', field: field as AccessField, value });
}

function submit(sut: Sut) {
  sut.actor.send({ type: 'access.submitted' });
}

const VALID: Readonly<Record<AccessFormKind, Partial<AccessValues>>> = {
  signIn: { email: ' anna@example.ru ', password: 'secret' },
  adminSignIn: { email: 'admin@example.ru', password: 'admin-password' },
  register: {
    name: '  Анна ',
    email: 'new@example.ru',
    phone: '',
    password: 'long-enough',
    repeat: 'long-enough',
  },
  forgotPassword: { email: 'anna@example.ru' },
  setPassword: { current: 'Temp-1234', password: 'my-own-password', repeat: 'my-own-password' },
};

describe('access form machine: validation', () => {
  it('refuses an empty sign-in with the messages under the fields and sends nothing', () => {
    const sut = start('signIn');
    submit(sut);
    expect(sut.actor.getSnapshot().value).toBe('editing');
    expect(sut.actor.getSnapshot().context.errors).toEqual({
      email: ACCESS_MESSAGES.emailRequired,
      password: ACCESS_MESSAGES.passwordRequired,
    });
    expect(sut.submit.calls).toHaveLength(0);
  });

  it('checks registration with the shop rules: e-mail and phone shapes, the password policy, the repeat', () => {
    const sut = start('register');
    fill(sut, { email: 'nope', phone: '123', password: 'short', repeat: 'other' });
    submit(sut);
    expect(sut.actor.getSnapshot().context.errors).toEqual({
      email: EMAIL_FORMAT_MESSAGE,
      phone: PHONE_FORMAT_MESSAGE,
      password: PASSWORD_PROBLEM_MESSAGES.too_short,
      repeat: ACCESS_MESSAGES.passwordsDiffer,
    });
    expect(sut.submit.calls).toHaveLength(0);
  });

  it('wants a new password that differs from the temporary one it starts with', () => {
    const sut = start('setPassword', { current: 'Temp-12345' });
    expect(sut.actor.getSnapshot().context.values.current).toBe('Temp-12345');
    fill(sut, { password: 'Temp-12345', repeat: 'Temp-12345' });
    submit(sut);
    expect(sut.actor.getSnapshot().context.errors).toEqual({ password: ACCESS_MESSAGES.passwordUnchanged });
    fill(sut, { password: 'my-own-password', repeat: 'my-own-password' });
    submit(sut);
    expect(sut.actor.getSnapshot().value).toBe('submitting');
    expect(sut.actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('access form machine: sending', () => {
  it('signs in with the trimmed e-mail, is busy, hands the answer to the auth machine once and announces it', async () => {
    const sut = start('signIn');
    fill(sut, VALID.signIn);
    submit(sut);
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sut.submit.next().input).toEqual({
      kind: 'signIn',
      credentials: { email: 'anna@example.ru', password: 'secret' },
    });
    sut.submit.next().resolve({ kind: 'answered', answer: CLIENT });
    await flush();
    expect(sut.actor.getSnapshot().value).toEqual({ succeeded: 'signedIn' });
    // Still busy: the screen is leaving, the button must not send again.
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(sut.reported).toEqual([CLIENT]);
    expect(sut.emitted).toEqual([CLIENT]);
  });

  it('registers with the name and phone trimmed, leaving out empty ones', () => {
    expect(accessRequestOf('register', { ...EMPTY_ACCESS_VALUES, ...VALID.register })).toEqual({
      kind: 'register',
      registration: { email: 'new@example.ru', password: 'long-enough', name: 'Анна' },
    });
    expect(
      accessRequestOf('register', { ...EMPTY_ACCESS_VALUES, ...VALID.register, phone: ' +7 900 000-00-00 ' }),
    ).toMatchObject({ registration: { phone: '+7 900 000-00-00' } });
    // Passwords are sent exactly as typed.
    expect(
      accessRequestOf('setPassword', { ...EMPTY_ACCESS_VALUES, current: ' a ', password: ' b ' }),
    ).toEqual({
      kind: 'setPassword',
      change: { currentPassword: ' a ', newPassword: ' b ' },
    });
  });

  it('shows the forgotten password’s confirmation, and typing or sending again leaves it', async () => {
    const sut = start('forgotPassword');
    fill(sut, VALID.forgotPassword);
    submit(sut);
    expect(sut.submit.next().input).toEqual({ kind: 'forgotPassword', email: 'anna@example.ru' });
    sut.submit.next().resolve({ kind: 'mailed', message: MAILED });
    await flush();
    expect(sut.actor.getSnapshot().value).toEqual({ succeeded: 'mailed' });
    expect(sut.actor.getSnapshot().context.notice).toBe(MAILED);
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(sut.reported).toEqual([]);
    submit(sut);
    expect(sut.actor.getSnapshot().value).toBe('submitting');
    expect(sut.actor.getSnapshot().context.notice).toBeNull();
    sut.submit.next().resolve({ kind: 'mailed', message: MAILED });
    await flush();
    fill(sut, { email: 'other@example.ru' });
    expect(sut.actor.getSnapshot().value).toBe('editing');
    expect(sut.actor.getSnapshot().context.notice).toBeNull();
  });

  it('refuses an administrator’s sign-in the server answered with a client’s session', async () => {
    const sut = start('adminSignIn');
    fill(sut, VALID.adminSignIn);
    submit(sut);
    sut.submit.next().resolve({ kind: 'answered', answer: CLIENT });
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context.failure).toBe(ACCESS_FAILED_MESSAGES.adminSignIn);
    expect(sut.reported).toEqual([CLIENT]);
    expect(sut.emitted).toEqual([]);
  });

  it('signs an administrator in', async () => {
    const sut = start('adminSignIn');
    fill(sut, VALID.adminSignIn);
    submit(sut);
    sut.submit.next().resolve({ kind: 'answered', answer: ADMIN });
    await flush();
    expect(sut.actor.getSnapshot().value).toEqual({ succeeded: 'signedIn' });
    expect(sut.emitted).toEqual([ADMIN]);
  });
});

const CODE_ASKED = new PortFailure({
  kind: 'bad-request',
  status: 401,
  code: 'second_factor_required',
  message: 'code due',
  serverMessage: 'Введите код из приложения.',
});
const WRONG_CODE_MESSAGE = 'Неверный код из приложения. Попробуйте ещё раз или введите код восстановления.';
const CODE_WRONG = new PortFailure({
  kind: 'bad-request',
  status: 401,
  code: 'second_factor_invalid',
  message: 'wrong code',
  serverMessage: WRONG_CODE_MESSAGE,
});

describe('access form machine: the administrator’s «Код из приложения»', () => {
  async function askedForCode() {
    const sut = start('adminSignIn');
    fill(sut, VALID.adminSignIn);
    submit(sut);
    sut.submit.next().reject(CODE_ASKED);
    await flush();
    return sut;
  }

  it('asks for the code once the server accepted the password, with no message shown', async () => {
    const sut = await askedForCode();
    expect(sut.actor.getSnapshot().value).toBe('editing');
    expect(sut.actor.getSnapshot().context).toMatchObject({ secondFactor: true, failure: null, errors: {} });
    expect(sut.reported).toEqual([]);
  });

  it('checks the code’s shape before sending: six digits or a recovery code', async () => {
    const sut = await askedForCode();
    submit(sut);
    expect(sut.actor.getSnapshot().context.errors).toEqual({ code: ACCESS_MESSAGES.codeRequired });
    fill(sut, { code: '12345' });
    submit(sut);
    expect(sut.actor.getSnapshot().context.errors).toEqual({ code: ACCESS_MESSAGES.codeShape });
    expect(sut.submit.calls).toHaveLength(1);
  });

  it('sends the code with the e-mail and password of the first step, as the app shows it or in capitals', async () => {
    const sut = await askedForCode();
    fill(sut, { code: ' 123 456 ' });
    submit(sut);
    expect(sut.submit.next().input).toEqual({
      kind: 'adminSignIn',
      credentials: { email: 'admin@example.ru', password: 'admin-password', code: '123456' },
    });
    sut.submit.next().resolve({ kind: 'answered', answer: ADMIN });
    await flush();
    expect(sut.actor.getSnapshot().value).toEqual({ succeeded: 'signedIn' });
    expect(sut.emitted).toEqual([ADMIN]);
    expect(
      accessRequestOf(
        'adminSignIn',
        { ...EMPTY_ACCESS_VALUES, ...VALID.adminSignIn, code: 'AB1CD-E2F3G' },
        true,
      ),
    ).toMatchObject({ credentials: { code: 'ab1cd-e2f3g' } });
  });

  it('shows a wrong code under the code field and a throttled sign-in as the form’s message', async () => {
    const sut = await askedForCode();
    fill(sut, { code: '000000' });
    submit(sut);
    sut.submit.next().reject(CODE_WRONG);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      secondFactor: true,
      errors: { code: WRONG_CODE_MESSAGE },
      failure: null,
    });
    fill(sut, { code: '111111' });
    submit(sut);
    sut.submit.next().reject(
      new PortFailure({
        kind: 'bad-request',
        status: 429,
        code: 'too_many_requests',
        message: 'throttled',
        serverMessage: 'Слишком много запросов. Попробуйте позже.',
      }),
    );
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      secondFactor: true,
      failure: 'Слишком много запросов. Попробуйте позже.',
    });
  });

  it('goes back to the e-mail and password, dropping the code', async () => {
    const sut = await askedForCode();
    fill(sut, { code: '123456' });
    sut.actor.send({ type: 'access.restarted' });
    expect(sut.actor.getSnapshot().value).toBe('editing');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      secondFactor: false,
      values: { email: 'admin@example.ru', password: 'admin-password', code: '' },
    });
    submit(sut);
    expect(sut.submit.next().input).toEqual({
      kind: 'adminSignIn',
      credentials: { email: 'admin@example.ru', password: 'admin-password' },
    });
  });

  it('never asks a client’s sign-in for a code', async () => {
    const sut = start('signIn');
    fill(sut, VALID.signIn);
    submit(sut);
    sut.submit.next().reject(CODE_ASKED);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context.secondFactor).toBe(false);
  });
});

describe('access form machine: failures', () => {
  async function failWith(kind: AccessFormKind, error: unknown) {
    const sut = start(kind);
    fill(sut, VALID[kind]);
    submit(sut);
    sut.submit.next().reject(error);
    await flush();
    return sut;
  }

  it('puts an e-mail already registered under the e-mail field, in the server’s words', async () => {
    const taken = 'Пользователь с таким email уже зарегистрирован. Войдите или восстановите пароль.';
    const sut = await failWith(
      'register',
      new PortFailure({
        kind: 'bad-request',
        status: 409,
        code: 'conflict',
        message: 'taken',
        serverMessage: taken,
      }),
    );
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context).toMatchObject({ errors: { email: taken }, failure: null });
  });

  it.each(['register', 'setPassword'] as const)(
    'puts the policy’s refusal of a %s password under the password field',
    async (kind) => {
      const sut = await failWith(
        kind,
        new PortFailure({
          kind: 'bad-request',
          status: 422,
          message: 'weak',
          serverMessage: PASSWORD_PROBLEM_MESSAGES.too_common,
        }),
      );
      expect(sut.actor.getSnapshot().context.errors).toEqual({
        password: PASSWORD_PROBLEM_MESSAGES.too_common,
      });
      expect(sut.actor.getSnapshot().context.failure).toBeNull();
    },
  );

  it.each([
    [
      'signIn',
      new PortFailure({ kind: 'bad-request', status: 401, message: 'bad' }),
      'Неверный email или пароль',
    ],
    [
      'signIn',
      new PortFailure({
        kind: 'bad-request',
        status: 401,
        message: 'bad',
        serverMessage: 'Неверный email или пароль.',
      }),
      'Неверный email или пароль.',
    ],
    ['register', new PortFailure({ kind: 'network', message: 'offline' }), NETWORK_MESSAGE],
    [
      'forgotPassword',
      new PortFailure({ kind: 'bad-response', status: 500, message: 'boom' }),
      ACCESS_FAILED_MESSAGES.forgotPassword,
    ],
    ['setPassword', new Error('unexpected'), ACCESS_FAILED_MESSAGES.setPassword],
  ] as const)('a %s failure (%s) shows «%s» as the form’s message', async (kind, error, message) => {
    const sut = await failWith(kind, error);
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context.failure).toBe(message);
    expect(sut.actor.getSnapshot().context.errors).toEqual({});
  });

  it('keeps what was typed after a failure and retries with it', async () => {
    const sut = await failWith('signIn', new PortFailure({ kind: 'network', message: 'offline' }));
    expect(sut.actor.getSnapshot().context.values.password).toBe('secret');
    submit(sut);
    expect(sut.actor.getSnapshot().value).toBe('submitting');
    expect(sut.actor.getSnapshot().context.failure).toBeNull();
    expect(sut.submit.next().input).toEqual({
      kind: 'signIn',
      credentials: { email: 'anna@example.ru', password: 'secret' },
    });
  });

  it('leaves the failure for the form as soon as the visitor types', async () => {
    const sut = await failWith('signIn', new PortFailure({ kind: 'network', message: 'offline' }));
    fill(sut, { password: 'secret-2' });
    expect(sut.actor.getSnapshot().value).toBe('editing');
    expect(sut.actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('accessFormMachineFor', () => {
  it('calls the auth port’s call of each form with the actor’s signal and reports the answer', async () => {
    const calls: string[] = [];
    const port: AuthPort = {
      checkAuth: async () => {
        calls.push('checkAuth');
        return CLIENT;
      },
      login: async ({ email }, options) => {
        calls.push(`login:${email}:${options?.signal instanceof AbortSignal}`);
        return CLIENT;
      },
      adminLogin: async ({ email }) => {
        calls.push(`adminLogin:${email}`);
        return ADMIN;
      },
      register: async ({ email }) => {
        calls.push(`register:${email}`);
        return CLIENT;
      },
      forgotPassword: async (email) => {
        calls.push(`forgotPassword:${email}`);
        return MAILED;
      },
      changePassword: async ({ newPassword }) => {
        calls.push(`changePassword:${newPassword}`);
        return CLIENT;
      },
      logout: async () => undefined,
    };
    const reported: AuthAnswer[] = [];
    const expectedState: Record<AccessFormKind, unknown> = {
      signIn: { succeeded: 'signedIn' },
      adminSignIn: { succeeded: 'signedIn' },
      register: { succeeded: 'signedIn' },
      setPassword: { succeeded: 'signedIn' },
      forgotPassword: { succeeded: 'mailed' },
    };
    for (const kind of Object.keys(VALID) as AccessFormKind[]) {
      const actor = createActor(
        accessFormMachineFor(port, (answer) => reported.push(answer)),
        {
          input: { kind, values: VALID[kind] },
        },
      ).start();
      actor.send({ type: 'access.submitted' });
      await flush();
      expect(actor.getSnapshot().value).toEqual(expectedState[kind]);
      actor.stop();
    }
    expect(calls).toEqual([
      'login:anna@example.ru:true',
      'adminLogin:admin@example.ru',
      'register:new@example.ru',
      'forgotPassword:anna@example.ru',
      'changePassword:my-own-password',
    ]);
    // The answers went to the auth machine; nobody asked check-auth again.
    expect(reported).toEqual([CLIENT, ADMIN, CLIENT, CLIENT]);
  });
});

/** Per form: a valid value for every field it has, and one broken value, for the generated paths. */
function graphEvents(kind: AccessFormKind): AnyEventObject[] {
  const fields = Object.entries(VALID[kind]) as [AccessField, string][];
  return [
    ...fields.map(([field, value]) => ({ type: 'access.fieldChanged', field, value })),
    { type: 'access.fieldChanged', field: fields[0]?.[0] ?? 'email', value: '' },
    { type: 'access.submitted' },
    doneEvent('submitAccess', { kind: 'answered', answer: CLIENT } satisfies AccessOutcome),
    doneEvent('submitAccess', { kind: 'answered', answer: ADMIN } satisfies AccessOutcome),
    doneEvent('submitAccess', { kind: 'mailed', message: MAILED } satisfies AccessOutcome),
    errorEvent('submitAccess', new PortFailure({ kind: 'network', message: 'offline' })),
    errorEvent(
      'submitAccess',
      new PortFailure({ kind: 'bad-request', status: 409, message: 'taken', serverMessage: 'Занят' }),
    ),
    // The administrator's second step.
    ...(kind === 'adminSignIn'
      ? [
          { type: 'access.fieldChanged', field: 'code', value: '123456' },
          errorEvent('submitAccess', CODE_ASKED),
          errorEvent('submitAccess', CODE_WRONG),
          { type: 'access.restarted' },
        ]
      : []),
  ];
}

const KINDS = Object.keys(VALID) as AccessFormKind[];

/** The output a form's call can really give: an answer, or the forgotten password's confirmation. */
function possibleFor(kind: AccessFormKind, event: AnyEventObject): boolean {
  if (event.type !== 'xstate.done.actor.submitAccess') return true;
  const output = (event as AnyEventObject & { output: AccessOutcome }).output;
  return kind === 'forgotPassword' ? output.kind === 'mailed' : output.kind === 'answered';
}

describe('access form machine graph', () => {
  it('reaches every state with some form, and each form the states it has', () => {
    const unreachedBy = new Map(
      KINDS.map((kind) => [
        kind,
        unreachableStates(accessFormMachine, {
          events: graphEvents(kind).filter((event) => possibleFor(kind, event)) as never[],
          input: { kind },
        }),
      ]),
    );
    expect(unreachedBy.get('forgotPassword')).toEqual(['accessForm.succeeded.signedIn']);
    for (const kind of ['signIn', 'adminSignIn', 'register', 'setPassword'] as const)
      expect(unreachedBy.get(kind)).toEqual(['accessForm.succeeded.mailed']);
    const neverReached = atomicStateIds(accessFormMachine).filter((id) =>
      KINDS.every((kind) => unreachedBy.get(kind)?.includes(id)),
    );
    expect(neverReached).toEqual([]);
  });

  it.each(KINDS)('behaves like the model along generated paths of the %s form', async (kind) => {
    const events = graphEvents(kind).filter((event) => possibleFor(kind, event));
    const paths = [
      ...getShortestPaths(accessFormMachine, { events: events as never[], input: { kind } }),
      ...getSimplePaths(accessFormMachine, {
        events: events as never[],
        input: { kind },
        // Whether the form may be sent is what decides the way; the exact texts are not.
        serializeState: (snapshot) =>
          JSON.stringify([
            snapshot.value,
            Object.values(snapshot.context.values).map((value) => value !== ''),
            snapshot.context.failure !== null,
            snapshot.context.secondFactor,
          ]),
      }).slice(0, 60),
    ];
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const sut = start(kind);
      let reports = 0;
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: AccessOutcome; error?: unknown };
        if (event.type === 'xstate.done.actor.submitAccess')
          sut.submit.next().resolve(event.output as AccessOutcome);
        else if (event.type === 'xstate.error.actor.submitAccess') sut.submit.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
        // Every answer the server gave reached the auth machine, exactly once.
        if (event.type === 'xstate.done.actor.submitAccess' && event.output?.kind === 'answered')
          reports += 1;
        expect(sut.reported).toHaveLength(reports);
      }
      sut.actor.stop();
    }
  });
});
