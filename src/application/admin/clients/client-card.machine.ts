/**
 * The back office's client card (issue 25, item 9). Three parallel regions over one `client` — the card
 * as the server last answered it; every save answers the whole card, which replaces it (no refetch):
 *
 * - `contacts` — name, phone and e-mail: `editing` → (a valid, changed draft) `saving` → `saved` |
 *   `failed`. Field errors show after the first submit; the server's `email_taken` lands at the e-mail.
 * - `notes`    — the managers' note and tags (typed comma-separated): `editing` → `saving` → `saved` |
 *   `failed`.
 * - `command`  — ending the client's sessions or mailing a password reset: `idle` → `confirming` (a
 *   dialog says what will happen) → `running` → `done` (the notice) | `failed`.
 *
 * A failed save keeps every typed value. `card.loaded` (the page read the card again) takes the fresh
 * card and resets only drafts the manager has not touched.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  EMAIL_FORMAT_MESSAGE,
  isValidEmail,
  isValidPhone,
  PHONE_FORMAT_MESSAGE,
} from '../../../domain/contact-form-validation';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import {
  ADMIN_CLIENTS_PORT,
  type AdminClientContactsChange,
  type AdminClientDetail,
  type AdminClientNotesChange,
} from '../../ports/admin-clients.port';
import { isPortFailure } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

export interface ContactsDraft {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
}

export interface NotesDraft {
  readonly notes: string;
  /** Comma-separated, as typed. */
  readonly tags: string;
}

export type ContactsErrors = Partial<Record<keyof ContactsDraft, string>>;
export type ClientCommand = 'endSessions' | 'passwordReset';

const NAME_MAX = 100;
export const NOTES_MAX = 2000;
const NAME_TOO_LONG = `Не больше ${NAME_MAX} символов`;
const EMAIL_REQUIRED = 'Укажите e-mail: по нему клиент входит в личный кабинет';
const NOTES_TOO_LONG = `Не больше ${NOTES_MAX} символов`;

function contactsDraftOf(client: AdminClientDetail): ContactsDraft {
  return { name: client.name ?? '', phone: client.phone ?? '', email: client.email };
}

function notesDraftOf(client: AdminClientDetail): NotesDraft {
  return { notes: client.notes, tags: client.tags.join(', ') };
}

/** The contract's checks (api/admin-clients.ts), with the storefront's own messages. */
export function contactsErrors(draft: ContactsDraft): ContactsErrors {
  const errors: { -readonly [K in keyof ContactsDraft]?: string } = {};
  if (draft.name.trim().length > NAME_MAX) errors.name = NAME_TOO_LONG;
  if (draft.phone.trim() !== '' && !isValidPhone(draft.phone)) errors.phone = PHONE_FORMAT_MESSAGE;
  if (draft.email.trim() === '') errors.email = EMAIL_REQUIRED;
  else if (!isValidEmail(draft.email)) errors.email = EMAIL_FORMAT_MESSAGE;
  return errors;
}

export function notesError(draft: NotesDraft): string | null {
  return draft.notes.length > NOTES_MAX ? NOTES_TOO_LONG : null;
}

/** The tags as the server keeps them: split at commas, trimmed, blanks dropped. */
export function tagsOf(typed: string): string[] {
  return typed
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

const sameContacts = (a: ContactsDraft, b: ContactsDraft) =>
  a.name.trim() === b.name.trim() && a.phone.trim() === b.phone.trim() && a.email.trim() === b.email.trim();
const sameNotes = (a: NotesDraft, b: NotesDraft) =>
  a.notes.trim() === b.notes.trim() && tagsOf(a.tags).join('\n') === tagsOf(b.tags).join('\n');

interface ClientCardContext {
  readonly client: AdminClientDetail;
  readonly contacts: ContactsDraft;
  readonly showContactErrors: boolean;
  /** The server's refusal of the contacts: at the e-mail field (`email_taken`) or above the form. */
  readonly contactsFailure: { readonly field: 'email' | null; readonly message: string } | null;
  readonly notes: NotesDraft;
  readonly notesFailure: string | null;
  readonly command: ClientCommand | null;
  readonly commandFailure: string | null;
  /** How many sessions the last «Завершить сеансы» ended. */
  readonly endedSessions: number | null;
}

type ClientCardEvent =
  | { readonly type: 'card.loaded'; readonly client: AdminClientDetail }
  | { readonly type: 'contacts.edited'; readonly patch: Partial<ContactsDraft> }
  | { readonly type: 'contacts.submitted' }
  | { readonly type: 'contacts.reset' }
  | { readonly type: 'notes.edited'; readonly patch: Partial<NotesDraft> }
  | { readonly type: 'notes.submitted' }
  | { readonly type: 'command.requested'; readonly command: ClientCommand }
  | { readonly type: 'command.confirmed' }
  | { readonly type: 'command.cancelled' }
  | { readonly type: 'command.dismissed' };

export const clientCardMachine = setup({
  types: {
    context: {} as ClientCardContext,
    events: {} as ClientCardEvent,
    input: {} as { readonly client: AdminClientDetail },
  },
  actors: {
    saveContacts: fromPromise<AdminClientDetail, { clientId: number; change: AdminClientContactsChange }>(
      async () => {
        throw new Error('clientCard machine: actor saveContacts not provided');
      },
    ),
    saveNotes: fromPromise<AdminClientDetail, { clientId: number; change: AdminClientNotesChange }>(
      async () => {
        throw new Error('clientCard machine: actor saveNotes not provided');
      },
    ),
    runCommand: fromPromise<number | null, { clientId: number; command: ClientCommand }>(async () => {
      throw new Error('clientCard machine: actor runCommand not provided');
    }),
  },
  guards: {
    contactsChanged: ({ context }) => !sameContacts(context.contacts, contactsDraftOf(context.client)),
    contactsValid: ({ context }) => Object.keys(contactsErrors(context.contacts)).length === 0,
    notesChanged: ({ context }) => !sameNotes(context.notes, notesDraftOf(context.client)),
    notesValid: ({ context }) => notesError(context.notes) === null,
  },
  actions: {
    takeLoaded: assign(({ context, event }) => {
      if (event.type !== 'card.loaded') return {};
      const contactsTouched = !sameContacts(context.contacts, contactsDraftOf(context.client));
      const notesTouched = !sameNotes(context.notes, notesDraftOf(context.client));
      return {
        client: event.client,
        contacts: contactsTouched ? context.contacts : contactsDraftOf(event.client),
        notes: notesTouched ? context.notes : notesDraftOf(event.client),
      };
    }),
    editContacts: assign({
      contacts: ({ context, event }) =>
        event.type === 'contacts.edited' ? { ...context.contacts, ...event.patch } : context.contacts,
      contactsFailure: null,
    }),
    editNotes: assign({
      notes: ({ context, event }) =>
        event.type === 'notes.edited' ? { ...context.notes, ...event.patch } : context.notes,
      notesFailure: null,
    }),
  },
  delays: {
    /** How long «Сохранено» stays beside a form. */
    savedNotice: 2500,
    /** How long a command's notice stays. */
    doneNotice: 4000,
  },
}).createMachine({
  id: 'clientCard',
  type: 'parallel',
  context: ({ input }) => ({
    client: input.client,
    contacts: contactsDraftOf(input.client),
    showContactErrors: false,
    contactsFailure: null,
    notes: notesDraftOf(input.client),
    notesFailure: null,
    command: null,
    commandFailure: null,
    endedSessions: null,
  }),
  on: { 'card.loaded': { actions: 'takeLoaded' } },
  states: {
    contacts: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'contacts.edited': { actions: 'editContacts' },
            'contacts.reset': {
              actions: assign({
                contacts: ({ context }) => contactsDraftOf(context.client),
                showContactErrors: false,
                contactsFailure: null,
              }),
            },
            'contacts.submitted': [
              { guard: 'contactsValid', target: 'checking' },
              { actions: assign({ showContactErrors: true }) },
            ],
          },
        },
        checking: {
          always: [{ guard: 'contactsChanged', target: 'saving' }, { target: 'editing' }],
        },
        saving: {
          invoke: {
            id: 'saveContacts',
            src: 'saveContacts',
            input: ({ context }) => ({
              clientId: context.client.id,
              change: {
                name: context.contacts.name.trim() === '' ? null : context.contacts.name.trim(),
                phone: context.contacts.phone.trim() === '' ? null : context.contacts.phone.trim(),
                email: context.contacts.email.trim(),
              },
            }),
            onDone: {
              target: 'saved',
              actions: assign(({ event }) => ({
                client: event.output,
                contacts: contactsDraftOf(event.output),
                showContactErrors: false,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({
                contactsFailure: ({ event }) => ({
                  field:
                    isPortFailure(event.error) && event.error.code === 'email_taken'
                      ? ('email' as const)
                      : null,
                  message: adminFailureMessage(event.error),
                }),
              }),
            },
          },
        },
        saved: {
          after: { savedNotice: 'editing' },
          on: { 'contacts.edited': { target: 'editing', actions: 'editContacts' } },
        },
        failed: {
          on: {
            'contacts.edited': { target: 'editing', actions: 'editContacts' },
            'contacts.submitted': [
              { guard: 'contactsValid', target: 'checking', actions: assign({ contactsFailure: null }) },
              { target: 'editing', actions: assign({ showContactErrors: true }) },
            ],
          },
        },
      },
    },
    notes: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'notes.edited': { actions: 'editNotes' },
            'notes.submitted': { guard: 'notesValid', target: 'checking' },
          },
        },
        checking: {
          always: [{ guard: 'notesChanged', target: 'saving' }, { target: 'editing' }],
        },
        saving: {
          invoke: {
            id: 'saveNotes',
            src: 'saveNotes',
            input: ({ context }) => ({
              clientId: context.client.id,
              change: { notes: context.notes.notes, tags: tagsOf(context.notes.tags) },
            }),
            onDone: {
              target: 'saved',
              actions: assign(({ event }) => ({ client: event.output, notes: notesDraftOf(event.output) })),
            },
            onError: {
              target: 'failed',
              actions: assign({ notesFailure: ({ event }) => adminFailureMessage(event.error) }),
            },
          },
        },
        saved: {
          after: { savedNotice: 'editing' },
          on: { 'notes.edited': { target: 'editing', actions: 'editNotes' } },
        },
        failed: {
          on: {
            'notes.edited': { target: 'editing', actions: 'editNotes' },
            'notes.submitted': { target: 'checking', actions: assign({ notesFailure: null }) },
          },
        },
      },
    },
    command: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'command.requested': {
              target: 'confirming',
              actions: assign({ command: ({ event }) => event.command, commandFailure: null }),
            },
          },
        },
        confirming: {
          on: {
            'command.confirmed': 'running',
            'command.cancelled': { target: 'idle', actions: assign({ command: null }) },
          },
        },
        running: {
          invoke: {
            id: 'runCommand',
            src: 'runCommand',
            input: ({ context }) => ({
              clientId: context.client.id,
              command: context.command ?? 'endSessions',
            }),
            onDone: {
              target: 'done',
              actions: assign(({ context, event }) =>
                context.command === 'endSessions'
                  ? {
                      endedSessions: event.output,
                      client: { ...context.client, sessionsCount: 0 },
                    }
                  : {},
              ),
            },
            onError: {
              target: 'failed',
              actions: assign({ commandFailure: ({ event }) => adminFailureMessage(event.error) }),
            },
          },
        },
        done: {
          after: { doneNotice: 'idle' },
          on: {
            'command.dismissed': 'idle',
            'command.requested': {
              target: 'confirming',
              actions: assign({ command: ({ event }) => event.command, commandFailure: null }),
            },
          },
        },
        failed: {
          on: {
            'command.dismissed': { target: 'idle', actions: assign({ command: null, commandFailure: null }) },
            'command.requested': {
              target: 'confirming',
              actions: assign({ command: ({ event }) => event.command, commandFailure: null }),
            },
          },
        },
      },
    },
  },
});

/** The card's machine with its work done by the admin clients port (issue 25: the one door). */
export const clientCardMachineOfShop = defineUseCase(
  'admin.clients.cardMachine',
  { clients: ADMIN_CLIENTS_PORT },
  ({ clients }) =>
    clientCardMachine.provide({
      actors: {
        saveContacts: fromPromise<AdminClientDetail, { clientId: number; change: AdminClientContactsChange }>(
          ({ input, signal }) => clients.changeContacts(input.clientId, input.change, { signal }),
        ),
        saveNotes: fromPromise<AdminClientDetail, { clientId: number; change: AdminClientNotesChange }>(
          ({ input, signal }) => clients.changeNotes(input.clientId, input.change, { signal }),
        ),
        runCommand: fromPromise<number | null, { clientId: number; command: ClientCommand }>(
          async ({ input, signal }) => {
            if (input.command === 'endSessions') return clients.endSessions(input.clientId, { signal });
            await clients.sendPasswordReset(input.clientId, { signal });
            return null;
          },
        ),
      },
    }),
);
