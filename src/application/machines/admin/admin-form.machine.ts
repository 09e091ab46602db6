/**
 * An admin edit form (an order's contact, delivery, payment, promo or cart; a request's reply; a note;
 * the phone order): the manager edits a draft, saves it, and a failed save keeps every typed value.
 *
 * - `editing` — the draft is open; `form.edited` merges a patch into it. A submit of an unchanged
 *               draft does nothing; a submit of an invalid draft only turns the errors on
 *               (`showErrors`), so a field is not red before the manager tried.
 * - `saving`  — the `save` actor sends the draft; edits wait (the fields are read-only).
 * - `saved`   — the server accepted: its answer becomes the new saved state (`initial`), the
 *               `form.saved` event is emitted (the screen reloads its data), and after
 *               `savedNotice` the «Сохранено» notice gives way to editing again.
 * - `failed`  — the server refused or could not be reached: the draft is kept as typed, the error
 *               shows beside the form; the manager can retry, edit on, or reset to the saved values.
 *
 * Dirty tracking compares the draft with `initial` (what the server last confirmed) field by field.
 * `form.loaded` replaces `initial` when fresh data arrives; a clean draft follows it, a dirty one is
 * kept (the manager's typing is never thrown away behind their back).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from './admin-failure';

interface AdminFormInput<D> {
  readonly initial: D;
}

interface AdminFormContext<D, R> {
  /** What the server last confirmed. */
  readonly initial: D;
  /** What the manager sees and types into. */
  readonly draft: D;
  /** Field errors are shown only after a first submit. */
  readonly showErrors: boolean;
  /** The last save's failure, in Russian; null otherwise. */
  readonly error: string | null;
  /** The last successful save's answer. */
  readonly saved: R | null;
}

type AdminFormEvent<D> =
  | { readonly type: 'form.edited'; readonly patch: Partial<D> }
  | { readonly type: 'form.submitted' }
  | { readonly type: 'form.reset' }
  | { readonly type: 'form.loaded'; readonly initial: D };

type AdminFormEmitted<R> = { readonly type: 'form.saved'; readonly output: R };

export interface AdminFormOptions<D> {
  readonly id: string;
  /** Whether a draft may be sent (the same rules as the server's, for a quick answer). */
  readonly isValid: (draft: D) => boolean;
  /** The draft after a successful save: by default the draft as sent. */
  readonly afterSave?: (draft: D) => D;
}

/** Whether two drafts hold the same values (one level deep; arrays and objects by JSON). */
export function sameDraft<D extends object>(a: D, b: D): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left: unknown = Reflect.get(a, key);
    const right: unknown = Reflect.get(b, key);
    if (left === right) continue;
    if (
      typeof left === 'object' &&
      typeof right === 'object' &&
      JSON.stringify(left) === JSON.stringify(right)
    )
      continue;
    return false;
  }
  return true;
}

/** Whether the manager changed anything since the last confirmed state. */
export function isFormDirty<D extends object>(context: { initial: D; draft: D }): boolean {
  return !sameDraft(context.initial, context.draft);
}

export function createAdminFormMachine<D extends object, R>(options: AdminFormOptions<D>) {
  const afterSave = options.afterSave ?? ((draft: D) => draft);
  return setup({
    types: {
      context: {} as AdminFormContext<D, R>,
      events: {} as AdminFormEvent<D>,
      input: {} as AdminFormInput<D>,
      emitted: {} as AdminFormEmitted<R>,
    },
    actors: {
      /** Sends the draft; answers what the server made of it (an order with new totals, a thread). */
      save: fromPromise<R, { draft: D }>(async () => {
        throw new Error(`${options.id} machine: actor save not provided`);
      }),
    },
    guards: {
      isDirty: ({ context }) => isFormDirty(context),
      isValid: ({ context }) => options.isValid(context.draft),
    },
    actions: {
      applyPatch: assign({
        draft: ({ context, event }) =>
          event.type === 'form.edited' ? { ...context.draft, ...event.patch } : context.draft,
        error: null,
      }),
      showErrors: assign({ showErrors: true }),
      resetDraft: assign({
        draft: ({ context }) => context.initial,
        showErrors: false,
        error: null,
      }),
      takeLoaded: assign(({ context, event }) => {
        if (event.type !== 'form.loaded') return {};
        return isFormDirty(context)
          ? { initial: event.initial }
          : { initial: event.initial, draft: event.initial };
      }),
    },
    delays: {
      /** How long «Сохранено» stays on screen. */
      savedNotice: 2500,
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      initial: input.initial,
      draft: input.initial,
      showErrors: false,
      error: null,
      saved: null,
    }),
    initial: 'editing',
    on: {
      'form.loaded': { actions: 'takeLoaded' },
    },
    states: {
      editing: {
        on: {
          'form.edited': { actions: 'applyPatch' },
          'form.reset': { actions: 'resetDraft' },
          'form.submitted': [{ guard: 'isDirty', target: 'checking' }],
        },
      },
      checking: {
        always: [
          { guard: 'isValid', target: 'saving' },
          { target: 'editing', actions: 'showErrors' },
        ],
      },
      saving: {
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => ({ draft: context.draft }),
          onDone: {
            target: 'saved',
            actions: [
              assign(({ context, event }) => {
                const confirmed = afterSave(context.draft);
                return {
                  initial: confirmed,
                  draft: confirmed,
                  saved: event.output,
                  showErrors: false,
                  error: null,
                };
              }),
              emit(({ event }) => ({ type: 'form.saved' as const, output: event.output })),
            ],
          },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => adminFailureMessage(event.error) }),
          },
        },
      },
      saved: {
        after: { savedNotice: 'editing' },
        on: {
          'form.edited': { target: 'editing', actions: 'applyPatch' },
        },
      },
      failed: {
        on: {
          'form.edited': { target: 'editing', actions: 'applyPatch' },
          'form.submitted': { target: 'checking' },
          'form.reset': { target: 'editing', actions: 'resetDraft' },
        },
      },
    },
  });
}

/** The form machine over a plain record of fields: the instance the docs and the tests draw. */
export type FormFields = Readonly<Record<string, string | number | boolean | null>>;

export const adminFormMachine = createAdminFormMachine<FormFields, unknown>({
  id: 'adminForm',
  isValid: () => true,
});
