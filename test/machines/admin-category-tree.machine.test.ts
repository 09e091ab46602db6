import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  applyMove,
  categoryTreeMachine,
  isMoveAllowed,
  type MoveRequest,
  type ToggleRequest,
  type TreeCategory,
} from '../../src/application/machines/admin/category-tree.machine';
import { PortFailure } from '../../src/application/ports/port-failure';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const machine = categoryTreeMachine<TreeCategory>();
const tree: TreeCategory[] = [
  { id: 1, name: 'Мебель', parentId: null, path: 'mebel', sortOrder: 0, active: true, version: 1 },
  { id: 2, name: 'Диваны', parentId: 1, path: 'mebel/divany', sortOrder: 0, active: true, version: 1 },
  { id: 3, name: 'Кресла', parentId: 1, path: 'mebel/kresla', sortOrder: 1, active: true, version: 4 },
  { id: 4, name: 'Декор', parentId: null, path: 'dekor', sortOrder: 1, active: true, version: 1 },
];

function startTree() {
  const move = controlledActor<readonly TreeCategory[], MoveRequest>('moveCategory');
  const toggle = controlledActor<readonly TreeCategory[], ToggleRequest>('toggleCategory');
  const actor = createActor(
    machine.provide({ actors: { moveCategory: move.logic, toggleCategory: toggle.logic } }),
  ).start();
  actor.send({ type: 'tree.loaded', categories: tree });
  return { actor, move, toggle };
}

describe('category tree machine', () => {
  it('moves a category under another parent, shows it at once and reports the 301', async () => {
    const { actor, move } = startTree();
    actor.send({ type: 'tree.moved', move: { id: 3, parentId: 4, position: 0 } });
    expect(actor.getSnapshot().value).toBe('moving');
    expect(actor.getSnapshot().context.categories.find((c) => c.id === 3)?.parentId).toBe(4);
    expect(move.next().input).toEqual({ id: 3, parentId: 4, position: 0, expectedVersion: 4 });
    move
      .next()
      .resolve(tree.map((c) => (c.id === 3 ? { ...c, parentId: 4, path: 'dekor/kresla', version: 5 } : c)));
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.lastMove).toEqual({
      name: 'Кресла',
      fromPath: '/category/mebel/kresla',
      toPath: '/category/dekor/kresla',
    });
  });

  it('rolls a refused move back and says why', async () => {
    const { actor, move } = startTree();
    actor.send({ type: 'tree.moved', move: { id: 3, parentId: 4, position: 0 } });
    move.next().reject(
      new PortFailure({
        kind: 'bad-request',
        status: 409,
        message: '409',
        serverMessage: 'Дерево изменилось',
      }),
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.categories.find((c) => c.id === 3)?.parentId).toBe(1);
    expect(actor.getSnapshot().context.error).toBe('Дерево изменилось');
    actor.send({ type: 'tree.dismissed' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('never moves a category under itself or its descendant', () => {
    const { actor, move } = startTree();
    actor.send({ type: 'tree.moved', move: { id: 1, parentId: 2, position: 0 } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(move.calls).toHaveLength(0);
    expect(isMoveAllowed(tree, { id: 1, parentId: 1, position: 0 })).toBe(false);
    expect(isMoveAllowed(tree, { id: 2, parentId: null, position: 0 })).toBe(true);
  });

  it('reorders siblings', () => {
    const moved = applyMove(tree, { id: 3, parentId: 1, position: 0 });
    expect(
      moved
        .filter((c) => c.parentId === 1)
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((c) => c.id),
    ).toEqual([3, 2]);
  });

  it('switches a category off with its version', async () => {
    const { actor, toggle } = startTree();
    actor.send({ type: 'tree.activeToggled', id: 2 });
    expect(toggle.next().input).toEqual({ id: 2, active: false, expectedVersion: 1 });
    toggle.next().resolve(tree.map((c) => (c.id === 2 ? { ...c, active: false, version: 2 } : c)));
    await flush();
    expect(actor.getSnapshot().context.categories.find((c) => c.id === 2)?.active).toBe(false);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'tree.moved', move: { id: 3, parentId: 4, position: 0 } },
  { type: 'tree.activeToggled', id: 2 },
  { type: 'tree.dismissed' },
  doneEvent('moveCategory', tree),
  errorEvent('moveCategory'),
  doneEvent('toggleCategory', tree),
  errorEvent('toggleCategory'),
];

describe('category tree machine graph', () => {
  const serializeState = (snapshot: { value: unknown; context: { categories: readonly unknown[] } }) =>
    JSON.stringify([snapshot.value, snapshot.context.categories.length]);
  const events = [{ type: 'tree.loaded', categories: tree }, ...graphEvents];

  it('reaches every state', () => {
    expect(unreachableStates(machine, { events: events as never[], serializeState })).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    const paths = getShortestPaths(machine, {
      events: events as never[],
      serializeState: (s) => serializeState(s as never),
    });
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const sut = startTree();
      // The generated paths start from an empty tree; the first step loads it.
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: readonly TreeCategory[]; error?: unknown };
        if (event.type === 'xstate.done.actor.moveCategory') sut.move.next().resolve(event.output ?? []);
        else if (event.type === 'xstate.error.actor.moveCategory') sut.move.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.toggleCategory')
          sut.toggle.next().resolve(event.output ?? []);
        else if (event.type === 'xstate.error.actor.toggleCategory') sut.toggle.next().reject(event.error);
        else if (event.type !== 'xstate.init' && event.type !== 'tree.loaded') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
