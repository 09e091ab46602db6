import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  FOLLOW_UP_EMPTY_ERROR,
  FOLLOW_UP_FAILED_ERROR,
  FOLLOW_UP_MAX_LENGTH,
  FOLLOW_UP_RATE_LIMITED_ERROR,
  FOLLOW_UP_TOO_LONG_ERROR,
  followUpTextProblem,
  requestFollowUpMachine,
} from '../../src/application/machines/request-follow-up.machine';
import { PortFailure } from '../../src/application/ports/port-failure';
import type { OwnRequest } from '../../src/application/ports/requests.port';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const REQUEST: OwnRequest = {
  id: 31,
  kind: 'consultation',
  subject: 'Подбор дивана',
  text: 'Комментарий: угловой',
  createdAt: '2026-11-20T10:00:00.000Z',
  hasAttachment: false,
  status: 'waiting_client',
  replies: [],
  messages: [],
};

const ANSWERED: OwnRequest = {
  ...REQUEST,
  status: 'in_work',
  messages: [{ author: 'client', text: 'Размер 2 на 3', at: '2026-11-20T11:00:00.000Z' }],
};

type SendInput = { clientId: number; requestId: number; text: string };

function start() {
  const send = controlledActor<OwnRequest, SendInput>('send');
  const actor = createActor(requestFollowUpMachine.provide({ actors: { send: send.logic } }), {
    input: { clientId: 7, request: REQUEST },
  }).start();
  return { actor, send };
}

describe('request follow-up machine', () => {
  it('refuses a blank text without calling, and clears the error when the client types', () => {
    const { actor, send } = start();
    actor.send({ type: 'followUp.textChanged', text: '   ' });
    actor.send({ type: 'followUp.submitted' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(FOLLOW_UP_EMPTY_ERROR);
    expect(send.calls).toHaveLength(0);
    actor.send({ type: 'followUp.textChanged', text: 'Размер' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('knows the limits of a text', () => {
    expect(followUpTextProblem('')).toBe(FOLLOW_UP_EMPTY_ERROR);
    expect(followUpTextProblem('x'.repeat(FOLLOW_UP_MAX_LENGTH))).toBeNull();
    expect(followUpTextProblem(`  ${'x'.repeat(FOLLOW_UP_MAX_LENGTH)}  `)).toBeNull();
    expect(followUpTextProblem('x'.repeat(FOLLOW_UP_MAX_LENGTH + 1))).toBe(FOLLOW_UP_TOO_LONG_ERROR);
  });

  it('sends the trimmed text, is busy meanwhile, then clears the field and keeps the server’s request', async () => {
    const { actor, send } = start();
    actor.send({ type: 'followUp.textChanged', text: '  Размер 2 на 3 ' });
    actor.send({ type: 'followUp.submitted' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(send.next().input).toEqual({ clientId: 7, requestId: 31, text: 'Размер 2 на 3' });
    send.next().resolve(ANSWERED);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ text: '', error: null, sent: true, request: ANSWERED });
    actor.send({ type: 'followUp.textChanged', text: 'Ещё' });
    expect(actor.getSnapshot().context.sent).toBe(false);
  });

  it('keeps the typed text after a failure and sends it again', async () => {
    const { actor, send } = start();
    actor.send({ type: 'followUp.textChanged', text: 'Размер 2 на 3' });
    actor.send({ type: 'followUp.submitted' });
    send.next().reject(new PortFailure({ kind: 'network', message: 'offline' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({
      text: 'Размер 2 на 3',
      error: FOLLOW_UP_FAILED_ERROR,
    });
    actor.send({ type: 'followUp.submitted' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(send.next().input.text).toBe('Размер 2 на 3');
  });

  it('explains a rate-limit refusal', async () => {
    const { actor, send } = start();
    actor.send({ type: 'followUp.textChanged', text: 'Ещё вопрос' });
    actor.send({ type: 'followUp.submitted' });
    send.next().reject(new PortFailure({ kind: 'bad-request', message: '429', code: 'too_many_requests' }));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(FOLLOW_UP_RATE_LIMITED_ERROR);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'followUp.textChanged', text: 'Размер 2 на 3' },
  { type: 'followUp.textChanged', text: ' ' },
  { type: 'followUp.submitted' },
  doneEvent('send', ANSWERED),
  errorEvent('send'),
];

describe('request follow-up machine graph', () => {
  const input = { clientId: 7, request: REQUEST };

  it('reaches every state', () => {
    expect(unreachableStates(requestFollowUpMachine, { events: graphEvents as never[], input })).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    const paths = [
      ...getShortestPaths(requestFollowUpMachine, { events: graphEvents as never[], input }),
      ...getSimplePaths(requestFollowUpMachine, {
        events: graphEvents as never[],
        input,
        serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.text]),
      }),
    ];
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const sut = start();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: OwnRequest; error?: unknown };
        if (event.type === 'xstate.done.actor.send') sut.send.next().resolve(event.output as OwnRequest);
        else if (event.type === 'xstate.error.actor.send') sut.send.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
        expect(sut.actor.getSnapshot().context.text).toEqual(step.state.context.text);
      }
      sut.actor.stop();
    }
  });
});
