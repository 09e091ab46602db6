import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  changedFields,
  isDirty,
  type LoadedRecord,
  RECORD_CONFLICT_MESSAGE,
  RECORD_SAVE_FAILED_MESSAGE,
  type RecordId,
  recordFormMachine,
  type SaveRequest,
} from '../../src/application/machines/admin/record-form.machine';
import { PortFailure } from '../../src/application/ports/port-failure';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

interface Draft {
  readonly name: string;
  readonly price: number;
  readonly tags: readonly string[];
}

const machine = recordFormMachine<Draft>();
const blank: Draft = { name: '', price: 0, tags: [] };
const stored: LoadedRecord<Draft> = {
  id: 7,
  draft: { name: 'Диван', price: 1000, tags: ['a'] },
  version: '3',
  meta: null,
};

const conflict = new PortFailure({
  kind: 'bad-request',
  status: 409,
  code: 'version_conflict',
  message: 'PATCH: HTTP 409',
  serverMessage: 'Запись изменена',
});
const refused = new PortFailure({
  kind: 'bad-request',
  status: 400,
  code: 'invalid_slug',
  message: 'PATCH: HTTP 400',
  serverMessage: 'Адрес занят',
});

function startForm(id: number | null = 7) {
  const load = controlledActor<LoadedRecord<Draft>, { id: RecordId }>('loadRecord');
  const save = controlledActor<LoadedRecord<Draft>, SaveRequest<Draft>>('saveRecord');
  const announced: { id: RecordId; created: boolean }[] = [];
  const actor = createActor(
    machine.provide({
      actors: { loadRecord: load.logic, saveRecord: save.logic },
      actions: { announceSaved: (_, params) => announced.push(params) },
    }),
    { input: { id, blank } },
  ).start();
  return { actor, load, save, announced };
}

async function loaded() {
  const sut = startForm();
  sut.load.next().resolve(stored);
  await flush();
  return sut;
}

describe('record form machine', () => {
  it('loads the record and is clean until something changes', async () => {
    const { actor, load } = startForm();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls[0]?.input).toEqual({ id: 7 });
    load.next().resolve(stored);
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'form.edited', changes: { price: 1200 } });
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'form.edited', changes: { price: 1000 } });
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('does not save a clean record', async () => {
    const { actor, save } = await loaded();
    actor.send({ type: 'form.saveRequested' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(save.calls).toHaveLength(0);
  });

  it('saves only the changed fields with the loaded version, and takes the server answer', async () => {
    const { actor, save, announced } = await loaded();
    actor.send({ type: 'form.edited', changes: { price: 1500, tags: ['a'] } });
    actor.send({ type: 'form.saveRequested' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(save.next().input).toEqual({
      id: 7,
      draft: { name: 'Диван', price: 1500, tags: ['a'] },
      changes: { price: 1500 },
      expectedVersion: '3',
    });
    save
      .next()
      .resolve({ id: 7, draft: { name: 'Диван', price: 1500, tags: ['a'] }, version: '4', meta: null });
    await flush();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.version).toBe('4');
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
    expect(announced).toEqual([{ id: 7, created: false }]);
  });

  it('keeps what was typed when the save fails, and shows the server message', async () => {
    const { actor, save } = await loaded();
    actor.send({ type: 'form.edited', changes: { name: 'Кресло' } });
    actor.send({ type: 'form.saveRequested' });
    save.next().reject(refused);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Адрес занят');
    expect(actor.getSnapshot().context.draft.name).toBe('Кресло');
    actor.send({ type: 'form.saveRequested' });
    save.next().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(RECORD_SAVE_FAILED_MESSAGE);
    actor.send({ type: 'form.edited', changes: { name: 'Кресло 2' } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a stale version is a conflict: reload drops my edits', async () => {
    const { actor, save, load } = await loaded();
    actor.send({ type: 'form.edited', changes: { price: 1 } });
    actor.send({ type: 'form.saveRequested' });
    save.next().reject(conflict);
    await flush();
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.error).toBe(RECORD_CONFLICT_MESSAGE);
    actor.send({ type: 'form.reloadRequested' });
    load.next().resolve({ ...stored, draft: { ...stored.draft, price: 999 }, version: '5' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft.price).toBe(999);
  });

  it('a conflict can be overwritten: the current version is read, then only my differences are saved', async () => {
    const { actor, save, load } = await loaded();
    actor.send({ type: 'form.edited', changes: { price: 1 } });
    actor.send({ type: 'form.saveRequested' });
    save.next().reject(conflict);
    await flush();
    actor.send({ type: 'form.overwriteRequested' });
    expect(actor.getSnapshot().value).toBe('overwriting');
    load.next().resolve({ ...stored, draft: { ...stored.draft, name: 'Чужое' }, version: '9' });
    await flush();
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.next().input).toMatchObject({
      expectedVersion: '9',
      changes: { price: 1, name: 'Диван' },
    });
  });

  it('creates a new record from blank without loading, and announces the new id', async () => {
    const { actor, load, save, announced } = startForm(null);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(load.calls).toHaveLength(0);
    // Nothing typed yet: leaving asks nothing.
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'form.edited', changes: { name: 'Новый' } });
    actor.send({ type: 'form.saveRequested' });
    expect(save.next().input).toMatchObject({
      id: null,
      expectedVersion: null,
      changes: { name: 'Новый' },
    });
    save.next().resolve({ id: 42, draft: { name: 'Новый', price: 0, tags: [] }, version: '1', meta: null });
    await flush();
    expect(actor.getSnapshot().context.id).toBe(42);
    expect(announced).toEqual([{ id: 42, created: true }]);
  });

  it('takes a version moved on by pictures, so the next save does not conflict with itself', async () => {
    const { actor, save } = await loaded();
    actor.send({ type: 'form.recordTouched', meta: null, version: '8' });
    actor.send({ type: 'form.edited', changes: { price: 5 } });
    actor.send({ type: 'form.saveRequested' });
    expect(save.next().input.expectedVersion).toBe('8');
  });

  it('load failures can be retried', async () => {
    const { actor, load } = startForm();
    load.next().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'form.retryRequested' });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('changedFields compares nested values, not references', () => {
    expect(changedFields({ tags: ['a'], n: 1 }, { tags: ['a'], n: 2 })).toEqual({ n: 2 });
    expect(changedFields(null, { n: 1 })).toEqual({ n: 1 });
    expect(changedFields({ spec: { A: '1' } }, { spec: { A: '2' } })).toEqual({ spec: { A: '2' } });
  });
});

const saved: LoadedRecord<Draft> = {
  id: 7,
  draft: { name: 'Диван', price: 5, tags: [] },
  version: '4',
  meta: null,
};
const graphEvents: AnyEventObject[] = [
  { type: 'form.edited', changes: { price: 5 } },
  { type: 'form.saveRequested' },
  { type: 'form.retryRequested' },
  { type: 'form.reloadRequested' },
  { type: 'form.overwriteRequested' },
  doneEvent('loadRecord', stored),
  errorEvent('loadRecord'),
  doneEvent('saveRecord', saved),
  errorEvent('saveRecord', refused),
  errorEvent('saveRecord', conflict),
  doneEvent('readCurrentVersion', stored),
  errorEvent('readCurrentVersion'),
];

describe('record form machine graph', () => {
  const serializeState = (snapshot: { value: unknown; context: { draft: Draft; stored: Draft | null } }) =>
    JSON.stringify([snapshot.value, snapshot.context.draft.price, snapshot.context.stored?.price ?? null]);

  it('reaches every state', () => {
    expect(
      unreachableStates(machine, { events: graphEvents as never[], input: { id: 7, blank }, serializeState }),
    ).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    const options = { events: graphEvents as never[], input: { id: 7, blank }, serializeState };
    const paths = [
      ...getShortestPaths(machine, options),
      ...getSimplePaths(machine, { ...options, toState: (state) => state.matches('saved') }),
    ];
    expect(paths.length).toBeGreaterThan(8);
    for (const path of paths) {
      const sut = startForm();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: LoadedRecord<Draft>; error?: unknown };
        if (
          event.type === 'xstate.done.actor.loadRecord' ||
          event.type === 'xstate.done.actor.readCurrentVersion'
        )
          sut.load.next().resolve(event.output as LoadedRecord<Draft>);
        else if (
          event.type === 'xstate.error.actor.loadRecord' ||
          event.type === 'xstate.error.actor.readCurrentVersion'
        )
          sut.load.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.saveRecord')
          sut.save.next().resolve(event.output as LoadedRecord<Draft>);
        else if (event.type === 'xstate.error.actor.saveRecord') sut.save.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
