/**
 * «Поделиться» on the favourites page: the list is saved as a snapshot on the server
 * (POST /api/favorites/share) and its link /favorites/share/{hash} is offered to the shopper.
 *
 * - `idle`     — the button; `share.requested` carries the product ids and the site's origin.
 * - `creating` — the snapshot is being saved (tag `busy`: the button is disabled).
 * - `copying`  — the link is put on the clipboard (tag `busy`).
 * - `ready`    — the link is shown: `copied` says so («Ссылка на подборку скопирована.»), `shown`
 *                asks the shopper to copy it by hand (the browser refused the clipboard).
 * - `failed`   — no link: the server's message, the connection's, or «Не удалось создать ссылку…».
 * From `ready` and `failed` the shopper may share again (the list may have changed meanwhile).
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../ports/failure-message';
import { FAVOURITES_PORT, type FavouritesPort } from '../ports/favourites.port';
import { defineUseCase } from '../use-case';

export const SHARE_FAILED_MESSAGE = 'Не удалось создать ссылку. Попробуйте ещё раз.';

interface FavouritesShareContext {
  /** Where the shared list is saved from, for the link: the site's origin («https://shop.example»). */
  readonly origin: string;
  /** The products the snapshot holds: the list as it was when «Поделиться» was pressed. */
  readonly productIds: readonly number[];
  readonly url: string | null;
  readonly failure: string | null;
}

type FavouritesShareEvent = {
  readonly type: 'share.requested';
  readonly productIds: readonly number[];
  readonly origin: string;
};

/** The page of a shared list, on this site. */
export function sharedListUrl(origin: string, hash: string): string {
  return `${origin}/favorites/share/${encodeURIComponent(hash)}`;
}

function notProvided(name: string): never {
  throw new Error(`favourites share machine: actor ${name} not provided`);
}

export const favouritesShareMachine = setup({
  types: {
    context: {} as FavouritesShareContext,
    events: {} as FavouritesShareEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Saves the snapshot and resolves with its hash. */
    createLink: fromPromise<string, { productIds: readonly number[] }>(async () => notProvided('createLink')),
    /** Resolves whether the text went to the clipboard (false when the browser refuses). */
    copyLink: fromPromise<boolean, { url: string }>(async () => notProvided('copyLink')),
  },
  actions: {
    startSharing: assign({
      origin: ({ event }) => event.origin,
      productIds: ({ event }) => event.productIds,
      url: null,
      failure: null,
    }),
  },
  guards: {
    copied: (_, params: { copied: boolean }) => params.copied,
  },
}).createMachine({
  id: 'favouritesShare',
  context: { origin: '', productIds: [], url: null, failure: null },
  initial: 'idle',
  states: {
    idle: { on: { 'share.requested': { target: 'creating', actions: 'startSharing' } } },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => ({ productIds: context.productIds }),
        onDone: {
          target: 'copying',
          actions: assign({ url: ({ context, event }) => sharedListUrl(context.origin, event.output) }),
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => failureMessage(event.error, SHARE_FAILED_MESSAGE) }),
        },
      },
    },
    copying: {
      tags: ['busy'],
      invoke: {
        id: 'copyLink',
        src: 'copyLink',
        input: ({ context }) => ({ url: context.url ?? '' }),
        onDone: [
          {
            guard: { type: 'copied', params: ({ event }) => ({ copied: event.output }) },
            target: 'ready.copied',
          },
          { target: 'ready.shown' },
        ],
        // A clipboard that throws is a refusal like any other: the link is shown to copy by hand.
        onError: { target: 'ready.shown' },
      },
    },
    ready: {
      initial: 'copied',
      // With a link shown, sharing again saves the list as it is now (it may have changed).
      on: { 'share.requested': { target: 'creating', actions: 'startSharing' } },
      states: { copied: {}, shown: {} },
    },
    failed: { on: { 'share.requested': { target: 'creating', actions: 'startSharing' } } },
  },
});

/**
 * The machine with its calls bound: the favourites port saves the snapshot (a shop without one —
 * no server lists — fails with the share message) and `copy` puts the link on the clipboard.
 */
export function favouritesShareMachineFor(
  port: Pick<FavouritesPort, 'share'> | null,
  copy: (text: string) => Promise<boolean>,
) {
  return favouritesShareMachine.provide({
    actors: {
      createLink: fromPromise<string, { productIds: readonly number[] }>(({ input, signal }) =>
        port === null
          ? Promise.reject(new Error('no favourites port'))
          : port.share(input.productIds, { signal }),
      ),
      copyLink: fromPromise<boolean, { url: string }>(({ input }) => copy(input.url)),
    },
  });
}

/** «Поделиться» on the favourites page, provided with this page's favourites port and the view's clipboard. */
export const favouritesShare = defineUseCase(
  'favourites.shareMachine',
  { favourites: FAVOURITES_PORT },
  ({ favourites }) =>
    (copy: (text: string) => Promise<boolean>) =>
      favouritesShareMachineFor(favourites, copy),
);
