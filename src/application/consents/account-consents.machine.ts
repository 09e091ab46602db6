/**
 * The account's «Согласия» tab (issue 26, item 3; docs/privacy.md): the client's consent records and
 * the marketing consent they can withdraw.
 *
 * - `loading`     — reads the records;
 * - `ready`       — shows them; «Отозвать согласие» asks to withdraw the marketing consent;
 * - `withdrawing` — the server stores the withdrawal and ends the subscription; its answer is the view;
 * - `failed`      — the records could not be read (retry), or a withdrawal failed (message, records kept).
 */
import { assign, fromPromise, setup } from 'xstate';
import { CONSENTS_PORT, type OwnConsents } from '../ports/consents.port';
import { failureMessage } from '../ports/failure-message';
import { defineUseCase } from '../use-case';

const CONSENTS_LOAD_FAILED = 'Не удалось загрузить согласия. Попробуйте ещё раз.';
const WITHDRAW_FAILED = 'Не удалось отозвать согласие. Попробуйте ещё раз.';

const accountConsentsMachine = setup({
  types: {
    context: {} as { readonly consents: OwnConsents | null; readonly message: string | null },
    events: {} as { readonly type: 'consents.withdrawRequested' } | { readonly type: 'consents.retried' },
  },
  actors: {
    loadConsents: fromPromise<OwnConsents, void>(async () => ({ marketing: false, records: [] })),
    withdrawMarketing: fromPromise<OwnConsents, void>(async () => ({ marketing: false, records: [] })),
  },
}).createMachine({
  id: 'accountConsents',
  context: { consents: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadConsents',
        src: 'loadConsents',
        onDone: {
          target: 'ready',
          actions: assign({ consents: ({ event }) => event.output, message: null }),
        },
        onError: { target: 'failed', actions: assign({ message: CONSENTS_LOAD_FAILED }) },
      },
    },
    ready: {
      on: { 'consents.withdrawRequested': { target: 'withdrawing', actions: assign({ message: null }) } },
    },
    withdrawing: {
      tags: ['busy'],
      invoke: {
        id: 'withdrawMarketing',
        src: 'withdrawMarketing',
        onDone: { target: 'ready', actions: assign({ consents: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: assign({ message: ({ event }) => failureMessage(event.error, WITHDRAW_FAILED) }),
        },
      },
    },
    failed: { on: { 'consents.retried': 'loading' } },
  },
});

export const accountConsents = defineUseCase(
  'account.consentsMachine',
  { consents: CONSENTS_PORT },
  ({ consents }) =>
    accountConsentsMachine.provide({
      actors: {
        loadConsents: fromPromise<OwnConsents, void>(({ signal }) => consents.own({ signal })),
        withdrawMarketing: fromPromise<OwnConsents, void>(({ signal }) =>
          consents.withdrawMarketing({ signal }),
        ),
      },
    }),
);
