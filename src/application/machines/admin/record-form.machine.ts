/**
 * One back-office record form (a product, a promo code, a news item, a page…): load, edit, save.
 *
 * - `loading`     — GET of the record; a new record (`id: null`) skips it and starts from `blank`;
 * - `loadFailed`  — the record could not be read (gone, no access, network); retry;
 * - `editing`     — the form; every edit replaces fields of the draft, and `isDirty` (draft ≠ the
 *                   last loaded or saved record) drives the unsaved-change guard of the route;
 * - `saving`      — the changed fields go to the server with the version the form loaded;
 * - `saved`       — stored; the draft is the server's answer (sanitised HTML, generated slug…);
 * - `failed`      — refused (validation, network); what was typed stays, the server's Russian
 *                   message is shown, and the form can be saved again;
 * - `conflict`    — someone else saved the record after it was loaded (409 `version_conflict`):
 *                   take theirs (reload, losing the edits) or keep mine (`overwriting` reads the
 *                   current version, then the draft is saved over it).
 *
 * The machine is generic over the draft: each area maps its record to a flat draft and back in its
 * port, so one chart (and one set of tests) serves every form of the back office.
 */
import { assign, fromPromise, setup } from 'xstate';
import { isPortFailure } from '../../ports/port-failure';

/** A record's key: a number, or a text key (a promo code). */
export type RecordId = number | string;

/** A record as the form holds it: the editable values and the version they were read at. */
export interface LoadedRecord<TDraft, TMeta = null> {
  readonly id: RecordId;
  readonly draft: TDraft;
  /** The server's version (or update time) of the record; sent back to detect a concurrent save. */
  readonly version: string;
  /** What the form shows but does not edit (pictures, the category's name, the usage statistics). */
  readonly meta: TMeta;
}

export interface SaveRequest<TDraft> {
  /** null: create. */
  readonly id: RecordId | null;
  readonly draft: TDraft;
  /** Only the fields that differ from the loaded record (on create: from the blank values). */
  readonly changes: Partial<TDraft>;
  /** The version the edits were made on; null on create. */
  readonly expectedVersion: string | null;
}

export interface RecordFormInput<TDraft> {
  readonly id: RecordId | null;
  /** The starting values of a new record. */
  readonly blank: TDraft;
}

export interface RecordFormContext<TDraft, TMeta = null> {
  readonly id: RecordId | null;
  /** The read-only part of the record; null until loaded (and for a new record). */
  readonly meta: TMeta | null;
  /** What the server holds, as last loaded or saved; null until loaded. */
  readonly stored: TDraft | null;
  readonly draft: TDraft;
  readonly version: string | null;
  /** Russian text of the last failure, shown beside the save button. */
  readonly error: string | null;
}

type RecordFormEvent<TDraft, TMeta = null> =
  | { readonly type: 'form.edited'; readonly changes: Partial<TDraft> }
  | { readonly type: 'form.saveRequested' }
  | { readonly type: 'form.retryRequested' }
  /** Conflict: drop my edits and read the record again. */
  | { readonly type: 'form.reloadRequested' }
  /** Conflict: keep my edits and save them over the other change. */
  | { readonly type: 'form.overwriteRequested' }
  /**
   * An action outside the form (a picture upload, a stock correction) changed the read-only part and
   * the version, and maybe some stored `fields` (a field the manager is not editing shows the new value).
   */
  | {
      readonly type: 'form.recordTouched';
      readonly meta: TMeta;
      readonly version: string;
      readonly fields?: Partial<TDraft>;
    };

const RECORD_LOAD_FAILED_MESSAGE = 'Не удалось загрузить запись. Проверьте соединение и повторите.';
export const RECORD_SAVE_FAILED_MESSAGE = 'Не удалось сохранить. Изменения не потеряны — попробуйте ещё раз.';
export const RECORD_CONFLICT_MESSAGE =
  'Пока вы редактировали, запись сохранил другой сотрудник. Загрузите его версию или сохраните свою поверх.';

/** The contract's error code of a write refused because the stored version moved on. */
const VERSION_CONFLICT_CODE = 'version_conflict';

function notProvided(kind: string, name: string): never {
  throw new Error(`record form machine: ${kind} ${name} not provided`);
}

/** Stable comparison of plain draft values (objects by sorted keys, arrays in order). */
function sameValue(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left).sort();
  const rightKeys = Object.keys(right).sort();
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every(
    (key, index) =>
      key === rightKeys[index] &&
      sameValue((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}

/** The draft's fields that differ from the stored record (every field when nothing is stored). */
export function changedFields<TDraft extends object>(stored: TDraft | null, draft: TDraft): Partial<TDraft> {
  const changes: Partial<TDraft> = {};
  for (const key of Object.keys(draft) as (keyof TDraft)[]) {
    if (stored === null || !sameValue(stored[key], draft[key])) changes[key] = draft[key];
  }
  return changes;
}

/** Whether the form holds edits that are not on the server (the unsaved-change guard asks this). */
export function isDirty<TDraft extends object, TMeta>(context: RecordFormContext<TDraft, TMeta>): boolean {
  return Object.keys(changedFields(context.stored, context.draft)).length > 0;
}

function failureText(error: unknown, fallback: string): string {
  return isPortFailure(error) && error.serverMessage ? error.serverMessage : fallback;
}

/** The chart for one draft type; `recordFormMachine<ProductDraft>()` etc. */
export function recordFormMachine<TDraft extends object, TMeta = null>() {
  return setup({
    types: {
      context: {} as RecordFormContext<TDraft, TMeta>,
      events: {} as RecordFormEvent<TDraft, TMeta>,
      input: {} as RecordFormInput<TDraft>,
      tags: {} as 'busy',
    },
    actors: {
      loadRecord: fromPromise<LoadedRecord<TDraft, TMeta>, { id: RecordId }>(async () =>
        notProvided('actor', 'loadRecord'),
      ),
      saveRecord: fromPromise<LoadedRecord<TDraft, TMeta>, SaveRequest<TDraft>>(async () =>
        notProvided('actor', 'saveRecord'),
      ),
    },
    actions: {
      /** The record was stored (a new one now has an id: the route moves to its address). */
      announceSaved: (_, _params: { id: RecordId; created: boolean }) =>
        notProvided('action', 'announceSaved'),
    },
    guards: {
      isNew: ({ context }) => context.id === null,
      isVersionConflict: (_, params: { error: unknown }) =>
        isPortFailure(params.error) && params.error.code === VERSION_CONFLICT_CODE,
      canSave: ({ context }) => context.id === null || isDirty(context),
    },
  }).createMachine({
    id: 'recordForm',
    context: ({ input }) => ({
      id: input.id,
      meta: null,
      // A new record is compared with its blank values: nothing typed yet means nothing to lose.
      stored: input.id === null ? input.blank : null,
      draft: input.blank,
      version: null,
      error: null,
    }),
    initial: 'starting',
    on: {
      'form.recordTouched': {
        actions: assign(({ context, event }) => {
          const fields = event.fields ?? {};
          const untouched = Object.fromEntries(
            Object.entries(fields).filter(
              ([key]) =>
                context.stored !== null &&
                JSON.stringify(context.draft[key as keyof TDraft]) ===
                  JSON.stringify(context.stored[key as keyof TDraft]),
            ),
          ) as Partial<TDraft>;
          return {
            meta: event.meta,
            version: event.version,
            stored: context.stored === null ? null : { ...context.stored, ...fields },
            draft: { ...context.draft, ...untouched },
          };
        }),
      },
    },
    states: {
      starting: {
        always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
      },
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadRecord',
          src: 'loadRecord',
          input: ({ context }) => ({ id: context.id ?? 0 }),
          onDone: {
            target: 'editing',
            actions: assign({
              id: ({ event }) => event.output.id,
              meta: ({ event }) => event.output.meta,
              stored: ({ event }) => event.output.draft,
              draft: ({ event }) => event.output.draft,
              version: ({ event }) => event.output.version,
              error: null,
            }),
          },
          onError: {
            target: 'loadFailed',
            actions: assign({ error: ({ event }) => failureText(event.error, RECORD_LOAD_FAILED_MESSAGE) }),
          },
        },
      },
      loadFailed: {
        on: { 'form.retryRequested': 'loading' },
      },
      editing: {
        on: {
          'form.edited': {
            actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.changes }) }),
          },
          'form.saveRequested': { guard: 'canSave', target: 'saving' },
        },
      },
      saving: {
        tags: ['busy'],
        invoke: {
          id: 'saveRecord',
          src: 'saveRecord',
          input: ({ context }) => ({
            id: context.id,
            draft: context.draft,
            changes: changedFields(context.stored, context.draft),
            expectedVersion: context.id === null ? null : context.version,
          }),
          onDone: {
            target: 'saved',
            actions: [
              {
                type: 'announceSaved',
                params: ({ context, event }) => ({ id: event.output.id, created: context.id === null }),
              },
              assign({
                id: ({ event }) => event.output.id,
                meta: ({ event }) => event.output.meta,
                stored: ({ event }) => event.output.draft,
                draft: ({ event }) => event.output.draft,
                version: ({ event }) => event.output.version,
                error: null,
              }),
            ],
          },
          onError: [
            {
              guard: { type: 'isVersionConflict', params: ({ event }) => ({ error: event.error }) },
              target: 'conflict',
              actions: assign({ error: RECORD_CONFLICT_MESSAGE }),
            },
            {
              target: 'failed',
              actions: assign({ error: ({ event }) => failureText(event.error, RECORD_SAVE_FAILED_MESSAGE) }),
            },
          ],
        },
      },
      saved: {
        on: {
          'form.edited': {
            target: 'editing',
            actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.changes }) }),
          },
        },
      },
      failed: {
        on: {
          'form.edited': {
            target: 'editing',
            actions: assign({
              draft: ({ context, event }) => ({ ...context.draft, ...event.changes }),
              error: null,
            }),
          },
          'form.saveRequested': { guard: 'canSave', target: 'saving' },
        },
      },
      conflict: {
        on: {
          'form.reloadRequested': 'loading',
          'form.overwriteRequested': 'overwriting',
        },
      },
      overwriting: {
        tags: ['busy'],
        // Read the record as it is now only for its version; the edits are then saved over it.
        invoke: {
          id: 'readCurrentVersion',
          src: 'loadRecord',
          input: ({ context }) => ({ id: context.id ?? 0 }),
          onDone: {
            target: 'saving',
            actions: assign({
              meta: ({ event }) => event.output.meta,
              stored: ({ event }) => event.output.draft,
              version: ({ event }) => event.output.version,
            }),
          },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureText(event.error, RECORD_SAVE_FAILED_MESSAGE) }),
          },
        },
      },
    },
  });
}
