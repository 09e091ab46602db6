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
 *
 * Photos before the first save (issue 25 item 13): while the product has no id yet, chosen files are
 * staged — shown, removable, nothing sent. The manager watches its form (`watchForm`); the moment the
 * form's record gets an id (the «Создать товар» answer), the staged files are uploaded to it, in the
 * order chosen. Nothing reaches the server before the manager creates the product.
 */
import { type ActorRefFrom, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ProductDraft, ProductMeta } from '../../ports/admin-products.port';
import { adminFailureMessage } from './admin-failure';
import type { recordFormMachine } from './record-form.machine';

/** The product form the pictures belong to. */
export type ProductFormRef = ActorRefFrom<ReturnType<typeof recordFormMachine<ProductDraft, ProductMeta>>>;

export interface ManagedImage {
  readonly key: string;
  readonly url: string;
  readonly alt: string;
}

/** A file chosen before the product exists, waiting for its id. */
export interface StagedImage {
  readonly key: string;
  readonly file: File;
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

/** An operation on one product's pictures (the actor's input). */
export type ProductImageOperation = ImageOperation & { readonly productId: number };

export interface ImageManagerContext {
  /** null until the product is created: chosen files are staged meanwhile. */
  readonly productId: number | null;
  readonly form: ProductFormRef | null;
  readonly staged: readonly StagedImage[];
  /** Numbers the staged files' keys. */
  readonly stagedCount: number;
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
  | { readonly type: 'images.dismissed' }
  | { readonly type: 'images.stagedRemoved'; readonly key: string }
  /** The form's record as it is now (its id once created, its stored pictures). */
  | {
      readonly type: 'images.formChanged';
      readonly productId: number | null;
      readonly images: readonly ManagedImage[] | null;
    };

export interface ImageManagerInput {
  readonly form?: ProductFormRef;
  readonly productId?: number | null;
}

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

/**
 * The operations an event asks for; uploads of other types are refused with a message. Before the
 * product exists, uploads are staged instead.
 */
function queued(context: ImageManagerContext, event: ImageManagerEvent): Partial<ImageManagerContext> {
  const operations = operationsOf(event);
  const allowed = operations.filter(
    (operation) =>
      operation.kind !== 'upload' || (IMAGE_TYPES as readonly string[]).includes(operation.file.type),
  );
  const error = allowed.length < operations.length ? IMAGE_TYPE_MESSAGE : null;
  if (context.productId === null) {
    const files = allowed.flatMap((operation) => (operation.kind === 'upload' ? [operation.file] : []));
    return {
      staged: [
        ...context.staged,
        ...files.map((file, index) => ({ key: `staged-${context.stagedCount + index + 1}`, file })),
      ],
      stagedCount: context.stagedCount + files.length,
      error,
    };
  }
  return { queue: [...context.queue, ...allowed], error };
}

/** The form's id and stored pictures, each time either changes. */
const watchForm = fromCallback<ImageManagerEvent, { form: ProductFormRef | null }>(({ input, sendBack }) => {
  if (input.form === null) return;
  let last: { id: unknown; images: unknown } | null = null;
  const report = (snapshot: ReturnType<ProductFormRef['getSnapshot']>) => {
    const { id, meta } = snapshot.context;
    const images = meta?.images ?? null;
    if (last !== null && last.id === id && last.images === images) return;
    last = { id, images };
    sendBack({ type: 'images.formChanged', productId: typeof id === 'number' ? id : null, images });
  };
  report(input.form.getSnapshot());
  const subscription = input.form.subscribe(report);
  return () => subscription.unsubscribe();
});

/** The form's record changed: a new id uploads what was staged; new stored pictures are shown. */
function formChanged(
  context: ImageManagerContext,
  event: Extract<ImageManagerEvent, { type: 'images.formChanged' }>,
): Partial<ImageManagerContext> {
  const created = context.productId === null && event.productId !== null;
  return {
    productId: event.productId,
    // While operations run, their own answers are the newer truth.
    ...(event.images === null || context.queue.length > 0
      ? {}
      : { images: event.images, confirmed: event.images }),
    ...(created && context.staged.length > 0
      ? {
          queue: [
            ...context.queue,
            ...context.staged.map((staged) => ({ kind: 'upload' as const, file: staged.file })),
          ],
          staged: [],
        }
      : {}),
  };
}

export const imageManagerMachine = setup({
  types: {
    context: {} as ImageManagerContext,
    events: {} as ImageManagerEvent,
    input: {} as ImageManagerInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    runImageOperation: fromPromise<ImagesAnswer, ProductImageOperation>(async () =>
      notProvided('actor', 'runImageOperation'),
    ),
    watchForm,
  },
  actions: {
    /** The pictures and the product's version changed on the server: the form takes both. */
    imagesChanged: ({ context }, answer: ImagesAnswer) => {
      const meta = context.form?.getSnapshot().context.meta;
      if (context.form && meta)
        context.form.send({
          type: 'form.recordTouched',
          meta: { ...meta, images: answer.images },
          version: answer.version,
        });
    },
    enqueue: assign(({ context, event }) => queued(context, event)),
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'imageManager',
  context: ({ input }) => ({
    productId: input?.productId ?? null,
    form: input?.form ?? null,
    staged: [],
    stagedCount: 0,
    images: [],
    confirmed: [],
    queue: [],
    error: null,
  }),
  invoke: { id: 'watchForm', src: 'watchForm', input: ({ context }) => ({ form: context.form }) },
  on: {
    'images.stagedRemoved': {
      actions: assign({ staged: ({ context, event }) => context.staged.filter((s) => s.key !== event.key) }),
    },
    'images.formChanged': { actions: assign(({ context, event }) => formChanged(context, event)) },
  },
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
        input: ({ context }) => ({
          ...(context.queue[0] as ImageOperation),
          productId: context.productId ?? 0,
        }),
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
