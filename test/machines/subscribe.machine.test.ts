import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  loginRedirectPath,
  SUBSCRIBE_FORBIDDEN_DEFAULT_MESSAGE,
  type SubscribeOutcome,
  subscribeMachine,
} from '../../src/application/machines/subscribe.machine';
import { SUBSCRIBE_CONSENT_REQUIRED_MESSAGE } from '../../src/domain/subscribe-validation';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

/** `ticked`: the visitor ticked the consent first (it starts unticked; most tests are about what follows). */
function startSubscribe({ ticked = true } = {}) {
  const subscribe = controlledActor<SubscribeOutcome, { email: string }>('subscribe');
  const log: string[] = [];
  const actor = createActor(
    subscribeMachine.provide({
      actors: { subscribe: subscribe.logic },
      actions: {
        notifyAuthSuccess: () => log.push('authSuccess'),
        navigate: (_, { to }) => log.push(`navigate:${to}`),
      },
    }),
  ).start();
  if (ticked) actor.send({ type: 'subscribe.consentChanged', consent: true });
  return { actor, subscribe, log };
}

async function submitWith(outcome: SubscribeOutcome, email = 'me@example.ru') {
  const sut = startSubscribe();
  sut.actor.send({ type: 'subscribe.emailChanged', email });
  sut.actor.send({ type: 'subscribe.submitted' });
  sut.subscribe.next().resolve(outcome);
  await flush();
  return sut;
}

describe('subscribe machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(['', '   ', 'no-at-sign'])(
    'goes to the error state for the e-mail %j and retries back to the form',
    (email) => {
      const { actor, subscribe } = startSubscribe();
      actor.send({ type: 'subscribe.emailChanged', email });
      actor.send({ type: 'subscribe.submitted' });
      expect(actor.getSnapshot().value).toBe('error');
      expect(subscribe.calls).toHaveLength(0);
      actor.send({ type: 'subscribe.retryRequested' });
      expect(actor.getSnapshot().value).toBe('idle');
    },
  );

  it('requires the consent, which starts unchecked', () => {
    const { actor, subscribe } = startSubscribe({ ticked: false });
    expect(actor.getSnapshot().context.consent).toBe(false);
    actor.send({ type: 'subscribe.emailChanged', email: 'me@example.ru' });
    actor.send({ type: 'subscribe.consentChanged', consent: false });
    actor.send({ type: 'subscribe.submitted' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.consentError).toBe(SUBSCRIBE_CONSENT_REQUIRED_MESSAGE);
    expect(subscribe.calls).toHaveLength(0);

    actor.send({ type: 'subscribe.consentChanged', consent: true });
    expect(actor.getSnapshot().context.consentError).toBeNull();
    actor.send({ type: 'subscribe.submitted' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('sends the trimmed e-mail', () => {
    const { actor, subscribe } = startSubscribe();
    actor.send({ type: 'subscribe.emailChanged', email: '  me@example.ru ' });
    actor.send({ type: 'subscribe.submitted' });
    expect(subscribe.next().input).toEqual({ email: 'me@example.ru' });
  });

  it('shows the promo code on success, and closing notifies the auth-success callback', async () => {
    const { actor, log } = await submitWith({
      status: 'created',
      promoCode: 'WELCOME5',
      tempPassword: 'Tmp-9',
    });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toMatchObject({ promoCode: 'WELCOME5', tempPassword: 'Tmp-9' });
    actor.send({ type: 'subscribe.closeRequested' });
    expect(log).toEqual(['authSuccess']);
  });

  it.each([
    [null, 'HOME10'],
    ['  ', 'HOME10'],
    ['SPRING', 'SPRING'],
  ])('an existing subscriber sees the code %j as %s; closing notifies', async (promoCode, shown) => {
    const { actor, log } = await submitWith({ status: 'already_subscribed', promoCode, tempPassword: null });
    expect(actor.getSnapshot().value).toBe('subscribed');
    expect(actor.getSnapshot().context.promoCode).toBe(shown);
    actor.send({ type: 'subscribe.closeRequested' });
    expect(log).toEqual(['authSuccess']);
  });

  it('redirects an existing account to the login page after 1.2 s', async () => {
    const { actor, log } = await submitWith(
      { status: 'already_exists', promoCode: null, tempPassword: null },
      'a+b@c.ru',
    );
    expect(actor.getSnapshot().value).toBe('redirectLogin');
    await vi.advanceTimersByTimeAsync(1199);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['navigate:/login?email=a%2Bb%40c.ru&showMsg=1']);
    expect(loginRedirectPath('me@example.ru')).toBe('/login?email=me%40example.ru&showMsg=1');
  });

  it.each([
    ['Нельзя', 'Нельзя'],
    [null, SUBSCRIBE_FORBIDDEN_DEFAULT_MESSAGE],
    ['', SUBSCRIBE_FORBIDDEN_DEFAULT_MESSAGE],
  ])('a 403 with message %j shows %s', async (message, shown) => {
    const { actor, log } = await submitWith({ status: 'forbidden', message });
    expect(actor.getSnapshot().value).toBe('forbidden');
    expect(actor.getSnapshot().context.forbiddenMessage).toBe(shown);
    actor.send({ type: 'subscribe.closeRequested' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(log).toEqual([]);
  });

  it('any other failure goes to the error state', async () => {
    const { actor, subscribe } = startSubscribe();
    actor.send({ type: 'subscribe.emailChanged', email: 'me@example.ru' });
    actor.send({ type: 'subscribe.submitted' });
    subscribe.next().reject(new Error('500'));
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'subscribe.emailChanged', email: 'me@example.ru' },
  { type: 'subscribe.emailChanged', email: 'broken' },
  { type: 'subscribe.consentChanged', consent: false },
  { type: 'subscribe.consentChanged', consent: true },
  { type: 'subscribe.submitted' },
  { type: 'subscribe.retryRequested' },
  { type: 'subscribe.closeRequested' },
  doneEvent('subscribe', { status: 'created', promoCode: 'A1', tempPassword: null }),
  doneEvent('subscribe', { status: 'already_subscribed', promoCode: null, tempPassword: null }),
  doneEvent('subscribe', { status: 'already_exists', promoCode: null, tempPassword: null }),
  doneEvent('subscribe', { status: 'forbidden', message: null }),
  errorEvent('subscribe'),
  afterEvent('redirectToLogin', 'subscribe.redirectLogin'),
];

describe('subscribe machine graph', () => {
  it('reaches every state', () => {
    expect(unreachableStates(subscribeMachine, { events: graphEvents as never[] })).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    vi.useFakeTimers();
    const paths = [
      ...getShortestPaths(subscribeMachine, { events: graphEvents as never[] }),
      ...getSimplePaths(subscribeMachine, {
        events: graphEvents as never[],
        serializeState: (snapshot) =>
          JSON.stringify([snapshot.value, snapshot.context.email, snapshot.context.consent]),
      }),
    ];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const sut = startSubscribe({ ticked: false });
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: SubscribeOutcome; error?: unknown };
        if (event.type === 'xstate.done.actor.subscribe')
          sut.subscribe.next().resolve(event.output as SubscribeOutcome);
        else if (event.type === 'xstate.error.actor.subscribe') sut.subscribe.next().reject(event.error);
        else if (event.type.startsWith('xstate.after.redirectToLogin'))
          await vi.advanceTimersByTimeAsync(1200);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
    vi.useRealTimers();
  });
});
