import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import {
  type AuthCheckAnswer,
  type AuthStateChange,
  authMachine,
} from '../../src/application/machines/auth.machine';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const clientAnswer: AuthCheckAnswer = {
  authenticated: true,
  role: 'user',
  clientId: 42,
  tempPasswordActive: false,
};
const adminAnswer: AuthCheckAnswer = {
  authenticated: true,
  role: 'admin',
  clientId: null,
  tempPasswordActive: false,
};
const guestAnswer: AuthCheckAnswer = {
  authenticated: false,
  role: 'user',
  clientId: null,
  tempPasswordActive: false,
};

function startAuth() {
  const checkAuth = controlledActor<AuthCheckAnswer>('checkAuth');
  const logout = controlledActor<void>('logout');
  const announced: AuthStateChange[] = [];
  const emitted: AuthStateChange[] = [];
  const actor = createActor(
    authMachine.provide({
      actors: { checkAuth: checkAuth.logic, logout: logout.logic },
      actions: { announceAuthState: (_, params) => announced.push(params) },
    }),
  );
  actor.on('auth.stateChanged', (event) =>
    emitted.push({ isAuthenticated: event.isAuthenticated, clientId: event.clientId }),
  );
  actor.start();
  return { actor, checkAuth, logout, announced, emitted };
}

describe('auth machine', () => {
  it('checks on start and becomes a client for a positive clientId', async () => {
    const { actor, checkAuth, announced, emitted } = startAuth();
    expect(actor.getSnapshot().value).toBe('checking');

    checkAuth.next().resolve(clientAnswer);
    await flush();

    expect(actor.getSnapshot().value).toBe('client');
    expect(actor.getSnapshot().context.identity).toEqual({
      isAuthenticated: true,
      clientId: 42,
      role: 'user',
    });
    expect(announced).toEqual([{ isAuthenticated: true, clientId: 42 }]);
    expect(emitted).toEqual(announced);
  });

  it('recognises an admin by role and keeps no clientId', async () => {
    const { actor, checkAuth, announced } = startAuth();
    checkAuth.next().resolve({ ...adminAnswer, clientId: 7 });
    await flush();

    expect(actor.getSnapshot().value).toBe('admin');
    expect(actor.getSnapshot().context.identity.clientId).toBeNull();
    expect(announced).toEqual([{ isAuthenticated: true, clientId: null }]);
  });

  it.each([
    ['a non-authenticated answer', guestAnswer],
    ['an authenticated answer without a usable clientId', { ...clientAnswer, clientId: 0 }],
    ['a negative clientId', { ...clientAnswer, clientId: -3 }],
    ['a fractional clientId', { ...clientAnswer, clientId: 1.5 }],
  ])('clears identity on %s', async (_, answer) => {
    const { actor, checkAuth, announced } = startAuth();
    checkAuth.next().resolve(answer);
    await flush();

    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(actor.getSnapshot().context.identity.isAuthenticated).toBe(false);
    expect(announced).toEqual([{ isAuthenticated: false, clientId: null }]);
  });

  it('clears identity when the check fails, even after having been a client', async () => {
    const { actor, checkAuth, announced } = startAuth();
    checkAuth.next().resolve(clientAnswer);
    await flush();
    actor.send({ type: 'auth.refreshRequested' });
    checkAuth.next().reject(new Error('network'));
    await flush();

    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(actor.getSnapshot().context.identity.clientId).toBeNull();
    expect(announced).toEqual([
      { isAuthenticated: true, clientId: 42 },
      { isAuthenticated: false, clientId: null },
    ]);
  });

  it('announces only changes: a refresh with the same answer stays silent', async () => {
    const { actor, checkAuth, announced } = startAuth();
    checkAuth.next().resolve(clientAnswer);
    await flush();
    actor.send({ type: 'auth.refreshRequested' });
    checkAuth.next().resolve(clientAnswer);
    await flush();

    expect(actor.getSnapshot().value).toBe('client');
    expect(announced).toHaveLength(1);
  });

  it('logout clears the identity when the server call succeeds', async () => {
    const { actor, checkAuth, logout, announced } = startAuth();
    checkAuth.next().resolve(clientAnswer);
    await flush();
    actor.send({ type: 'auth.logoutRequested' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    logout.next().resolve();
    await flush();

    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(announced.at(-1)).toEqual({ isAuthenticated: false, clientId: null });
  });

  it('logout clears the identity even when the server call fails', async () => {
    const { actor, checkAuth, logout } = startAuth();
    checkAuth.next().resolve(adminAnswer);
    await flush();
    actor.send({ type: 'auth.logoutRequested' });
    logout.next().reject(new Error('500'));
    await flush();

    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(actor.getSnapshot().context.identity).toEqual({
      isAuthenticated: false,
      clientId: null,
      role: 'guest',
    });
  });

  it('a logout during a refresh cancels the check and logs out', async () => {
    const { actor, checkAuth, logout } = startAuth();
    checkAuth.next().resolve(clientAnswer);
    await flush();
    actor.send({ type: 'auth.refreshRequested' });
    const check = checkAuth.next();
    actor.send({ type: 'auth.logoutRequested' });

    expect(check.aborted()).toBe(true);
    logout.next().resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('unauthenticated');
  });

  it('stores a returned temporary password and flags it active; a blank one is ignored', async () => {
    const { actor, checkAuth } = startAuth();
    checkAuth.next().resolve(guestAnswer);
    await flush();
    actor.send({ type: 'auth.tempPasswordIssued', tempPassword: '   ' });
    expect(actor.getSnapshot().context.tempPasswordActive).toBe(false);

    actor.send({ type: 'auth.tempPasswordIssued', tempPassword: 'Xy7-temp' });
    expect(actor.getSnapshot().context).toMatchObject({ tempPassword: 'Xy7-temp', tempPasswordActive: true });
  });

  it('takes tempPasswordActive from the check answer', async () => {
    const { actor, checkAuth } = startAuth();
    checkAuth.next().resolve({ ...clientAnswer, tempPasswordActive: true });
    await flush();
    expect(actor.getSnapshot().context.tempPasswordActive).toBe(true);
  });

  it('takes a sign-in answer as it is, without asking the server again, and announces the change', async () => {
    const { actor, checkAuth, announced } = startAuth();
    checkAuth.next().resolve(guestAnswer);
    await flush();
    actor.send({ type: 'auth.answered', answer: { ...clientAnswer, tempPasswordActive: true } });
    expect(actor.getSnapshot().value).toBe('client');
    expect(actor.getSnapshot().context.tempPasswordActive).toBe(true);
    expect(checkAuth.calls).toHaveLength(1);
    expect(announced).toEqual([
      { isAuthenticated: false, clientId: null },
      { isAuthenticated: true, clientId: 42 },
    ]);
    // Another client's answer in the client state re-enters it and announces the new id.
    actor.send({ type: 'auth.answered', answer: { ...clientAnswer, clientId: 43 } });
    expect(announced.at(-1)).toEqual({ isAuthenticated: true, clientId: 43 });
    actor.send({ type: 'auth.answered', answer: adminAnswer });
    expect(actor.getSnapshot().value).toBe('admin');
    actor.send({ type: 'auth.answered', answer: guestAnswer });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(actor.getSnapshot().context.identity.role).toBe('guest');
    expect(checkAuth.calls).toHaveLength(1);
  });

  it('a sign-in answer cancels a check still in flight; a logout in flight ignores it', async () => {
    const { actor, checkAuth, logout } = startAuth();
    actor.send({ type: 'auth.answered', answer: clientAnswer });
    expect(actor.getSnapshot().value).toBe('client');
    expect(checkAuth.calls[0]?.aborted()).toBe(true);
    actor.send({ type: 'auth.logoutRequested' });
    actor.send({ type: 'auth.answered', answer: clientAnswer });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    logout.next().resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('unauthenticated');
  });

  it('fails loudly when an actor was not provided', async () => {
    const actor = createActor(authMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await flush();
    // The check rejects, which the machine treats as a failed check; the missing action then throws.
    expect(String(errors[0])).toContain('auth machine: action announceAuthState not provided');
  });
});

const graphEvents = [
  { type: 'auth.refreshRequested' },
  { type: 'auth.logoutRequested' },
  doneEvent('checkAuth', clientAnswer),
  doneEvent('checkAuth', adminAnswer),
  doneEvent('checkAuth', guestAnswer),
  errorEvent('checkAuth'),
  doneEvent('logout', undefined),
  errorEvent('logout'),
] as never[];

describe('auth machine graph', () => {
  it('reaches every state', () => {
    expect(unreachableStates(authMachine, { events: graphEvents })).toEqual([]);
  });

  it('behaves like the model along every simple path', async () => {
    // createTestModel refuses machines that invoke actors, so the paths come from getSimplePaths and
    // each step is replayed on a real actor whose promise actors the test settles by hand.
    const paths = getSimplePaths(authMachine, {
      events: graphEvents,
      serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.identity]),
    });
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const sut = startAuth();
      for (const step of path.steps) {
        const event = step.event as { type: string; output?: AuthCheckAnswer; error?: unknown };
        if (event.type === 'xstate.done.actor.checkAuth')
          sut.checkAuth.next().resolve(event.output as AuthCheckAnswer);
        else if (event.type === 'xstate.error.actor.checkAuth') sut.checkAuth.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.logout') sut.logout.next().resolve();
        else if (event.type === 'xstate.error.actor.logout') sut.logout.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value, JSON.stringify(path.steps.map((s) => s.event.type))).toEqual(
          step.state.value,
        );
        expect(sut.actor.getSnapshot().context.identity).toEqual(step.state.context.identity);
      }
      // Whatever the path, the last announcement matches the identity the machine settled on.
      const last = sut.announced.at(-1);
      const identity = sut.actor.getSnapshot().context.identity;
      if (last)
        expect(last).toEqual({ isAuthenticated: identity.isAuthenticated, clientId: identity.clientId });
      sut.actor.stop();
    }
  });
});
