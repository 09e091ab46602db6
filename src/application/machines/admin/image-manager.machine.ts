/**
 * The pictures of one product in the back office: upload (drop or picker), reorder by drag and drop,
 * alt text, delete. Each change goes to the server at once (pictures are not part of the form's
 * draft), one at a time.
 *
 * - `idle`    — the pictures as stored; the order shown is the server's;
 * - `working` — one operation in flight; a reorder shows the new order at once and rolls back if
 *               the server refuses it;
 * - `failed`  — the last operation was refused (type, size, network): the message and the stored
 *               pictures; any next operation or `images.dismissed` leaves it.
 * Every answer carries the product's new version, handed to the form (`imagesChanged`) so its next
 * save does not conflict with the manager's own picture change.
 */
import { assign, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from './admin-failure';

export interface ManagedImage {
  readonly key: string;
  readonly url: string;
  readonly alt: string;
}

export type ImageOperation =
  | { readonly kind: 'upload'; readonly file: File }
  | { readonly kind: 'reorder'; readonly keys: readonly string[] }
  | { readonly kind: 'alt'; readonly key: string; readonly alt: string }
  | { readonly kind: 'delete'; readonly key: string };

export interface ImagesAnswer {
  readonly images: readonly ManagedImage[];
  readonly version: string;
}

export interface ImageManagerContext {
  readonly images: readonly ManagedImage[];
  /** The pictures as the server last confirmed them (a refused reorder rolls back to these). */
  readonly confirmed: readonly ManagedImage[];
  /** Operations waiting their turn (several files dropped at once). */
  readonly queue: readonly ImageOperation[];
  readonly error: string | null;
}

export type ImageManagerEvent =
  | { readonly type: 'images.loaded'; readonly images: readonly ManagedImage[] }
  | { readonly type: 'images.filesChosen'; readonly files: readonly File[] }
  | { readonly type: 'images.reordered'; readonly keys: readonly string[] }
  | { readonly type: 'images.altChanged'; readonly key: string; readonly alt: string }
  | { readonly type: 'images.deleteRequested'; readonly key: string }
  | { readonly type: 'images.dismissed' };

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_TYPE_MESSAGE = 'Можно загрузить только JPEG, PNG или WEBP.';

function notProvided(kind: string, name: string): never {
  throw new Error(`image manager machine: ${kind} ${name} not provided`);
}

function operationsOf(event: ImageManagerEvent): ImageOperation[] {
  switch (event.type) {
    case 'images.filesChosen':
      return event.files.map((file) => ({ kind: 'upload', file }));
    case 'images.reordered':
      return [{ kind: 'reorder', keys: event.keys }];
    case 'images.altChanged':
      return [{ kind: 'alt', key: event.key, alt: event.alt }];
    case 'images.deleteRequested':
      return [{ kind: 'delete', key: event.key }];
    default:
      return [];
  }
}

/** A reorder shows at once; the server's answer (or the rollback) follows. */
function optimistic(
  images: readonly ManagedImage[],
  operation: ImageOperation | undefined,
): readonly ManagedImage[] {
  if (operation?.kind !== 'reorder') return images;
  const byKey = new Map(images.map((image) => [image.key, image]));
  const ordered = operation.keys
    .map((key) => byKey.get(key))
    .filter((image): image is ManagedImage => !!image);
  return ordered.length === images.length ? ordered : images;
}

/** The operations an event asks for; uploads of other types are refused with a message. */
function queued(context: ImageManagerContext, event: ImageManagerEvent): Partial<ImageManagerContext> {
  const operations = operationsOf(event);
  const allowed = operations.filter(
    (operation) =>
      operation.kind !== 'upload' || (IMAGE_TYPES as readonly string[]).includes(operation.file.type),
  );
  return {
    queue: [...context.queue, ...allowed],
    error: allowed.length < operations.length ? IMAGE_TYPE_MESSAGE : null,
  };
}

export const imageManagerMachine = setup({
  types: {
    context: {} as ImageManagerContext,
    events: {} as ImageManagerEvent,
    tags: {} as 'busy',
  },
  actors: {
    runImageOperation: fromPromise<ImagesAnswer, ImageOperation>(async () =>
      notProvided('actor', 'runImageOperation'),
    ),
  },
  actions: {
    /** The pictures and the product's version changed on the server. */
    imagesChanged: (_, _params: ImagesAnswer) => notProvided('action', 'imagesChanged'),
    enqueue: assign(({ context, event }) => queued(context, event)),
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'imageManager',
  context: { images: [], confirmed: [], queue: [], error: null },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasQueue', target: 'working' },
      on: {
        'images.loaded': {
          actions: assign({ images: ({ event }) => event.images, confirmed: ({ event }) => event.images }),
        },
        'images.filesChosen': { actions: 'enqueue' },
        'images.reordered': { actions: 'enqueue' },
        'images.altChanged': { actions: 'enqueue' },
        'images.deleteRequested': { actions: 'enqueue' },
      },
    },
    working: {
      tags: ['busy'],
      entry: assign({
        confirmed: ({ context }) => context.images,
        images: ({ context }) => optimistic(context.images, context.queue[0]),
      }),
      invoke: {
        id: 'runImageOperation',
        src: 'runImageOperation',
        input: ({ context }) => context.queue[0] as ImageOperation,
        onDone: {
          target: 'idle',
          actions: [
            assign({
              images: ({ event }) => event.output.images,
              confirmed: ({ event }) => event.output.images,
              queue: ({ context }) => context.queue.slice(1),
            }),
            { type: 'imagesChanged', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => adminFailureMessage(event.error),
            images: ({ context }) => context.confirmed,
            queue: [],
          }),
        },
      },
      on: {
        'images.filesChosen': { actions: 'enqueue' },
        'images.altChanged': { actions: 'enqueue' },
        'images.deleteRequested': { actions: 'enqueue' },
      },
    },
    failed: {
      on: {
        'images.loaded': {
          target: 'idle',
          actions: assign({
            images: ({ event }) => event.images,
            confirmed: ({ event }) => event.images,
            error: null,
          }),
        },
        'images.dismissed': { target: 'idle', actions: assign({ error: null }) },
        'images.filesChosen': { target: 'idle', actions: 'enqueue' },
        'images.reordered': { target: 'idle', actions: 'enqueue' },
        'images.altChanged': { target: 'idle', actions: 'enqueue' },
        'images.deleteRequested': { target: 'idle', actions: 'enqueue' },
      },
    },
  },
});
