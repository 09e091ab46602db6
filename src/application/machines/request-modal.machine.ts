/**
 * The request modal shared by the consultation and the feedback modal (spec §4 "Consultation modal",
 * "Feedback modal", "Account status after a request", §5 form validation, §8 submit errors). The two
 * concrete machines are consultation-modal.machine.ts and feedback-modal.machine.ts; this file holds
 * the flow they share, parameterised by what differs (attachment, error texts, auth refresh).
 *
 * Top-level states model what the visitor sees:
 * - `closed`  — nothing; `modal.openRequested` opens the form;
 * - `open`    — the form: `editing` (validation on blur and on submit) or `submitting` (the close
 *               button is disabled: there is no close transition, so `snapshot.can` says no, and the
 *               state carries the tag `busy`);
 * - `success` — the result view with the account status (created / existing / none); "send another"
 *               returns to an empty form;
 * - `closing` — the 260 ms closing animation, after which the modal is closed.
 * The tag `visible` marks every state in which the modal is on screen (scroll lock, focus trap).
 */
import { assign, fromPromise, setup } from 'xstate';
import { type AccountStatus, resolveAccountStatus } from '../../domain/account-status';
import {
  type AttachmentInfo,
  type ContactField,
  type ContactFormContext,
  type ContactFormErrors,
  type ContactFormKind,
  type ContactFormValues,
  isContactFormValid,
  prefillContacts,
  trimContactValues,
  validateContactField,
  validateContactForm,
} from '../../domain/contact-form-validation';
import { isRecord } from '../../domain/product';

/** What POST /api/requests answers, as the adapter decodes it (spec §3 "Response read"). */
export interface RequestSubmitResult {
  readonly tempPassword?: string | null;
  readonly accountStatus?: string | null;
  readonly existingAccount?: boolean;
  readonly accountExists?: boolean;
  readonly clientExists?: boolean;
}

export interface RequestSubmitInput {
  readonly form: ContactFormKind;
  /** Trimmed values; the attachment is the chosen browser File (or null). */
  readonly values: ContactFormValues;
  readonly clientId: number | null;
}

/** Contacts of a signed-in client (GET /api/clients/{id}), used to prefill empty fields. */
export interface ClientContacts {
  readonly email: string | null;
  readonly phone: string | null;
}

export type TextField = 'phone' | 'email' | 'comment';

export interface RequestModalContext {
  readonly clientId: number | null;
  readonly values: ContactFormValues;
  readonly errors: ContactFormErrors;
  /** The message of a failed submit (spec §8), shown above the form. */
  readonly submitError: string | null;
  readonly accountStatus: AccountStatus | null;
  /** A temporary password the server issued with this request. */
  readonly tempPassword: string | null;
}

type RequestModalEvent =
  | { readonly type: 'modal.openRequested'; readonly clientId: number | null }
  /** Escape, a backdrop click or the close button. */
  | { readonly type: 'modal.closeRequested' }
  | { readonly type: 'modal.sendAnotherRequested' }
  | { readonly type: 'form.fieldChanged'; readonly field: TextField; readonly value: string }
  | { readonly type: 'form.attachmentChosen'; readonly file: AttachmentInfo | null }
  | { readonly type: 'form.fieldBlurred'; readonly field: ContactField }
  | { readonly type: 'form.submitted' };

export interface RequestModalOptions {
  readonly id: string;
  readonly form: ContactFormKind;
  /** Spec §8: the message a failed submit shows, from the adapter's error. */
  readonly submitErrorMessage: (error: unknown) => string;
  /** Spec §4 feedback modal: refresh the login state after closing when a temporary password was issued. */
  readonly refreshAuthAfterTempPassword: boolean;
}

const EMPTY_VALUES: ContactFormValues = { phone: '', email: '', comment: '', attachment: null };

/** The `code` of an adapter error ({ code: 'file_too_large' }), if it has one. */
export function errorCode(error: unknown): string | null {
  return isRecord(error) && typeof error.code === 'string' ? error.code : null;
}

/** The errors with one field's message set, or removed when it is `null`. */
function withFieldError(
  errors: ContactFormErrors,
  field: ContactField,
  message: string | null,
): ContactFormErrors {
  const { [field]: _previous, ...others } = errors;
  return message === null ? others : { ...others, [field]: message };
}

function isClientId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

export function createRequestModalMachine(options: RequestModalOptions) {
  const notProvided = (kind: string, name: string): never => {
    throw new Error(`${options.id} machine: ${kind} ${name} not provided`);
  };
  const formContext = (context: RequestModalContext): ContactFormContext => ({
    form: options.form,
    hasClientId: context.clientId !== null,
  });

  return setup({
    types: {
      context: {} as RequestModalContext,
      events: {} as RequestModalEvent,
      tags: {} as 'visible' | 'busy',
    },
    actors: {
      submitRequest: fromPromise<RequestSubmitResult, RequestSubmitInput>(async () =>
        notProvided('actor', 'submitRequest'),
      ),
      loadClientContacts: fromPromise<ClientContacts, { clientId: number }>(async () =>
        notProvided('actor', 'loadClientContacts'),
      ),
    },
    actions: {
      /** Moves focus into the dialog (the view registers the element). */
      focusDialog: () => notProvided('action', 'focusDialog'),
      /** Hands a temporary password to the auth machine (`auth.tempPasswordIssued`). */
      reportTempPassword: (_, _params: { tempPassword: string }) =>
        notProvided('action', 'reportTempPassword'),
      /** Re-checks the login state (`auth.refreshRequested`). */
      refreshAuth: () => notProvided('action', 'refreshAuth'),
      resetForm: assign({
        values: EMPTY_VALUES,
        errors: {},
        submitError: null,
        accountStatus: null,
        tempPassword: null,
      }),
    },
    guards: {
      formIsValid: ({ context }) =>
        isContactFormValid(validateContactForm(context.values, formContext(context))),
      hasClientId: ({ context }) => context.clientId !== null,
      issuedTempPassword: (_, params: { tempPassword: string | null }) =>
        typeof params.tempPassword === 'string' && params.tempPassword !== '',
      acceptsAttachment: () => options.form === 'consultation',
      mustRefreshAuth: ({ context }) => options.refreshAuthAfterTempPassword && context.tempPassword !== null,
    },
    delays: {
      closeAnimation: 260,
      focusDelay: 120,
    },
  }).createMachine({
    id: options.id,
    context: {
      clientId: null,
      values: EMPTY_VALUES,
      errors: {},
      submitError: null,
      accountStatus: null,
      tempPassword: null,
    },
    initial: 'closed',
    states: {
      closed: {
        on: {
          'modal.openRequested': {
            target: 'open',
            actions: [
              'resetForm',
              assign({ clientId: ({ event }) => (isClientId(event.clientId) ? event.clientId : null) }),
            ],
          },
        },
      },
      open: {
        tags: ['visible'],
        type: 'parallel',
        // Spec §4: focus moves into the dialog 120 ms after it opens (after the opening animation).
        after: { focusDelay: { actions: 'focusDialog' } },
        states: {
          form: {
            initial: 'editing',
            states: {
              editing: {
                on: {
                  'modal.closeRequested': `#${options.id}.closing`,
                  'form.fieldChanged': {
                    actions: assign({
                      values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
                      submitError: null,
                    }),
                  },
                  'form.attachmentChosen': {
                    guard: 'acceptsAttachment',
                    actions: assign({
                      values: ({ context, event }) => ({ ...context.values, attachment: event.file }),
                      // A chosen file is checked at once: the visitor just made the choice.
                      errors: ({ context, event }) =>
                        withFieldError(
                          context.errors,
                          'attachment',
                          validateContactField(
                            'attachment',
                            { ...context.values, attachment: event.file },
                            formContext(context),
                          ),
                        ),
                      submitError: null,
                    }),
                  },
                  'form.fieldBlurred': {
                    actions: assign({
                      errors: ({ context, event }) =>
                        withFieldError(
                          context.errors,
                          event.field,
                          validateContactField(event.field, context.values, formContext(context)),
                        ),
                    }),
                  },
                  'form.submitted': [
                    {
                      guard: 'formIsValid',
                      target: 'submitting',
                      actions: assign({ errors: {}, submitError: null }),
                    },
                    {
                      actions: assign({
                        errors: ({ context }) => validateContactForm(context.values, formContext(context)),
                      }),
                    },
                  ],
                },
              },
              submitting: {
                tags: ['busy'],
                invoke: {
                  id: 'submitRequest',
                  src: 'submitRequest',
                  input: ({ context }) => ({
                    form: options.form,
                    values: trimContactValues(context.values, formContext(context)),
                    clientId: context.clientId,
                  }),
                  onDone: [
                    {
                      guard: {
                        type: 'issuedTempPassword',
                        params: ({ event }) => ({ tempPassword: event.output.tempPassword ?? null }),
                      },
                      target: `#${options.id}.success`,
                      actions: [
                        assign({
                          accountStatus: ({ context, event }) =>
                            resolveAccountStatus({
                              response: event.output,
                              hadClientIdWhenOpened: context.clientId !== null,
                            }),
                          tempPassword: ({ event }) => event.output.tempPassword ?? null,
                        }),
                        {
                          type: 'reportTempPassword',
                          params: ({ context }) => ({ tempPassword: context.tempPassword ?? '' }),
                        },
                      ],
                    },
                    {
                      target: `#${options.id}.success`,
                      actions: assign({
                        accountStatus: ({ context, event }) =>
                          resolveAccountStatus({
                            response: event.output,
                            hadClientIdWhenOpened: context.clientId !== null,
                          }),
                      }),
                    },
                  ],
                  onError: {
                    target: 'editing',
                    actions: assign({ submitError: ({ event }) => options.submitErrorMessage(event.error) }),
                  },
                },
              },
            },
          },
          /** Spec §6: a signed-in client's e-mail and phone are prefilled. */
          prefill: {
            initial: 'deciding',
            states: {
              deciding: {
                always: [{ guard: 'hasClientId', target: 'loading' }, { target: 'done' }],
              },
              loading: {
                invoke: {
                  id: 'loadClientContacts',
                  src: 'loadClientContacts',
                  // Entered only with a client id (see `deciding`).
                  input: ({ context }) => ({ clientId: context.clientId ?? 0 }),
                  onDone: {
                    target: 'done',
                    actions: assign({
                      // Spec §6: prefill a signed-in client's e-mail and phone, never over what was typed.
                      values: ({ context, event }) => prefillContacts(context.values, event.output),
                    }),
                  },
                  // Prefill is a convenience: a failure leaves the fields empty.
                  onError: { target: 'done' },
                },
              },
              done: {},
            },
          },
        },
      },
      success: {
        tags: ['visible'],
        on: {
          'modal.sendAnotherRequested': { target: 'open', actions: 'resetForm' },
          'modal.closeRequested': 'closing',
        },
      },
      closing: {
        tags: ['visible'],
        after: {
          closeAnimation: [
            { guard: 'mustRefreshAuth', target: 'closed', actions: 'refreshAuth' },
            { target: 'closed' },
          ],
        },
      },
    },
  });
}

export type RequestModalMachine = ReturnType<typeof createRequestModalMachine>;
