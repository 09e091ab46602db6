/**
 * «Поместится?» panel (issue 23, item 6; docs/delivery-dates.md): the shopper's door, corridor and
 * lift, entered once and kept — for a guest in browser storage, for a client in the account (the
 * guest's measurements move into the account at the first read after sign-in when it has none).
 *
 * - `loading`  — reads what is kept (the actor picks storage or the account);
 * - `showing`  — measurements are kept: the verdicts are shown, «Изменить размеры» opens the form;
 * - `editing`  — the form; `save` checks it (shared limits) and stays here with each field's problem,
 *                or goes on to `saving`; `cancel` goes back when something was kept;
 * - `saving`   — the account (or storage) keeps it; its answer is what is shown; a refusal keeps the
 *                form with the server's Russian message.
 */
import { assign, fromPromise, setup } from 'xstate';
import type {
  HomeMeasurementField,
  HomeMeasurementProblems,
  SavedHomeMeasurements,
} from '../../../shared-rules/home-measurements-rule';
import { checkDraft, draftOf, type HomeMeasurementsDraft } from '../../domain/home-measurements';
import { PortFailure } from '../ports/port-failure';

const HOME_MEASUREMENTS_SAVE_FAILED = 'Не удалось сохранить размеры. Попробуйте ещё раз.';

export interface HomeMeasurementsInput {
  /** The signed-in client; null for a guest. */
  readonly clientId: number | null;
}

interface HomeMeasurementsContext {
  readonly clientId: number | null;
  readonly saved: SavedHomeMeasurements | null;
  readonly draft: HomeMeasurementsDraft;
  readonly problems: HomeMeasurementProblems;
  /** Why the last save failed (the server's message when it gave one). */
  readonly saveError: string | null;
}

type HomeMeasurementsEvent =
  | { readonly type: 'edit' }
  | { readonly type: 'change'; readonly field: HomeMeasurementField; readonly value: string }
  | { readonly type: 'liftChosen'; readonly hasLift: boolean }
  | { readonly type: 'save' }
  | { readonly type: 'cancel' };

function notProvided(name: string): never {
  throw new Error(`home measurements machine: actor ${name} not provided`);
}

const failureText = (error: unknown): string =>
  error instanceof PortFailure && error.status === 422 && error.serverMessage !== undefined
    ? error.serverMessage
    : HOME_MEASUREMENTS_SAVE_FAILED;

export const homeMeasurementsMachine = setup({
  types: {
    context: {} as HomeMeasurementsContext,
    events: {} as HomeMeasurementsEvent,
    input: {} as HomeMeasurementsInput,
  },
  actors: {
    loadMeasurements: fromPromise<SavedHomeMeasurements | null, { clientId: number | null }>(async () =>
      notProvided('loadMeasurements'),
    ),
    saveMeasurements: fromPromise<
      SavedHomeMeasurements | null,
      { clientId: number | null; measurements: SavedHomeMeasurements }
    >(async () => notProvided('saveMeasurements')),
  },
  guards: {
    hasSaved: ({ context }) => context.saved !== null,
    draftIsValid: ({ context }) => checkDraft(context.draft).ok,
  },
}).createMachine({
  id: 'homeMeasurements',
  context: ({ input }) => ({
    clientId: input.clientId,
    saved: null,
    draft: draftOf(null),
    problems: {},
    saveError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadMeasurements',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'showing',
            actions: assign({
              saved: ({ event }) => event.output,
              draft: ({ event }) => draftOf(event.output),
            }),
          },
          { target: 'editing' },
        ],
        // Nothing could be read: the shopper can still measure (and try to keep it).
        onError: { target: 'editing' },
      },
    },
    showing: {
      on: {
        edit: {
          target: 'editing',
          actions: assign({
            draft: ({ context }) => draftOf(context.saved),
            problems: {},
            saveError: null,
          }),
        },
      },
    },
    editing: {
      on: {
        change: {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              values: { ...context.draft.values, [event.field]: event.value },
            }),
            problems: ({ context, event }) => {
              const { [event.field]: _fixed, ...others } = context.problems;
              return others;
            },
          }),
        },
        liftChosen: {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, hasLift: event.hasLift }),
            problems: {},
          }),
        },
        save: [
          { guard: 'draftIsValid', target: 'saving', actions: assign({ problems: {}, saveError: null }) },
          {
            actions: assign({
              problems: ({ context }) => {
                const check = checkDraft(context.draft);
                return check.ok ? {} : check.problems;
              },
            }),
          },
        ],
        cancel: { guard: 'hasSaved', target: 'showing', actions: assign({ problems: {}, saveError: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'saveMeasurements',
        input: ({ context }) => {
          const check = checkDraft(context.draft);
          // The guard let only a valid form in here.
          if (!check.ok) throw new Error('home measurements machine: saving an invalid form');
          return { clientId: context.clientId, measurements: check.value };
        },
        onDone: {
          target: 'showing',
          actions: assign({
            saved: ({ event }) => event.output,
            draft: ({ event }) => draftOf(event.output),
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({ saveError: ({ event }) => failureText(event.error) }),
        },
      },
    },
  },
});
