/**
 * Recently viewed products (spec §4 "Recently viewed", §7 /api/viewed, §8 "per-item viewed sync
 * failures are only logged"). The list rules (front, de-duplicate, cap 50, oldest-first upload order)
 * are the domain's recently-viewed.ts.
 *
 * Top-level states model where the list lives:
 * - `awaitingAuth` — start-up, before the auth machine has answered: the local list is used;
 * - `guest`        — guests (and administrators) keep the list locally only;
 * - `client`       — a signed-in client: on entry the local list is `uploading` to the server one id
 *                    at a time, oldest first; the local copy is then removed and the server list
 *                    `loading` replaces it (and is cached locally); afterwards adds and clearing are
 *                    applied locally at once and `sending` to the server one at a time.
 * Every server failure is silent: the local list stays as it is.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  addViewed,
  clearViewed,
  parseStoredViewed,
  type RecentlyViewed,
  viewedOldestFirst,
} from '../../domain/recently-viewed';

type ViewedServerChange = { readonly kind: 'add'; readonly productId: number } | { readonly kind: 'clear' };

export interface RecentlyViewedInput {
  /** The list read (and decoded) from local storage at start-up. */
  readonly localViewed: RecentlyViewed;
}

interface RecentlyViewedContext {
  readonly viewed: RecentlyViewed;
  readonly signedIn: boolean;
  /** Guest ids still to upload after sign-in, oldest first. */
  readonly upload: readonly number[];
  /** Changes waiting for the server, oldest first. */
  readonly queue: readonly ViewedServerChange[];
}

type RecentlyViewedEvent =
  | { readonly type: 'auth.changed'; readonly isAuthenticated: boolean; readonly clientId: number | null }
  | { readonly type: 'viewed.added'; readonly productId: number }
  | { readonly type: 'viewed.cleared' };

function notProvided(kind: string, name: string): never {
  throw new Error(`recently viewed machine: ${kind} ${name} not provided`);
}

function isClient(event: { isAuthenticated: boolean; clientId: number | null }): boolean {
  const { clientId } = event;
  return (
    event.isAuthenticated && typeof clientId === 'number' && Number.isSafeInteger(clientId) && clientId > 0
  );
}

/** Replays changes not yet sent onto a list the server returned, so a late load cannot undo them. */
function replay(list: RecentlyViewed, queue: readonly ViewedServerChange[]): RecentlyViewed {
  return queue.reduce<RecentlyViewed>(
    (current, change) => (change.kind === 'add' ? addViewed(current, change.productId) : clearViewed()),
    list,
  );
}

function first<T>(items: readonly T[], what: string): T {
  const [head] = items;
  if (head === undefined) throw new Error(`recently viewed machine: ${what} is empty`);
  return head;
}

/** The product of the visit at the head of the queue; `sendingVisit` is entered only for one. */
function nextVisit(queue: readonly ViewedServerChange[]): number {
  const change = first(queue, 'the queue');
  if (change.kind !== 'add') throw new Error('recently viewed machine: the next change is not a visit');
  return change.productId;
}

const viewedSetup = setup({
  types: {
    context: {} as RecentlyViewedContext,
    events: {} as RecentlyViewedEvent,
    input: {} as RecentlyViewedInput,
  },
  actors: {
    /** POST /api/viewed {productId}. */
    sendViewed: fromPromise<void, { productId: number }>(async () => notProvided('actor', 'sendViewed')),
    /** DELETE /api/viewed. */
    clearServerViewed: fromPromise<void, void>(async () => notProvided('actor', 'clearServerViewed')),
    /** GET /api/viewed (the adapter answers an empty list on failure). */
    loadServerViewed: fromPromise<RecentlyViewed, void>(async () => notProvided('actor', 'loadServerViewed')),
  },
  actions: {
    saveLocalViewed: (_, _params: { viewed: RecentlyViewed }) => notProvided('action', 'saveLocalViewed'),
    removeLocalViewed: () => notProvided('action', 'removeLocalViewed'),
    shiftUpload: assign({ upload: ({ context }) => context.upload.slice(1) }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
  guards: {
    isClient: (_, params: { isAuthenticated: boolean; clientId: number | null }) => isClient(params),
    hasUpload: ({ context }) => context.upload.length > 0,
    nextIsAdd: ({ context }) => context.queue[0]?.kind === 'add',
    nextIsClear: ({ context }) => context.queue[0]?.kind === 'clear',
  },
});

/** Applies a visit or a clearing locally and, for a client, queues it for the server. */
const applyLocally = viewedSetup.enqueueActions(({ context, event, enqueue }) => {
  if (event.type === 'auth.changed') return;
  const next = event.type === 'viewed.added' ? addViewed(context.viewed, event.productId) : clearViewed();
  enqueue.assign({ viewed: next });
  enqueue({ type: 'saveLocalViewed', params: { viewed: next } });
  if (!context.signedIn) return;
  if (event.type === 'viewed.cleared') enqueue.assign({ queue: [...context.queue, { kind: 'clear' }] });
  // addViewed ignores an invalid id; only a real visit is sent.
  else if (next[0] === event.productId)
    enqueue.assign({ queue: [...context.queue, { kind: 'add', productId: event.productId }] });
});

const authParams = ({ event }: { event: RecentlyViewedEvent }) =>
  event.type === 'auth.changed'
    ? { isAuthenticated: event.isAuthenticated, clientId: event.clientId }
    : { isAuthenticated: false, clientId: null };

export const recentlyViewedMachine = viewedSetup.createMachine({
  id: 'recentlyViewed',
  context: ({ input }) => ({
    viewed: parseStoredViewed(input.localViewed),
    signedIn: false,
    upload: [],
    queue: [],
  }),
  initial: 'awaitingAuth',
  on: {
    'viewed.added': { actions: applyLocally },
    'viewed.cleared': { actions: applyLocally },
  },
  states: {
    awaitingAuth: {
      on: {
        'auth.changed': [
          { guard: { type: 'isClient', params: authParams }, target: 'client' },
          { target: 'guest' },
        ],
      },
    },
    guest: {
      on: {
        'auth.changed': { guard: { type: 'isClient', params: authParams }, target: 'client' },
      },
    },
    client: {
      entry: assign({
        signedIn: true,
        upload: ({ context }) => viewedOldestFirst(context.viewed),
        queue: [],
      }),
      exit: assign({ signedIn: false, upload: [], queue: [] }),
      on: {
        'auth.changed': { guard: ({ event }) => !isClient(event), target: 'guest' },
      },
      initial: 'nextUpload',
      states: {
        nextUpload: {
          always: [
            { guard: 'hasUpload', target: 'uploading' },
            // Spec §4: once pushed, the local copy is removed and the server list loaded.
            { target: 'loading', actions: 'removeLocalViewed' },
          ],
        },
        uploading: {
          invoke: {
            id: 'sendViewedUpload',
            src: 'sendViewed',
            input: ({ context }) => ({ productId: first(context.upload, 'the upload list') }),
            // Spec §8: a failed item is only logged; the upload goes on with the next one.
            onDone: { target: 'nextUpload', actions: 'shiftUpload' },
            onError: { target: 'nextUpload', actions: 'shiftUpload' },
          },
        },
        loading: {
          invoke: {
            id: 'loadServerViewed',
            src: 'loadServerViewed',
            onDone: {
              target: 'idle',
              actions: [
                // Visits and clearings made meanwhile stay applied (and are still sent afterwards).
                assign({
                  viewed: ({ context, event }) => replay(parseStoredViewed(event.output), context.queue),
                }),
                { type: 'saveLocalViewed', params: ({ context }) => ({ viewed: context.viewed }) },
              ],
            },
            onError: { target: 'idle' },
          },
        },
        idle: {
          always: [
            { guard: 'nextIsAdd', target: 'sendingVisit' },
            { guard: 'nextIsClear', target: 'clearing' },
          ],
        },
        sendingVisit: {
          invoke: {
            id: 'sendViewed',
            src: 'sendViewed',
            input: ({ context }) => ({ productId: nextVisit(context.queue) }),
            onDone: { target: 'idle', actions: 'dequeue' },
            onError: { target: 'idle', actions: 'dequeue' },
          },
        },
        clearing: {
          invoke: {
            id: 'clearServerViewed',
            src: 'clearServerViewed',
            onDone: { target: 'idle', actions: 'dequeue' },
            onError: { target: 'idle', actions: 'dequeue' },
          },
        },
      },
    },
  },
});
