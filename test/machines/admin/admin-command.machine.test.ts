import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  type AdminCommand,
  adminCommandMachine,
} from '../../../src/application/machines/admin/admin-command.machine';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { controlledActor, flush } from '../support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from '../support/state-graph';

const DELETE: AdminCommand = { name: 'order.delete', confirm: true };
const CONFIRM_ORDER: AdminCommand = { name: 'order.moveTo', args: { status: 'confirmed' } };

function startCommand() {
  const run = controlledActor<unknown, { command: AdminCommand }>('run');
  const succeeded: AdminCommand[] = [];
  const actor = createActor(adminCommandMachine.provide({ actors: { run: run.logic } }));
  actor.on('command.succeeded', (event) => succeeded.push(event.command));
  actor.start();
  return { actor, run, succeeded };
}

describe('admin command machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks before a destructive command and does nothing when cancelled', () => {
    const { actor, run } = startCommand();
    actor.send({ type: 'command.requested', command: DELETE });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'command.cancelled' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(run.calls).toHaveLength(0);
  });

  it('runs a confirmed command, emits command.succeeded and the notice goes away', async () => {
    const { actor, run, succeeded } = startCommand();
    actor.send({ type: 'command.requested', command: DELETE });
    actor.send({ type: 'command.confirmed' });
    expect(run.next().input).toEqual({ command: DELETE });
    run.next().resolve({ ended: 2 });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.output).toEqual({ ended: 2 });
    expect(succeeded).toEqual([DELETE]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('runs a plain command at once', () => {
    const { actor, run } = startCommand();
    actor.send({ type: 'command.requested', command: CONFIRM_ORDER });
    expect(actor.getSnapshot().value).toBe('running');
    expect(run.next().input.command).toEqual(CONFIRM_ORDER);
  });

  it('shows the failure, retries the same command, or is dismissed', async () => {
    const { actor, run } = startCommand();
    actor.send({ type: 'command.requested', command: CONFIRM_ORDER });
    run.next().reject(
      new PortFailure({
        kind: 'bad-request',
        message: '409',
        status: 409,
        serverMessage: 'Из статуса «Доставлен» нельзя перейти в «Подтверждён»',
      }),
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Из статуса «Доставлен» нельзя перейти в «Подтверждён»');
    actor.send({ type: 'command.retried' });
    expect(run.next().input.command).toEqual(CONFIRM_ORDER);
    run.next().reject(new Error('boom'));
    await flush();
    actor.send({ type: 'command.dismissed' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'command.requested', command: DELETE },
  { type: 'command.requested', command: CONFIRM_ORDER },
  { type: 'command.confirmed' },
  { type: 'command.cancelled' },
  { type: 'command.retried' },
  { type: 'command.dismissed' },
  doneEvent('run', null),
  errorEvent('run'),
  afterEvent('doneNotice', 'adminCommand.done'),
];

describe('admin command machine graph', () => {
  it('reaches every state', () => {
    expect(unreachableStates(adminCommandMachine, { events: graphEvents as never[] })).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    vi.useFakeTimers();
    const serializeState = (snapshot: { value: unknown; context: { command: AdminCommand | null } }) =>
      JSON.stringify([snapshot.value, snapshot.context.command?.name ?? null]);
    const paths = [
      ...getShortestPaths(adminCommandMachine, { events: graphEvents as never[], serializeState }),
      ...getSimplePaths(adminCommandMachine, { events: graphEvents as never[], serializeState }),
    ];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const sut = startCommand();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
        if (event.type === 'xstate.done.actor.run') sut.run.next().resolve(event.output);
        else if (event.type === 'xstate.error.actor.run') sut.run.next().reject(event.error);
        else if (event.type.startsWith('xstate.after.doneNotice')) await vi.advanceTimersByTimeAsync(3000);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
    vi.useRealTimers();
  });
});
