import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { type AccessOutcome, accessFormMachine } from '../../../src/application/machines/access-form.machine';
import type { AuthAnswer, AuthPort } from '../../../src/application/ports/auth.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import type { AccessField, AccessFormKind, AccessValues } from '../../../src/domain/access-form-validation';
import {
  ADMIN,
  CLIENT_7,
  clientPorts,
  type FakeSession,
  GUEST,
  renderClientRoute,
  startTestShop,
} from './client-test-support';

/**
 * Each access screen driven along the access-form machine's own paths: the shortest way to every
 * state the machine can be in for that form (xstate/graph), replayed on the real route — typing into
 * the fields, pressing the button, the auth port answering or failing — and after every step the
 * screen must show what the machine's state says: the values, the messages under the fields, the
 * form's message or confirmation, the busy button, and where a signed-in visitor ends up.
 */

afterEach(cleanup);

interface FormScreen {
  readonly route: string;
  readonly session: AuthAnswer;
  readonly heading: string;
  readonly button: string;
  readonly busyButton: string;
  readonly labels: Readonly<Partial<Record<AccessField, RegExp>>>;
  /** A valid value for every field of the form. */
  readonly valid: Partial<AccessValues>;
  /** The port call the form makes. */
  readonly call: keyof Pick<
    AuthPort,
    'login' | 'adminLogin' | 'register' | 'forgotPassword' | 'changePassword'
  >;
}

/** The administrator's second step, «Код из приложения» (the machine's `secondFactor`). */
const CODE_STEP = {
  button: 'Войти',
  busyButton: 'Проверяем код…',
  labels: { code: /^Код из приложения/ },
  back: 'Войти под другой учётной записью',
} as const;

/** What the screen shows in a state: the first step's fields and button, or the code step's. */
function stepOf(kind: AccessFormKind, state: ModelState) {
  return state.context.secondFactor ? CODE_STEP : SCREENS[kind];
}

const SCREENS: Readonly<Record<AccessFormKind, FormScreen>> = {
  signIn: {
    route: '/login',
    session: GUEST,
    heading: 'Вход в личный кабинет',
    button: 'Войти',
    busyButton: 'Входим…',
    labels: { email: /^Email/, password: /^Пароль/ },
    valid: { email: 'anna@example.ru', password: 'secret' },
    call: 'login',
  },
  adminSignIn: {
    route: '/admin/login',
    session: GUEST,
    heading: 'Вход для администратора',
    button: 'Войти',
    busyButton: 'Входим…',
    labels: { email: /^Email/, password: /^Пароль/ },
    valid: { email: 'admin@example.ru', password: 'admin-password' },
    call: 'adminLogin',
  },
  register: {
    route: '/register',
    session: GUEST,
    heading: 'Регистрация',
    button: 'Зарегистрироваться',
    busyButton: 'Регистрируем…',
    labels: {
      name: /^Имя/,
      email: /^Email/,
      phone: /^Телефон/,
      password: /^Пароль/,
      repeat: /^Повторите пароль/,
    },
    valid: { name: 'Анна', email: 'new@example.ru', password: 'long-enough', repeat: 'long-enough' },
    call: 'register',
  },
  forgotPassword: {
    route: '/forgot-password',
    session: GUEST,
    heading: 'Восстановление пароля',
    button: 'Прислать временный пароль',
    busyButton: 'Отправляем…',
    labels: { email: /^Email/ },
    valid: { email: 'anna@example.ru' },
    call: 'forgotPassword',
  },
  setPassword: {
    route: '/set-password',
    session: { ...CLIENT_7, tempPasswordActive: true },
    heading: 'Задайте постоянный пароль',
    button: 'Сохранить пароль',
    busyButton: 'Сохраняем…',
    labels: {
      current: /^Временный пароль/,
      password: /^Новый пароль/,
      repeat: /^Повторите новый пароль/,
    },
    valid: { current: 'Temp-1234', password: 'my-own-password', repeat: 'my-own-password' },
    call: 'changePassword',
  },
};

const MAILED =
  'Если аккаунт с этим email существует, мы отправили на него временный пароль. Проверьте почту.';

/** The machine's events for a form: every field valid, the first one emptied, the port's answers. */
function modelEvents(kind: AccessFormKind): AnyEventObject[] {
  const fields = Object.entries(SCREENS[kind].valid) as [AccessField, string][];
  const answers: AccessOutcome[] =
    kind === 'forgotPassword'
      ? [{ kind: 'mailed', message: MAILED }]
      : [
          { kind: 'answered', answer: kind === 'adminSignIn' ? ADMIN : CLIENT_7 },
          // An administrator's form answered with a client's session is refused.
          ...(kind === 'adminSignIn' ? [{ kind: 'answered', answer: CLIENT_7 } as const] : []),
        ];
  return [
    ...fields.map(([field, value]) => ({ type: 'access.fieldChanged', field, value })),
    { type: 'access.fieldChanged', field: fields[0]?.[0] ?? 'email', value: '' },
    { type: 'access.submitted' },
    ...answers.map((output) => ({ type: 'xstate.done.actor.submitAccess', output })),
    {
      type: 'xstate.error.actor.submitAccess',
      error: new PortFailure({ kind: 'network', message: 'offline' }),
    },
    {
      type: 'xstate.error.actor.submitAccess',
      error: new PortFailure({
        kind: 'bad-request',
        status: 409,
        message: 'taken',
        serverMessage: 'Пользователь с таким email уже зарегистрирован.',
      }),
    },
    // The administrator's second step: the server asks for the code, refuses a wrong one; back.
    ...(kind === 'adminSignIn'
      ? [
          { type: 'access.fieldChanged', field: 'code', value: '123 456' },
          {
            type: 'xstate.error.actor.submitAccess',
            error: new PortFailure({
              kind: 'bad-request',
              status: 401,
              code: 'second_factor_required',
              message: 'code due',
              serverMessage: 'Введите код из приложения.',
            }),
          },
          {
            type: 'xstate.error.actor.submitAccess',
            error: new PortFailure({
              kind: 'bad-request',
              status: 401,
              code: 'second_factor_invalid',
              message: 'wrong code',
              serverMessage: 'Неверный код из приложения. Попробуйте ещё раз или введите код восстановления.',
            }),
          },
          { type: 'access.restarted' },
        ]
      : []),
  ];
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The auth port of the screen: its call waits until the path says how the server answers. */
function screenServices(kind: AccessFormKind, session: FakeSession, pending: Pending[]) {
  const waitForTheTest = () =>
    new Promise<never>((resolve, reject) =>
      pending.push({ resolve: resolve as (value: unknown) => void, reject }),
    );
  return clientPorts(session, {
    auth: { [SCREENS[kind].call]: waitForTheTest },
    orders: { listByClient: async () => [] },
  });
}

type ModelState = SnapshotFrom<typeof accessFormMachine>;

/** What the screen must show in a state that is not signed in. */
function expectScreenToShow(kind: AccessFormKind, state: ModelState) {
  const card = screen.getByRole('heading', { level: 1, name: SCREENS[kind].heading }).closest('section');
  if (!card) throw new Error('no access card');
  const screenSpec = stepOf(kind, state);
  // The other step's fields are not on the screen.
  const hidden = state.context.secondFactor
    ? SCREENS[kind].labels
    : kind === 'adminSignIn'
      ? CODE_STEP.labels
      : {};
  for (const label of Object.values(hidden)) expect(within(card).queryByLabelText(label)).toBeNull();
  const busy = state.hasTag('busy');
  const button = within(card).getByRole('button', { name: busy ? screenSpec.busyButton : screenSpec.button });
  expect((button as HTMLButtonElement).disabled).toBe(busy);
  for (const [field, label] of Object.entries(screenSpec.labels) as [AccessField, RegExp][]) {
    expect((within(card).getByLabelText(label) as HTMLInputElement).value).toBe(state.context.values[field]);
  }
  const expectedAlerts = [...Object.values(state.context.errors), state.context.failure]
    .filter((message): message is string => typeof message === 'string')
    .sort();
  expect(
    within(card)
      .queryAllByRole('alert')
      .map((alert) => alert.textContent)
      .sort(),
  ).toEqual(expectedAlerts);
  expect(within(card).queryByRole('status')?.textContent ?? null).toBe(state.context.notice);
}

/** Where the screen goes once signed in with this answer (no remembered origin on these paths). */
function homeOf(answer: AuthAnswer): string {
  return answer.role === 'admin' ? '/admin' : `/orders/${answer.clientId}`;
}

const KINDS = Object.keys(SCREENS) as AccessFormKind[];

describe('access screens along the access-form machine’s paths', () => {
  it.each(KINDS)(
    'the %s screen shows every state the machine reaches',
    async (kind) => {
      const spec = SCREENS[kind];
      // The shortest way to each state the form can be in, and to each way that state can look: with or
      // without messages under which fields, with or without the form's message.
      const shortestByState = new Map<string, ReturnType<typeof getShortestPaths>[number]>();
      const allPaths = getShortestPaths(accessFormMachine, {
        events: modelEvents(kind) as never[],
        input: { kind },
        serializeState: (snapshot) =>
          JSON.stringify([
            snapshot.value,
            snapshot.context.values,
            snapshot.context.errors,
            snapshot.context.failure,
            snapshot.context.secondFactor,
          ]),
      });
      // Only what a person can do on the screen: a field is typed into while it is shown.
      const doable = allPaths.filter((path) =>
        path.steps.every((step, index) => {
          const event = step.event as AnyEventObject;
          if (event.type !== 'access.fieldChanged') return true;
          const before = (index === 0 ? null : path.steps[index - 1]?.state) as ModelState | null;
          const labels = before === null ? spec.labels : stepOf(kind, before).labels;
          return (event.field as string) in labels;
        }),
      );
      for (const path of [...doable].sort((a, b) => a.steps.length - b.steps.length)) {
        const { value, context } = path.state as ModelState;
        const key = JSON.stringify([
          value,
          Object.keys(context.errors).sort(),
          context.failure !== null,
          context.secondFactor,
        ]);
        if (!shortestByState.has(key)) shortestByState.set(key, path);
      }
      const paths = [...shortestByState.values()];
      // editing, submitting, failed, and signedIn or mailed: every state this form has.
      expect([...new Set(paths.map((path) => JSON.stringify(path.state.value)))].sort()).toEqual(
        [
          '"editing"',
          '"failed"',
          '"submitting"',
          kind === 'forgotPassword' ? '{"succeeded":"mailed"}' : '{"succeeded":"signedIn"}',
        ].sort(),
      );

      for (const path of paths) {
        const session: FakeSession = { answer: spec.session };
        const pending: Pending[] = [];
        const services = screenServices(kind, session, pending);
        const test = startTestShop(services);
        const { router } = await renderClientRoute(spec.route, services, test.shop);
        await screen.findByRole('heading', { level: 1, name: spec.heading });

        let before: ModelState | null = null;
        for (const step of path.steps) {
          const event = step.event as AnyEventObject & { output?: AccessOutcome; error?: unknown };
          const shown = before === null ? spec : stepOf(kind, before);
          await act(async () => {
            if (event.type === 'access.fieldChanged') {
              const label = (shown.labels as Partial<Record<AccessField, RegExp>>)[
                event.field as AccessField
              ];
              if (!label) throw new Error(`no field ${event.field}`);
              fireEvent.change(screen.getByLabelText(label), { target: { value: event.value } });
            } else if (event.type === 'access.submitted') {
              fireEvent.click(screen.getByRole('button', { name: shown.button }));
            } else if (event.type === 'access.restarted') {
              fireEvent.click(screen.getByRole('button', { name: CODE_STEP.back }));
            } else if (event.type === 'xstate.done.actor.submitAccess' && event.output) {
              const output = event.output;
              if (output.kind === 'answered') session.answer = output.answer;
              pending.shift()?.resolve(output.kind === 'answered' ? output.answer : output.message);
            } else if (event.type === 'xstate.error.actor.submitAccess') {
              pending.shift()?.reject(event.error);
            }
          });
          const state = step.state as ModelState;
          before = state;
          if (state.matches({ succeeded: 'signedIn' })) {
            const output = event.output;
            if (output?.kind !== 'answered') throw new Error('signed in without an answer');
            await waitFor(() => expect(router.state.location.pathname).toBe(homeOf(output.answer)));
          } else {
            await waitFor(() => expectScreenToShow(kind, state));
          }
        }
        // Nothing was sent that the path did not answer.
        expect(pending).toHaveLength(path.state.hasTag('busy') && !path.state.matches('succeeded') ? 1 : 0);
        cleanup();
      }
      // Each path renders the route afresh: a dozen renders of a real route take more than the default 5 s.
    },
    60_000,
  );
});
