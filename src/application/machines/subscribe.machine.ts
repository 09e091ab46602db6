/**
 * The newsletter subscription on the home page (spec §4 "Subscribe", §5, §6, §8).
 *
 * Top-level states model what the block shows:
 * - `idle`          — the form (e-mail, consent checkbox checked by default);
 * - `submitting`    — POST /api/subscribe in flight;
 * - `success`       — created: the promo code, "account created", the code is also e-mailed;
 * - `subscribed`    — already subscribed: the promo code, or HOME10 when the server gives none;
 * - `redirectLogin` — the e-mail already has an account: after 1.2 s the shop goes to
 *                     /login?email=…&showMsg=1;
 * - `error`         — 'Что-то пошло не так' / 'Пожалуйста, введите корректный email', with a retry;
 * - `forbidden`     — HTTP 403 for a signed-in visitor: the server's message or the default one.
 * Closing success or subscribed calls the auth-success callback (`notifyAuthSuccess`).
 */
import { assign, fromPromise, setup } from 'xstate';
import { SUBSCRIBE_CONSENT_DEFAULT, validateSubscribe } from '../../domain/subscribe-validation';

const SUBSCRIBE_FALLBACK_PROMO_CODE = 'HOME10';
export const SUBSCRIBE_ERROR_TITLE = 'Что-то пошло не так';
export const SUBSCRIBE_ERROR_MESSAGE = 'Пожалуйста, введите корректный email';
export const SUBSCRIBE_FORBIDDEN_TITLE = 'Операция запрещена';
export const SUBSCRIBE_FORBIDDEN_DEFAULT_MESSAGE =
  'Вы уже авторизованы. Подписаться на другой email невозможно. Выйдите из личного кабинета или подпишитесь с вашей почтой.';

/** What POST /api/subscribe answered, as the adapter decodes it; a 403 is an answer, not a failure. */
export type SubscribeOutcome =
  | {
      readonly status: 'created' | 'already_subscribed' | 'already_exists';
      readonly promoCode: string | null;
      readonly tempPassword: string | null;
    }
  | { readonly status: 'forbidden'; readonly message: string | null };

export interface SubscribeContext {
  readonly email: string;
  readonly consent: boolean;
  /** 'Вам нужно принять правила' under the checkbox, when a submit found it unchecked. */
  readonly consentError: string | null;
  readonly promoCode: string | null;
  readonly tempPassword: string | null;
  readonly forbiddenMessage: string | null;
}

export type SubscribeEvent =
  | { readonly type: 'subscribe.emailChanged'; readonly email: string }
  | { readonly type: 'subscribe.consentChanged'; readonly consent: boolean }
  | { readonly type: 'subscribe.submitted' }
  | { readonly type: 'subscribe.retryRequested' }
  /** The visitor closes the result (success, subscribed or forbidden). */
  | { readonly type: 'subscribe.closeRequested' };

function notProvided(kind: string, name: string): never {
  throw new Error(`subscribe machine: ${kind} ${name} not provided`);
}

/** Spec §4: "after 1.2 s go to /login with email and showMsg=1". */
export function loginRedirectPath(email: string): string {
  return `/login?${new URLSearchParams({ email, showMsg: '1' }).toString()}`;
}

function hasText(value: string | null): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export const subscribeMachine = setup({
  types: {
    context: {} as SubscribeContext,
    events: {} as SubscribeEvent,
    tags: {} as 'busy',
  },
  actors: {
    subscribe: fromPromise<SubscribeOutcome, { email: string }>(async () =>
      notProvided('actor', 'subscribe'),
    ),
  },
  actions: {
    /** The auth-success callback of the page (refreshes the login state). */
    notifyAuthSuccess: () => notProvided('action', 'notifyAuthSuccess'),
    navigate: (_, _params: { to: string }) => notProvided('action', 'navigate'),
  },
  guards: {
    answered: (_, params: { status: SubscribeOutcome['status']; expected: SubscribeOutcome['status'] }) =>
      params.status === params.expected,
    emailInvalid: ({ context }) => {
      const result = validateSubscribe({ email: context.email, consent: context.consent });
      return !result.ok && result.error.kind === 'invalid-email';
    },
    consentMissing: ({ context }) => {
      const result = validateSubscribe({ email: context.email, consent: context.consent });
      return !result.ok && result.error.kind === 'consent-required';
    },
  },
  delays: {
    redirectToLogin: 1200,
  },
}).createMachine({
  id: 'subscribe',
  context: {
    email: '',
    consent: SUBSCRIBE_CONSENT_DEFAULT,
    consentError: null,
    promoCode: null,
    tempPassword: null,
    forbiddenMessage: null,
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'subscribe.emailChanged': { actions: assign({ email: ({ event }) => event.email }) },
        'subscribe.consentChanged': {
          actions: assign({ consent: ({ event }) => event.consent, consentError: null }),
        },
        'subscribe.submitted': [
          // Spec §5: an empty e-mail or one without '@' goes to the error state.
          { guard: 'emailInvalid', target: 'error' },
          {
            guard: 'consentMissing',
            actions: assign({
              consentError: ({ context }) => {
                const result = validateSubscribe({ email: context.email, consent: context.consent });
                return result.ok || result.error.kind !== 'consent-required' ? null : result.error.message;
              },
            }),
          },
          { target: 'submitting', actions: assign({ consentError: null }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => {
          const result = validateSubscribe({ email: context.email, consent: context.consent });
          return { email: result.ok ? result.value.email : context.email.trim() };
        },
        onDone: [
          {
            guard: {
              type: 'answered',
              params: ({ event }) => ({ status: event.output.status, expected: 'created' }),
            },
            target: 'success',
            actions: assign(({ event }) =>
              event.output.status === 'forbidden'
                ? {}
                : { promoCode: event.output.promoCode, tempPassword: event.output.tempPassword },
            ),
          },
          {
            guard: {
              type: 'answered',
              params: ({ event }) => ({ status: event.output.status, expected: 'already_subscribed' }),
            },
            target: 'subscribed',
            actions: assign({
              promoCode: ({ event }) =>
                event.output.status !== 'forbidden' && hasText(event.output.promoCode)
                  ? event.output.promoCode
                  : SUBSCRIBE_FALLBACK_PROMO_CODE,
            }),
          },
          {
            guard: {
              type: 'answered',
              params: ({ event }) => ({ status: event.output.status, expected: 'already_exists' }),
            },
            target: 'redirectLogin',
          },
          {
            target: 'forbidden',
            actions: assign({
              forbiddenMessage: ({ event }) =>
                event.output.status === 'forbidden' && hasText(event.output.message)
                  ? event.output.message
                  : SUBSCRIBE_FORBIDDEN_DEFAULT_MESSAGE,
            }),
          },
        ],
        onError: { target: 'error' },
      },
    },
    success: {
      on: { 'subscribe.closeRequested': { target: 'idle', actions: 'notifyAuthSuccess' } },
    },
    subscribed: {
      on: { 'subscribe.closeRequested': { target: 'idle', actions: 'notifyAuthSuccess' } },
    },
    redirectLogin: {
      after: {
        redirectToLogin: {
          target: 'idle',
          actions: {
            type: 'navigate',
            params: ({ context }) => ({ to: loginRedirectPath(context.email.trim()) }),
          },
        },
      },
    },
    error: {
      on: {
        'subscribe.retryRequested': 'idle',
        'subscribe.emailChanged': { target: 'idle', actions: assign({ email: ({ event }) => event.email }) },
      },
    },
    forbidden: {
      on: { 'subscribe.closeRequested': 'idle', 'subscribe.retryRequested': 'idle' },
    },
  },
});
