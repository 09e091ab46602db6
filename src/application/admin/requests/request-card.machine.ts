/**
 * The back office's request card (issue 25). Two parallel regions over one `thread` — the request as
 * the server last answered it; a reply or a triage change answers the whole thread, which replaces it:
 *
 * - `reply`  — the answer to the client: `editing` → (not blank, not too long) `sending` → `sent`
 *   (the box empties, the reply is in the thread) | `failed` (the typed answer is kept).
 * - `triage` — status and assignee: `editing` → (changed) `saving` → `saved` | `failed`.
 *
 * `thread.loaded` (the page read the thread again) takes the fresh thread; an untouched triage draft
 * follows it.
 */
import { assign, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import {
  ADMIN_REQUESTS_PORT,
  type AdminRequestThread,
  type RequestStatus,
} from '../../ports/admin-requests.port';
import { defineUseCase } from '../../use-case';

export const REPLY_MAX = 4000;
const REPLY_REQUIRED = 'Напишите ответ';
const REPLY_TOO_LONG = `Не больше ${REPLY_MAX} символов`;

export interface TriageDraft {
  readonly status: RequestStatus;
  /** '' = unassigned; else the administrator's id as text (a select's value). */
  readonly assignee: string;
}

function triageDraftOf(thread: AdminRequestThread): TriageDraft {
  return { status: thread.status, assignee: thread.assignee === null ? '' : String(thread.assignee.id) };
}

export function replyError(text: string, showRequired: boolean): string | null {
  if (text.length > REPLY_MAX) return REPLY_TOO_LONG;
  return showRequired && text.trim() === '' ? REPLY_REQUIRED : null;
}

const sameTriage = (a: TriageDraft, b: TriageDraft) => a.status === b.status && a.assignee === b.assignee;

interface RequestCardContext {
  readonly thread: AdminRequestThread;
  readonly reply: string;
  readonly showReplyErrors: boolean;
  readonly replyFailure: string | null;
  readonly triage: TriageDraft;
  readonly triageFailure: string | null;
}

type RequestCardEvent =
  | { readonly type: 'thread.loaded'; readonly thread: AdminRequestThread }
  | { readonly type: 'reply.edited'; readonly text: string }
  | { readonly type: 'reply.submitted' }
  | { readonly type: 'triage.edited'; readonly patch: Partial<TriageDraft> }
  | { readonly type: 'triage.submitted' }
  | { readonly type: 'triage.reset' };

export const requestCardMachine = setup({
  types: {
    context: {} as RequestCardContext,
    events: {} as RequestCardEvent,
    input: {} as { readonly thread: AdminRequestThread },
  },
  actors: {
    sendReply: fromPromise<AdminRequestThread, { requestId: number; text: string }>(async () => {
      throw new Error('requestCard machine: actor sendReply not provided');
    }),
    saveTriage: fromPromise<AdminRequestThread, { requestId: number; triage: TriageDraft }>(async () => {
      throw new Error('requestCard machine: actor saveTriage not provided');
    }),
  },
  guards: {
    replyValid: ({ context }) => replyError(context.reply, true) === null,
    triageChanged: ({ context }) => !sameTriage(context.triage, triageDraftOf(context.thread)),
  },
  actions: {
    editReply: assign({
      reply: ({ context, event }) => (event.type === 'reply.edited' ? event.text : context.reply),
      replyFailure: null,
    }),
    editTriage: assign({
      triage: ({ context, event }) =>
        event.type === 'triage.edited' ? { ...context.triage, ...event.patch } : context.triage,
      triageFailure: null,
    }),
    showReplyErrors: assign({ showReplyErrors: true }),
  },
  delays: {
    /** How long «Ответ отправлен» / «Сохранено» stays. */
    savedNotice: 2500,
  },
}).createMachine({
  id: 'requestCard',
  type: 'parallel',
  context: ({ input }) => ({
    thread: input.thread,
    reply: '',
    showReplyErrors: false,
    replyFailure: null,
    triage: triageDraftOf(input.thread),
    triageFailure: null,
  }),
  on: {
    'thread.loaded': {
      actions: assign(({ context, event }) => ({
        thread: event.thread,
        triage: sameTriage(context.triage, triageDraftOf(context.thread))
          ? triageDraftOf(event.thread)
          : context.triage,
      })),
    },
  },
  states: {
    reply: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'reply.edited': { actions: 'editReply' },
            'reply.submitted': [{ guard: 'replyValid', target: 'sending' }, { actions: 'showReplyErrors' }],
          },
        },
        sending: {
          invoke: {
            id: 'sendReply',
            src: 'sendReply',
            input: ({ context }) => ({ requestId: context.thread.id, text: context.reply.trim() }),
            onDone: {
              target: 'sent',
              actions: assign(({ context, event }) => ({
                thread: event.output,
                reply: '',
                showReplyErrors: false,
                triage: sameTriage(context.triage, triageDraftOf(context.thread))
                  ? triageDraftOf(event.output)
                  : context.triage,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({ replyFailure: ({ event }) => adminFailureMessage(event.error) }),
            },
          },
        },
        sent: {
          after: { savedNotice: 'editing' },
          on: { 'reply.edited': { target: 'editing', actions: 'editReply' } },
        },
        failed: {
          on: {
            'reply.edited': { target: 'editing', actions: 'editReply' },
            'reply.submitted': {
              guard: 'replyValid',
              target: 'sending',
              actions: assign({ replyFailure: null }),
            },
          },
        },
      },
    },
    triage: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'triage.edited': { actions: 'editTriage' },
            'triage.reset': {
              actions: assign({
                triage: ({ context }) => triageDraftOf(context.thread),
                triageFailure: null,
              }),
            },
            'triage.submitted': { guard: 'triageChanged', target: 'saving' },
          },
        },
        saving: {
          invoke: {
            id: 'saveTriage',
            src: 'saveTriage',
            input: ({ context }) => ({ requestId: context.thread.id, triage: context.triage }),
            onDone: {
              target: 'saved',
              actions: assign(({ event }) => ({ thread: event.output, triage: triageDraftOf(event.output) })),
            },
            onError: {
              target: 'failed',
              actions: assign({ triageFailure: ({ event }) => adminFailureMessage(event.error) }),
            },
          },
        },
        saved: {
          after: { savedNotice: 'editing' },
          on: { 'triage.edited': { target: 'editing', actions: 'editTriage' } },
        },
        failed: {
          on: {
            'triage.edited': { target: 'editing', actions: 'editTriage' },
            'triage.submitted': { target: 'saving', actions: assign({ triageFailure: null }) },
            'triage.reset': {
              target: 'editing',
              actions: assign({
                triage: ({ context }) => triageDraftOf(context.thread),
                triageFailure: null,
              }),
            },
          },
        },
      },
    },
  },
});

/** The request card's machine with its work done by the admin requests port. */
export const requestCardMachineOfShop = defineUseCase(
  'admin.requests.cardMachine',
  { requests: ADMIN_REQUESTS_PORT },
  ({ requests }) =>
    requestCardMachine.provide({
      actors: {
        sendReply: fromPromise<AdminRequestThread, { requestId: number; text: string }>(({ input, signal }) =>
          requests.reply(input.requestId, input.text, { signal }),
        ),
        saveTriage: fromPromise<AdminRequestThread, { requestId: number; triage: TriageDraft }>(
          ({ input, signal }) =>
            requests.update(
              input.requestId,
              {
                status: input.triage.status,
                assigneeId: input.triage.assignee === '' ? null : Number(input.triage.assignee),
              },
              { signal },
            ),
        ),
      },
    }),
);
