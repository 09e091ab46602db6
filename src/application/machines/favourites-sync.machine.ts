/**
 * Favourites synchronisation (spec §4 "Favourites", §5 call preconditions, §8 favourites toasts).
 *
 * Top-level states model whose list this is:
 * - `awaitingAuth` — start-up, before the auth machine has answered: the local list is used as it is;
 * - `guest`        — no client is signed in (guests and administrators): the list lives only under the
 *                    local key 'favorites' and no server call is ever made;
 * - `client`       — a client with a numeric clientId: on entry the server list is loaded, united with
 *                    the local one and the local-only items pushed; afterwards every add, removal or
 *                    clearing is applied locally at once and sent to the server one change at a time.
 *
 * The local change always stays; a failed server call only shows the spec's toast. On logout the
 * list from before sign-in comes back. The list rules (de-duplication, union) live in favourites.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  addFavourite,
  type FavouriteItem,
  type Favourites,
  favouriteIds,
  localOnlyFavourites,
  normaliseFavourites,
  removeFavourite,
  unionFavourites,
} from '../../domain/favourites';

export const FAVOURITES_SYNC_FAILED_MESSAGE = 'Не удалось синхронизировать избранное с сервером';
export const FAVOURITE_REMOVE_FAILED_MESSAGE = 'Не удалось удалить товар из избранного на сервере';
export const FAVOURITES_CLEAR_FAILED_MESSAGE = 'Произошла ошибка при очистке избранного';

/** One change the server still has to hear about, in the order the visitor made them. */
export type FavouritesServerChange =
  | { readonly kind: 'add'; readonly productId: number }
  | { readonly kind: 'remove'; readonly productId: number }
  | { readonly kind: 'clear' };

export interface FavouritesSyncInput {
  /** The list read (and decoded) from the local key 'favorites' at start-up. */
  readonly localFavourites: Favourites;
  /**
   * The pre-login list kept locally at sign-in (GUEST_FAVOURITES_BACKUP_SLOT), so a logout after a
   * reload still restores it; empty when there is none.
   */
  readonly localBackup?: Favourites;
}

interface FavouritesSyncContext {
  readonly favourites: Favourites;
  readonly clientId: number | null;
  /** The list as it was at sign-in, restored on logout. */
  readonly preLoginFavourites: Favourites | null;
  /** Changes waiting for the server, oldest first. */
  readonly queue: readonly FavouritesServerChange[];
  /** Ids only the local list had at sign-in, pushed to the server once. */
  readonly pendingPush: readonly number[];
}

type FavouritesSyncEvent =
  | { readonly type: 'auth.changed'; readonly isAuthenticated: boolean; readonly clientId: number | null }
  | { readonly type: 'favourites.added'; readonly item: FavouriteItem }
  | { readonly type: 'favourites.removed'; readonly productId: number }
  | { readonly type: 'favourites.cleared' }
  /** Another tab wrote 'favorites' (decoded by the storage adapter). */
  | { readonly type: 'favourites.storageChanged'; readonly favourites: Favourites };

function notProvided(kind: string, name: string): never {
  throw new Error(`favourites sync machine: ${kind} ${name} not provided`);
}

/** Spec §5: favourite calls are made only when authenticated with a numeric clientId. */
function clientIdOf(event: { isAuthenticated: boolean; clientId: number | null }): number | null {
  const { clientId } = event;
  return event.isAuthenticated &&
    typeof clientId === 'number' &&
    Number.isSafeInteger(clientId) &&
    clientId > 0
    ? clientId
    : null;
}

type LocalChangeEvent = Extract<
  FavouritesSyncEvent,
  { type: 'favourites.added' | 'favourites.removed' | 'favourites.cleared' }
>;

/** The list after a local change; an add the domain refuses leaves the list as it was. */
function applyChange(list: Favourites, event: LocalChangeEvent): Favourites {
  switch (event.type) {
    case 'favourites.added': {
      const result = addFavourite(list, event.item);
      return result.ok ? result.value : list;
    }
    case 'favourites.removed':
      return removeFavourite(list, event.productId);
    case 'favourites.cleared':
      return [];
  }
}

/** What the server must hear about a local change, or nothing when the list did not change. */
function serverChangeFor(
  before: Favourites,
  after: Favourites,
  event: LocalChangeEvent,
): FavouritesServerChange | null {
  switch (event.type) {
    case 'favourites.added':
      return after.length !== before.length ? { kind: 'add', productId: event.item.id } : null;
    case 'favourites.removed':
      return after.length !== before.length ? { kind: 'remove', productId: event.productId } : null;
    case 'favourites.cleared':
      return { kind: 'clear' };
  }
}

/** The adds and removals that turn one list into another, as server changes. */
function differenceAsChanges(before: Favourites, after: Favourites): FavouritesServerChange[] {
  const beforeIds = new Set(favouriteIds(before));
  const afterIds = new Set(favouriteIds(after));
  return [
    ...[...beforeIds]
      .filter((id) => !afterIds.has(id))
      .map((productId) => ({ kind: 'remove' as const, productId })),
    ...[...afterIds]
      .filter((id) => !beforeIds.has(id))
      .map((productId) => ({ kind: 'add' as const, productId })),
  ];
}

/** Replays removals and clearings made while the server list was loading, so the union cannot undo them. */
function replayRemovals(list: Favourites, queue: readonly FavouritesServerChange[]): Favourites {
  return queue.reduce<Favourites>((current, change) => {
    if (change.kind === 'remove') return removeFavourite(current, change.productId);
    if (change.kind === 'clear') return [];
    return current;
  }, list);
}

/** The change being sent; `sending` is entered only with a non-empty queue. */
function firstChange(queue: readonly FavouritesServerChange[]): FavouritesServerChange {
  const [first] = queue;
  if (!first) throw new Error('favourites sync machine: sending without a queued change');
  return first;
}

function failureMessage(change: FavouritesServerChange | undefined): string {
  if (change?.kind === 'remove') return FAVOURITE_REMOVE_FAILED_MESSAGE;
  if (change?.kind === 'clear') return FAVOURITES_CLEAR_FAILED_MESSAGE;
  return FAVOURITES_SYNC_FAILED_MESSAGE;
}

const favouritesSyncSetup = setup({
  types: {
    context: {} as FavouritesSyncContext,
    events: {} as FavouritesSyncEvent,
    input: {} as FavouritesSyncInput,
  },
  actors: {
    loadServerFavourites: fromPromise<Favourites, { clientId: number }>(async () =>
      notProvided('actor', 'loadServerFavourites'),
    ),
    /** POST /api/favorites for each id, in order (the local-only items at sign-in). */
    pushServerFavourites: fromPromise<void, { clientId: number; productIds: readonly number[] }>(async () =>
      notProvided('actor', 'pushServerFavourites'),
    ),
    /** POST, DELETE /api/favorites/{clientId}/{productId} or DELETE /api/favorites/{clientId}. */
    applyServerChange: fromPromise<void, { clientId: number; change: FavouritesServerChange }>(async () =>
      notProvided('actor', 'applyServerChange'),
    ),
  },
  actions: {
    saveLocalFavourites: (_, _params: { favourites: Favourites }) =>
      notProvided('action', 'saveLocalFavourites'),
    /** Keeps the pre-login list locally while a client is signed in; null removes it. */
    saveGuestBackup: (_, _params: { favourites: Favourites | null }) =>
      notProvided('action', 'saveGuestBackup'),
    notify: (_, _params: { message: string }) => notProvided('action', 'notify'),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
  guards: {
    isClient: (_, params: { clientId: number | null }) => params.clientId !== null,
    isNotClient: (_, params: { clientId: number | null }) => params.clientId === null,
    isOtherClient: ({ context }, params: { clientId: number | null }) =>
      params.clientId !== null && params.clientId !== context.clientId,
    hasQueuedChange: ({ context }) => context.queue.length > 0,
    hasPendingPush: ({ context }) => context.pendingPush.length > 0,
  },
});

/** Applies a local change, writes it locally and, for a client, queues it for the server. */
const applyLocally = favouritesSyncSetup.enqueueActions(({ context, event, enqueue }) => {
  if (event.type === 'favourites.storageChanged') {
    // Another tab wrote the value: take it without writing it back. That tab sends its own calls, but
    // one of ours may still be in flight and land after them, so a client also queues the difference
    // (idempotent adds and removals): once the queue drains the server holds this list either way.
    const next = normaliseFavourites(event.favourites);
    enqueue.assign({ favourites: next });
    if (context.clientId !== null) {
      enqueue.assign({ queue: [...context.queue, ...differenceAsChanges(context.favourites, next)] });
    }
    return;
  }
  if (event.type === 'auth.changed') return;
  const next = applyChange(context.favourites, event);
  enqueue.assign({ favourites: next });
  enqueue({ type: 'saveLocalFavourites', params: { favourites: next } });
  const change = serverChangeFor(context.favourites, next, event);
  if (context.clientId !== null && change) enqueue.assign({ queue: [...context.queue, change] });
});

const restorePreLoginList = favouritesSyncSetup.enqueueActions(({ context, enqueue }) => {
  const restored = context.preLoginFavourites ?? [];
  enqueue.assign({
    favourites: restored,
    preLoginFavourites: null,
    clientId: null,
    queue: [],
    pendingPush: [],
  });
  enqueue({ type: 'saveLocalFavourites', params: { favourites: restored } });
  enqueue({ type: 'saveGuestBackup', params: { favourites: null } });
});

/** Sign-in: the pre-login list is kept, in memory and locally (a reload must not lose it). */
const backUpPreLoginList = favouritesSyncSetup.enqueueActions(({ context, event, enqueue }) => {
  if (event.type !== 'auth.changed') return;
  enqueue.assign({ clientId: clientIdOf(event), preLoginFavourites: context.favourites });
  enqueue({ type: 'saveGuestBackup', params: { favourites: context.favourites } });
});

/** A page that starts as a guest has no sign-in to undo: a backup left by an old session goes. */
const dropStaleBackup = favouritesSyncSetup.enqueueActions(({ context, enqueue }) => {
  if (context.preLoginFavourites === null) return;
  enqueue.assign({ preLoginFavourites: null });
  enqueue({ type: 'saveGuestBackup', params: { favourites: null } });
});

const localChanges = {
  'favourites.added': { actions: applyLocally },
  'favourites.removed': { actions: applyLocally },
  'favourites.cleared': { actions: applyLocally },
  'favourites.storageChanged': { actions: applyLocally },
} as const;

export const favouritesSyncMachine = favouritesSyncSetup.createMachine({
  id: 'favouritesSync',
  context: ({ input }) => ({
    favourites: normaliseFavourites(input.localFavourites),
    clientId: null,
    preLoginFavourites:
      input.localBackup !== undefined && input.localBackup.length > 0
        ? normaliseFavourites(input.localBackup)
        : null,
    queue: [],
    pendingPush: [],
  }),
  initial: 'awaitingAuth',
  states: {
    awaitingAuth: {
      on: {
        ...localChanges,
        'auth.changed': [
          {
            guard: { type: 'isClient', params: ({ event }) => ({ clientId: clientIdOf(event) }) },
            target: 'client',
            actions: assign({ clientId: ({ event }) => clientIdOf(event) }),
          },
          { target: 'guest', actions: dropStaleBackup },
        ],
      },
    },
    guest: {
      on: {
        ...localChanges,
        'auth.changed': {
          guard: { type: 'isClient', params: ({ event }) => ({ clientId: clientIdOf(event) }) },
          target: 'client',
          actions: backUpPreLoginList,
        },
      },
    },
    client: {
      initial: 'loading',
      on: {
        ...localChanges,
        'auth.changed': [
          {
            guard: { type: 'isNotClient', params: ({ event }) => ({ clientId: clientIdOf(event) }) },
            target: 'guest',
            actions: restorePreLoginList,
          },
          {
            guard: { type: 'isOtherClient', params: ({ event }) => ({ clientId: clientIdOf(event) }) },
            target: '.loading',
            reenter: true,
            actions: assign({ clientId: ({ event }) => clientIdOf(event), queue: [], pendingPush: [] }),
          },
        ],
      },
      states: {
        loading: {
          invoke: {
            id: 'loadServerFavourites',
            src: 'loadServerFavourites',
            input: ({ context }) => ({ clientId: context.clientId ?? 0 }),
            onDone: {
              target: 'deciding',
              actions: [
                assign(({ context, event }) => {
                  const united = replayRemovals(
                    unionFavourites(event.output, context.favourites),
                    context.queue,
                  );
                  return {
                    favourites: united,
                    // Adds made while loading are pushed with the other local-only items.
                    queue: context.queue.filter((change) => change.kind !== 'add'),
                    pendingPush: favouriteIds(localOnlyFavourites(united, event.output)),
                  };
                }),
                {
                  type: 'saveLocalFavourites',
                  params: ({ context }) => ({ favourites: context.favourites }),
                },
              ],
            },
            // Spec §8: a failed load falls back to the local data.
            onError: { target: 'idle' },
          },
        },
        deciding: {
          always: [{ guard: 'hasPendingPush', target: 'pushing' }, { target: 'idle' }],
        },
        pushing: {
          invoke: {
            id: 'pushServerFavourites',
            src: 'pushServerFavourites',
            input: ({ context }) => ({ clientId: context.clientId ?? 0, productIds: context.pendingPush }),
            onDone: { target: 'idle', actions: assign({ pendingPush: [] }) },
            onError: {
              target: 'idle',
              actions: [
                assign({ pendingPush: [] }),
                { type: 'notify', params: { message: FAVOURITES_SYNC_FAILED_MESSAGE } },
              ],
            },
          },
        },
        idle: {
          always: { guard: 'hasQueuedChange', target: 'sending' },
        },
        sending: {
          invoke: {
            id: 'applyServerChange',
            src: 'applyServerChange',
            input: ({ context }) => ({
              clientId: context.clientId ?? 0,
              change: firstChange(context.queue),
            }),
            onDone: { target: 'idle', actions: 'dequeue' },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notify', params: ({ context }) => ({ message: failureMessage(context.queue[0]) }) },
                'dequeue',
              ],
            },
          },
        },
      },
    },
  },
});
