import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { categoryChangesMachine } from '../../../src/application/admin/categories/category-changes.machine';
import {
  type ListAnswer,
  type ListCommand,
  listCommandsMachine,
  withItem,
} from '../../../src/application/admin/shared/list-commands.machine';
import {
  ADMIN_CATEGORIES_PORT,
  type AdminCategoriesPort,
  type AdminCategory,
} from '../../../src/application/ports/admin-categories.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { provide, testUseCases } from '../../support/test-ports';
import { strictFake } from '../../ui/routes/route-test-support';
import { controlledActor, flush } from '../support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from '../support/state-graph';

interface Value {
  readonly key: string;
  readonly label: string;
}

const BEIGE: Value = { key: 'beige', label: 'Бежевый' };
const GRAPHITE: Value = { key: 'graphite', label: 'Графит' };
const ADD: ListCommand = { name: 'values.add', args: { label: 'Графит' } };
const REMOVE: ListCommand = { name: 'values.remove', args: { key: 'beige' }, confirm: true };

function startList(items: readonly Value[] = [BEIGE]) {
  const run = controlledActor<ListAnswer<Value>, { command: ListCommand; items: readonly Value[] }>('run');
  const changed: ListCommand[] = [];
  const actor = createActor(listCommandsMachine<Value>().provide({ actors: { run: run.logic } }), {
    input: { items },
  });
  actor.on('list.changed', (event) => changed.push(event.command));
  actor.start();
  return { actor, run, changed };
}

describe('list commands machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a command on the current list; the answer is the list, list.changed is emitted, the notice goes', async () => {
    const { actor, run, changed } = startList();
    actor.send({ type: 'list.commandRequested', command: ADD });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(run.next().input).toEqual({ command: ADD, items: [BEIGE] });
    run.next().resolve({ items: [BEIGE, GRAPHITE], output: 'ok' });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({
      items: [BEIGE, GRAPHITE],
      output: 'ok',
      error: null,
    });
    expect(changed).toEqual([ADD]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('asks before a destructive command; cancelling runs nothing and keeps the list', () => {
    const { actor, run } = startList();
    actor.send({ type: 'list.commandRequested', command: REMOVE });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'list.cancelled' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.items).toEqual([BEIGE]);
    expect(run.calls).toHaveLength(0);
  });

  it('a refusal keeps the list and shows the server text; a retry runs the same command again', async () => {
    const { actor, run, changed } = startList();
    actor.send({ type: 'list.commandRequested', command: REMOVE });
    actor.send({ type: 'list.confirmed' });
    run.next().reject(
      new PortFailure({
        kind: 'bad-request',
        status: 409,
        message: 'HTTP 409',
        serverMessage: 'Значение используется в товарах.',
      }),
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({
      items: [BEIGE],
      error: 'Значение используется в товарах.',
    });
    actor.send({ type: 'list.retried' });
    expect(run.next().input.command).toEqual(REMOVE);
    run.next().resolve({ items: [] });
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(changed).toEqual([REMOVE]);
  });

  it('a list read elsewhere replaces the list, but not while a command is on its way', async () => {
    const { actor, run } = startList();
    actor.send({ type: 'list.replaced', items: [GRAPHITE] });
    expect(actor.getSnapshot().context.items).toEqual([GRAPHITE]);
    actor.send({ type: 'list.commandRequested', command: ADD });
    actor.send({ type: 'list.replaced', items: [] });
    expect(actor.getSnapshot().context.items).toEqual([GRAPHITE]);
    run.next().resolve({ items: [GRAPHITE, BEIGE] });
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([GRAPHITE, BEIGE]);
  });

  it('reaches every state', () => {
    const machine = listCommandsMachine<Value>();
    expect(
      unreachableStates(machine, {
        input: { items: [BEIGE] },
        events: [
          { type: 'list.commandRequested', command: ADD },
          { type: 'list.commandRequested', command: REMOVE },
          { type: 'list.confirmed' },
          { type: 'list.cancelled' },
          { type: 'list.retried' },
          { type: 'list.dismissed' },
          doneEvent('run', { items: [BEIGE, GRAPHITE] }) as never,
          errorEvent('run') as never,
          afterEvent('doneNotice', 'listCommands.done') as never,
        ],
      }),
    ).toEqual([]);
  });

  it('withItem replaces the matching item in place and adds a new one at the end', () => {
    const same = (a: Value, b: Value) => a.key === b.key;
    expect(withItem([BEIGE, GRAPHITE], { key: 'beige', label: 'Песочный' }, same)).toEqual([
      { key: 'beige', label: 'Песочный' },
      GRAPHITE,
    ]);
    expect(withItem([BEIGE], GRAPHITE, same)).toEqual([BEIGE, GRAPHITE]);
  });
});

function category(id: number, name: string, path: string, refs: number[] = []): AdminCategory {
  return {
    id,
    name,
    slug: path.split('/').at(-1) ?? path,
    active: true,
    parentId: path.includes('/') ? 1 : null,
    refs,
    path,
    sortOrder: id,
    imageUrl: null,
    productCount: 0,
    version: 1,
  };
}

describe('category changes (the categories tab machine, from its use case)', () => {
  const tree = [
    category(1, 'Мебель', 'mebel', [3]),
    category(2, 'Пуфы', 'mebel/pufy'),
    category(3, 'Декор', 'dekor', [1]),
  ];

  function start(port: Partial<AdminCategoriesPort>) {
    const machine = testUseCases([provide(ADMIN_CATEGORIES_PORT, strictFake('AdminCategoriesPort', port))])(
      categoryChangesMachine,
    );
    return createActor(machine, { input: { items: tree } }).start();
  }

  it('a deleted category leaves the tree and every cross-link to it', async () => {
    const actor = start({ remove: async () => undefined });
    actor.send({ type: 'list.commandRequested', command: { name: 'category.delete', args: { id: 3 } } });
    const done = await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(done.context.items.map((item) => [item.id, item.refs])).toEqual([
      [1, []],
      [2, []],
    ]);
  });

  it('a link shows on both categories; a slug change shows the tree as stored (paths under it moved)', async () => {
    const moved = [
      category(1, 'Мебель', 'mebel-dlya-doma'),
      category(2, 'Пуфы', 'mebel-dlya-doma/pufy'),
      tree[2] as AdminCategory,
    ];
    const actor = start({
      link: async () => undefined,
      edit: async (id, changes) => ({
        ...(tree[0] as AdminCategory),
        id,
        ...changes,
        path: changes.slug,
        version: 2,
      }),
      list: async () => moved,
    });
    actor.send({
      type: 'list.commandRequested',
      command: { name: 'category.link', args: { id: 2, other: 3 } },
    });
    const linked = await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(linked.context.items.find((item) => item.id === 2)?.refs).toEqual([3]);
    expect(linked.context.items.find((item) => item.id === 3)?.refs).toEqual([1, 2]);
    actor.send({
      type: 'list.commandRequested',
      command: {
        name: 'category.edit',
        args: { id: 1, name: 'Мебель', slug: 'mebel-dlya-doma', version: 1 },
      },
    });
    await waitFor(actor, (snapshot) => snapshot.context.items === moved);
  });
});
