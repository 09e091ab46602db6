import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  FAVOURITE_REMOVE_FAILED_MESSAGE,
  FAVOURITES_CLEAR_FAILED_MESSAGE,
  FAVOURITES_SYNC_FAILED_MESSAGE,
  type FavouritesServerChange,
  favouritesSyncMachine,
} from '../../src/application/machines/favourites-sync.machine';
import type { Favourites } from '../../src/domain/favourites';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const chair = { id: 1, name: 'Кресло' };
const vase = { id: 2, name: 'Ваза' };
const bed = { id: 3, name: 'Кровать' };

function startFavourites(localFavourites: Favourites = [], localBackup: Favourites = []) {
  const backups: (Favourites | null)[] = [];
  const load = controlledActor<Favourites, { clientId: number }>('loadServerFavourites');
  const push = controlledActor<void, { clientId: number; productIds: readonly number[] }>(
    'pushServerFavourites',
  );
  const change = controlledActor<void, { clientId: number; change: FavouritesServerChange }>(
    'applyServerChange',
  );
  const saved: Favourites[] = [];
  const toasts: string[] = [];
  const actor = createActor(
    favouritesSyncMachine.provide({
      actors: {
        loadServerFavourites: load.logic,
        pushServerFavourites: push.logic,
        applyServerChange: change.logic,
      },
      actions: {
        saveLocalFavourites: (_, { favourites }) => saved.push(favourites),
        saveGuestBackup: (_, { favourites }) => backups.push(favourites),
        notify: (_, { message }) => toasts.push(message),
      },
    }),
    { input: { localFavourites, localBackup } },
  ).start();
  const ids = () => actor.getSnapshot().context.favourites.map((item) => item.id);
  return { actor, load, push, change, saved, toasts, ids, backups };
}

const signIn = (clientId = 5) => ({ type: 'auth.changed', isAuthenticated: true, clientId }) as const;
const signOut = { type: 'auth.changed', isAuthenticated: false, clientId: null } as const;

describe('favourites sync machine', () => {
  it('keeps the pre-login list locally at sign-in and restores it on logout after a reload', async () => {
    const before = startFavourites();
    before.actor.send(signOut);
    before.actor.send({ type: 'favourites.added', item: chair });
    before.actor.send(signIn());
    const backup = before.backups.at(-1);
    expect(backup?.map((item) => item.id)).toEqual([chair.id]);
    before.actor.stop();

    const after = startFavourites([], backup ?? []);
    after.actor.send(signIn());
    after.actor.send(signOut);
    expect(after.ids()).toEqual([chair.id]);
    expect(after.backups.at(-1)).toBeNull();
  });

  it('drops a backup left by an old session when the page starts as a guest', () => {
    const { actor, backups } = startFavourites([], [chair]);
    actor.send(signOut);
    expect(backups).toEqual([null]);
    expect(actor.getSnapshot().context.preLoginFavourites).toBeNull();
  });

  it('keeps a guest list locally, de-duplicated by id, and never calls the server', () => {
    const { actor, ids, saved, load, change } = startFavourites();
    actor.send(signOut);
    actor.send({ type: 'favourites.added', item: chair });
    actor.send({ type: 'favourites.added', item: chair });
    actor.send({ type: 'favourites.added', item: vase });
    actor.send({ type: 'favourites.removed', productId: 1 });

    expect(ids()).toEqual([2]);
    expect(saved.at(-1)?.map((item) => item.id)).toEqual([2]);
    expect(load.calls).toHaveLength(0);
    expect(change.calls).toHaveLength(0);
  });

  it('unites with the server list on sign-in and pushes only the local-only items', async () => {
    const { actor, ids, load, push, saved } = startFavourites([chair, vase]);
    actor.send(signOut);
    actor.send(signIn());
    expect(load.next().input).toEqual({ clientId: 5 });
    load.next().resolve([vase, bed]);
    await flush();

    expect(ids()).toEqual([2, 3, 1]);
    expect(saved.at(-1)?.map((item) => item.id)).toEqual([2, 3, 1]);
    expect(push.next().input).toEqual({ clientId: 5, productIds: [1] });
    push.next().resolve();
    await flush();
    expect(actor.getSnapshot().value).toEqual({ client: 'idle' });
  });

  it('pushes nothing when the server already has every local item', async () => {
    const { actor, load, push } = startFavourites([vase]);
    actor.send(signIn());
    load.next().resolve([vase]);
    await flush();
    expect(push.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toEqual({ client: 'idle' });
  });

  it('falls back to the local list when the server list cannot be loaded', async () => {
    const { actor, load, ids, toasts } = startFavourites([chair]);
    actor.send(signIn());
    load.next().reject(new Error('offline'));
    await flush();
    expect(ids()).toEqual([1]);
    expect(toasts).toEqual([]);
  });

  it('shows the sync toast when pushing fails, keeping the list', async () => {
    const { actor, load, push, ids, toasts } = startFavourites([chair]);
    actor.send(signIn());
    load.next().resolve([]);
    await flush();
    push.next().reject(new Error('500'));
    await flush();
    expect(ids()).toEqual([1]);
    expect(toasts).toEqual([FAVOURITES_SYNC_FAILED_MESSAGE]);
  });

  it('sends every change of a client to the server one at a time, in order', async () => {
    const { actor, load, change } = startFavourites();
    actor.send(signIn());
    load.next().resolve([]);
    await flush();
    actor.send({ type: 'favourites.added', item: chair });
    actor.send({ type: 'favourites.added', item: chair });
    actor.send({ type: 'favourites.removed', productId: 1 });
    actor.send({ type: 'favourites.cleared' });

    expect(change.pendingCount()).toBe(1);
    const sent: FavouritesServerChange[] = [];
    for (let index = 0; index < 3; index += 1) {
      const call = change.next();
      sent.push(call.input.change);
      call.resolve();
      await flush();
    }
    expect(sent).toEqual([
      { kind: 'add', productId: 1 },
      { kind: 'remove', productId: 1 },
      { kind: 'clear' },
    ]);
    expect(change.pendingCount()).toBe(0);
  });

  it.each([
    [{ type: 'favourites.added', item: chair } as const, [] as Favourites, FAVOURITES_SYNC_FAILED_MESSAGE],
    [{ type: 'favourites.removed', productId: 2 } as const, [vase], FAVOURITE_REMOVE_FAILED_MESSAGE],
    [{ type: 'favourites.cleared' } as const, [vase], FAVOURITES_CLEAR_FAILED_MESSAGE],
  ])('a failed %s keeps the local change and shows its toast', async (event, serverList, message) => {
    const { actor, load, change, toasts, ids } = startFavourites();
    actor.send(signIn());
    load.next().resolve(serverList);
    await flush();
    const before = ids();
    actor.send(event);
    const after = ids();
    change.next().reject(new Error('500'));
    await flush();

    expect(toasts).toEqual([message]);
    expect(ids()).toEqual(after);
    expect(after).not.toEqual(before);
  });

  it('a removal made while the server list loads is not undone by the union', async () => {
    const { actor, load, change, ids } = startFavourites([vase]);
    actor.send(signIn());
    actor.send({ type: 'favourites.removed', productId: 2 });
    load.next().resolve([vase]);
    await flush();
    expect(ids()).toEqual([]);
    expect(change.next().input.change).toEqual({ kind: 'remove', productId: 2 });
  });

  it('restores the pre-login list on logout and drops unsent changes', async () => {
    const { actor, load, push, change, ids } = startFavourites([chair]);
    actor.send(signOut);
    actor.send(signIn());
    load.next().resolve([bed]);
    await flush();
    push.next().resolve();
    await flush();
    actor.send({ type: 'favourites.added', item: vase });
    actor.send(signOut);

    expect(ids()).toEqual([1]);
    expect(change.calls).toHaveLength(1);
    expect(change.calls[0]?.aborted()).toBe(true);
  });

  it('makes no server call for an administrator (no numeric clientId)', () => {
    const { actor, load } = startFavourites();
    actor.send({ type: 'auth.changed', isAuthenticated: true, clientId: null });
    actor.send({ type: 'favourites.added', item: chair });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(load.calls).toHaveLength(0);
  });

  it('takes a list written by another tab without writing it back; a guest sends nothing', () => {
    const { actor, change, saved, ids } = startFavourites();
    actor.send(signOut);
    actor.send({ type: 'favourites.storageChanged', favourites: [bed, bed, chair] });
    expect(ids()).toEqual([3, 1]);
    expect(saved).toHaveLength(0);
    expect(change.calls).toHaveLength(0);
  });

  it('a client also queues the difference to a list from another tab, so a late call of ours cannot undo it', async () => {
    const { actor, load, change, ids } = startFavourites();
    actor.send(signIn());
    load.next().resolve([]);
    await flush();
    actor.send({ type: 'favourites.added', item: chair });
    actor.send({ type: 'favourites.storageChanged', favourites: [vase] });
    expect(ids()).toEqual([2]);

    const sent: FavouritesServerChange[] = [];
    for (let index = 0; index < 3; index += 1) {
      const call = change.next();
      sent.push(call.input.change);
      call.resolve();
      await flush();
    }
    expect(sent).toEqual([
      { kind: 'add', productId: 1 },
      { kind: 'remove', productId: 1 },
      { kind: 'add', productId: 2 },
    ]);
  });
});

describe('favourites sync machine graph', () => {
  it('reaches every state', () => {
    const events = [
      signIn(),
      signOut,
      { type: 'favourites.added', item: chair },
      doneEvent('loadServerFavourites', []),
      doneEvent('loadServerFavourites', [bed]),
      errorEvent('loadServerFavourites'),
      doneEvent('pushServerFavourites', undefined),
      errorEvent('pushServerFavourites'),
      doneEvent('applyServerChange', undefined),
      errorEvent('applyServerChange'),
    ] as never[];
    expect(
      unreachableStates(favouritesSyncMachine, {
        events,
        input: { localFavourites: [] },
        serializeState: (snapshot) =>
          JSON.stringify([
            snapshot.value,
            snapshot.context.favourites.map((item) => item.id),
            snapshot.context.queue.length,
            snapshot.context.pendingPush,
          ]),
      }),
    ).toEqual([]);
  });
});
