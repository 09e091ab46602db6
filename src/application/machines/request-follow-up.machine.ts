/**
 * The client's follow-up on one of their requests, in the account's «Заявки» tab
 * (POST /api/requests/{clientId}/{id}/messages).
 *
 * - `editing`    — the text field; a blank text is refused here with «Напишите сообщение» and nothing
 *                  is sent; `sent` marks that the last message went through («Сообщение отправлено»).
 * - `submitting` — the call is in flight (tag `busy`: the button is disabled).
 * - `failed`     — the call failed: the typed text is kept, the error is shown; editing or sending
 *                  again leaves it.
 * A success clears the field and keeps the request as the server answered it (with the new message),
 * so the conversation the view shows is the server's.
 */
import { assign, fromPromise, setup } from 'xstate';
import { isPortFailure } from '../ports/port-failure';
import { type OwnRequest, REQUESTS_PORT, type RequestsPort } from '../ports/requests.port';
import { defineUseCase } from '../use-case';

export const FOLLOW_UP_MAX_LENGTH = 2000;
export const FOLLOW_UP_EMPTY_ERROR = 'Напишите сообщение';
export const FOLLOW_UP_TOO_LONG_ERROR = `Не больше ${FOLLOW_UP_MAX_LENGTH} символов`;
export const FOLLOW_UP_FAILED_ERROR = 'Не удалось отправить сообщение. Попробуйте ещё раз.';
export const FOLLOW_UP_RATE_LIMITED_ERROR =
  'Слишком много сообщений подряд. Попробуйте через несколько минут.';

export interface FollowUpInput {
  readonly clientId: number;
  readonly request: OwnRequest;
}

export interface FollowUpContext {
  readonly clientId: number;
  readonly request: OwnRequest;
  readonly text: string;
  readonly error: string | null;
  /** The last message went through (cleared as soon as the client types again). */
  readonly sent: boolean;
}

export type FollowUpEvent =
  | { readonly type: 'followUp.textChanged'; readonly text: string }
  | { readonly type: 'followUp.submitted' };

/** What is wrong with a text before it is sent, or null. */
export function followUpTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return FOLLOW_UP_EMPTY_ERROR;
  if (trimmed.length > FOLLOW_UP_MAX_LENGTH) return FOLLOW_UP_TOO_LONG_ERROR;
  return null;
}

/** A refusal by the rate limit has its own message; any other failure one. */
function followUpErrorMessage(error: unknown): string {
  return isPortFailure(error) && error.code === 'too_many_requests'
    ? FOLLOW_UP_RATE_LIMITED_ERROR
    : FOLLOW_UP_FAILED_ERROR;
}

function notProvided(name: string): never {
  throw new Error(`request follow-up machine: actor ${name} not provided`);
}

export const requestFollowUpMachine = setup({
  types: {
    context: {} as FollowUpContext,
    events: {} as FollowUpEvent,
    input: {} as FollowUpInput,
    tags: {} as 'busy',
  },
  actors: {
    send: fromPromise<OwnRequest, { clientId: number; requestId: number; text: string }>(async () =>
      notProvided('send'),
    ),
  },
  guards: {
    textInvalid: ({ context }) => followUpTextProblem(context.text) !== null,
  },
  actions: {
    keepText: assign({
      text: (_, params: { text: string }) => params.text,
      error: null,
      sent: false,
    }),
    refuseText: assign({ error: ({ context }) => followUpTextProblem(context.text) }),
  },
}).createMachine({
  id: 'requestFollowUp',
  context: ({ input }) => ({
    clientId: input.clientId,
    request: input.request,
    text: '',
    error: null,
    sent: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'followUp.textChanged': {
          actions: { type: 'keepText', params: ({ event }) => ({ text: event.text }) },
        },
        'followUp.submitted': [
          { guard: 'textInvalid', actions: 'refuseText' },
          { target: 'submitting', actions: assign({ error: null, sent: false }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({
          clientId: context.clientId,
          requestId: context.request.id,
          text: context.text.trim(),
        }),
        onDone: {
          target: 'editing',
          actions: assign({ request: ({ event }) => event.output, text: '', error: null, sent: true }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => followUpErrorMessage(event.error) }),
        },
      },
    },
    failed: {
      on: {
        'followUp.textChanged': {
          target: 'editing',
          actions: { type: 'keepText', params: ({ event }) => ({ text: event.text }) },
        },
        'followUp.submitted': [
          { guard: 'textInvalid', target: 'editing', actions: 'refuseText' },
          { target: 'submitting', actions: assign({ error: null }) },
        ],
      },
    },
  },
});

/** The machine with its call bound to the requests port (the view never calls the port itself). */
function requestFollowUpMachineFor(port: Pick<RequestsPort, 'followUp'>) {
  return requestFollowUpMachine.provide({
    actors: {
      send: fromPromise<OwnRequest, { clientId: number; requestId: number; text: string }>(
        ({ input, signal }) => port.followUp(input.clientId, input.requestId, input.text, { signal }),
      ),
    },
  });
}

/** A follow-up to one of the client's requests (the account's «Заявки» tab), provided with this page's port. */
export const requestFollowUp = defineUseCase(
  'account.requestFollowUpMachine',
  { requests: REQUESTS_PORT },
  ({ requests }) => requestFollowUpMachineFor(requests),
);
