import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  type BulkAction,
  type BulkRowResult,
  bulkSelectionMachine,
  MAX_BULK_SELECTION,
} from '../../../src/application/machines/admin/bulk-selection.machine';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { controlledActor, flush } from '../support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from '../support/state-graph';

const CONFIRM: BulkAction = { kind: 'status', status: 'confirmed' };

function startBulk() {
  const apply = controlledActor<readonly BulkRowResult[], { action: BulkAction; ids: readonly number[] }>(
    'apply',
  );
  const applied: (readonly BulkRowResult[])[] = [];
  const actor = createActor(bulkSelectionMachine.provide({ actors: { apply: apply.logic } }));
  actor.on('bulk.applied', (event) => applied.push(event.results));
  actor.start();
  return { actor, apply, applied };
}

describe('bulk selection machine', () => {
  it('ticks and unticks rows; the last untick returns to idle', () => {
    const { actor } = startBulk();
    actor.send({ type: 'selection.toggled', id: 3 });
    actor.send({ type: 'selection.toggled', id: 5 });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context.selected).toEqual([3, 5]);
    actor.send({ type: 'selection.toggled', id: 3 });
    expect(actor.getSnapshot().context.selected).toEqual([5]);
    actor.send({ type: 'selection.toggled', id: 5 });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('selects a whole page at once (no duplicates, at most the API limit) and clears', () => {
    const { actor } = startBulk();
    actor.send({ type: 'selection.replaced', ids: [1, 2, 2, 3] });
    expect(actor.getSnapshot().context.selected).toEqual([1, 2, 3]);
    actor.send({ type: 'selection.replaced', ids: Array.from({ length: 600 }, (_, index) => index + 1) });
    expect(actor.getSnapshot().context.selected).toHaveLength(MAX_BULK_SELECTION);
    actor.send({ type: 'selection.toggled', id: 9999 });
    expect(actor.getSnapshot().context.selected).not.toContain(9999);
    actor.send({ type: 'selection.cleared' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('asks first, and cancelling keeps the selection', () => {
    const { actor, apply } = startBulk();
    actor.send({ type: 'selection.replaced', ids: [1, 2] });
    actor.send({ type: 'bulk.chosen', action: CONFIRM });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().can({ type: 'bulk.confirmed' })).toBe(true);
    actor.send({ type: 'bulk.cancelled' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context).toMatchObject({ selected: [1, 2], action: null });
    expect(apply.calls).toHaveLength(0);
  });

  it('applies to every selected id, shows the per-row results, then clears and emits bulk.applied', async () => {
    const { actor, apply, applied } = startBulk();
    actor.send({ type: 'selection.replaced', ids: [11, 12] });
    actor.send({ type: 'bulk.chosen', action: { kind: 'allowPayment' } });
    actor.send({ type: 'bulk.confirmed' });
    expect(actor.getSnapshot().value).toBe('applying');
    expect(apply.next().input).toEqual({ action: { kind: 'allowPayment' }, ids: [11, 12] });
    const results = [
      { id: 11, ok: true },
      { id: 12, ok: false, error: 'Из статуса «Доставлен» нельзя перейти в «Ожидает оплаты»' },
    ];
    apply.next().resolve(results);
    await flush();
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context.results).toEqual(results);
    actor.send({ type: 'results.closed' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(applied).toEqual([results]);
  });

  it('a call that failed as a whole keeps the selection to try again', async () => {
    const { actor, apply, applied } = startBulk();
    actor.send({ type: 'selection.toggled', id: 4 });
    actor.send({ type: 'bulk.chosen', action: { kind: 'delete' } });
    actor.send({ type: 'bulk.confirmed' });
    apply.next().reject(new PortFailure({ kind: 'network', message: 'offline' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context.error).toMatch(/Нет связи/);
    actor.send({ type: 'results.closed' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context.selected).toEqual([4]);
    expect(applied).toEqual([]);
  });

  it('no selection changes while confirming or applying', () => {
    const { actor } = startBulk();
    actor.send({ type: 'selection.toggled', id: 1 });
    actor.send({ type: 'bulk.chosen', action: CONFIRM });
    expect(actor.getSnapshot().can({ type: 'selection.toggled', id: 2 })).toBe(false);
    actor.send({ type: 'bulk.confirmed' });
    expect(actor.getSnapshot().can({ type: 'selection.cleared' })).toBe(false);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'selection.toggled', id: 1 },
  { type: 'selection.toggled', id: 2 },
  { type: 'selection.replaced', ids: [1, 2] },
  { type: 'selection.replaced', ids: [] },
  { type: 'selection.cleared' },
  { type: 'bulk.chosen', action: CONFIRM },
  { type: 'bulk.cancelled' },
  { type: 'bulk.confirmed' },
  { type: 'results.closed' },
  doneEvent('apply', [{ id: 1, ok: true }]),
  errorEvent('apply', new PortFailure({ kind: 'network', message: 'offline' })),
];

describe('bulk selection machine graph', () => {
  it('reaches every state', () => {
    expect(unreachableStates(bulkSelectionMachine, { events: graphEvents as never[] })).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    const serializeState = (snapshot: {
      value: unknown;
      context: { selected: readonly number[]; error: unknown };
    }) => JSON.stringify([snapshot.value, snapshot.context.selected, snapshot.context.error !== null]);
    const paths = [
      ...getShortestPaths(bulkSelectionMachine, { events: graphEvents as never[], serializeState }),
      ...getSimplePaths(bulkSelectionMachine, { events: graphEvents as never[], serializeState }),
    ];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const sut = startBulk();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: readonly BulkRowResult[]; error?: unknown };
        if (event.type === 'xstate.done.actor.apply') sut.apply.next().resolve(event.output ?? []);
        else if (event.type === 'xstate.error.actor.apply') sut.apply.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
        expect(sut.actor.getSnapshot().context.selected).toEqual(step.state.context.selected);
      }
      sut.actor.stop();
    }
  });
});
