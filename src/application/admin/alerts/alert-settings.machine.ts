/**
 * The «Уведомления» screen (issue 26, item 2; docs/alerts.md): the signed-in staff member ticks which
 * events they get by which channel and saves; links a Telegram chat by a one-time deep link; unlinks it.
 * Every answer of the server is what the screen shows next (style.md rule 14): no reload.
 *
 * - `editing`   — the ticks as the manager set them (`draft`); nothing running.
 * - `saving`    — `save` stores the ticks and answers the stored settings (busy).
 * - `linking`   — `link` asks for a fresh deep link (busy); it shows until used or replaced.
 * - `unlinking` — `unlink` forgets the chat (busy).
 * A failure returns to `editing` with the server's Russian text in `error`; the ticks stay as set.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { StaffAlertChannel, StaffAlertEvent } from '../../../../shared-rules/staff-alert-rule';
import { adminFailureMessage } from '../../machines/admin/admin-failure';
import {
  ADMIN_ALERTS_PORT,
  type AlertChoice,
  type AlertSettings,
  type TelegramLink,
} from '../../ports/admin-alerts.port';
import { defineUseCase } from '../../use-case';

export const choiceKey = (event: StaffAlertEvent, channel: StaffAlertChannel): string =>
  `${event}/${channel}`;

interface AlertSettingsContext {
  readonly settings: AlertSettings;
  /** The ticked pairs, as choiceKey. */
  readonly draft: ReadonlySet<string>;
  readonly link: TelegramLink | null;
  readonly error: string | null;
  /** What the last command did, for the notice. */
  readonly done: 'saved' | 'linked' | 'unlinked' | null;
}

type AlertSettingsEvent =
  | { readonly type: 'alerts.toggled'; readonly event: StaffAlertEvent; readonly channel: StaffAlertChannel }
  | { readonly type: 'alerts.saveRequested' }
  | { readonly type: 'alerts.linkRequested' }
  | { readonly type: 'alerts.unlinkRequested' };

const draftOf = (choices: readonly AlertChoice[]): ReadonlySet<string> =>
  new Set(choices.map((choice) => choiceKey(choice.event, choice.channel)));

const choicesOf = (draft: ReadonlySet<string>): AlertChoice[] =>
  [...draft].flatMap((key) => {
    const [event, channel] = key.split('/') as [StaffAlertEvent, StaffAlertChannel];
    return [{ event, channel }];
  });

const notProvided = (name: string): never => {
  throw new Error(`alertSettings machine: actor ${name} not provided`);
};

const alertSettingsMachine = setup({
  types: {
    context: {} as AlertSettingsContext,
    events: {} as AlertSettingsEvent,
    input: {} as { readonly settings: AlertSettings },
  },
  actors: {
    save: fromPromise<AlertSettings, { choices: AlertChoice[] }>(async () => notProvided('save')),
    link: fromPromise<TelegramLink, void>(async () => notProvided('link')),
    unlink: fromPromise<AlertSettings, void>(async () => notProvided('unlink')),
  },
  actions: {
    failed: assign({ error: (_, params: { error: unknown }) => adminFailureMessage(params.error) }),
  },
}).createMachine({
  id: 'alertSettings',
  context: ({ input }) => ({
    settings: input.settings,
    draft: draftOf(input.settings.choices),
    link: null,
    error: null,
    done: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'alerts.toggled': {
          actions: assign({
            draft: ({ context, event }) => {
              const next = new Set(context.draft);
              const key = choiceKey(event.event, event.channel);
              if (next.has(key)) next.delete(key);
              else next.add(key);
              return next;
            },
            done: null,
          }),
        },
        'alerts.saveRequested': { target: 'saving', actions: assign({ error: null, done: null }) },
        'alerts.linkRequested': { target: 'linking', actions: assign({ error: null, done: null }) },
        'alerts.unlinkRequested': { target: 'unlinking', actions: assign({ error: null, done: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ choices: choicesOf(context.draft) }),
        onDone: {
          target: 'editing',
          actions: assign({
            settings: ({ event }) => event.output,
            draft: ({ event }) => draftOf(event.output.choices),
            done: 'saved',
          }),
        },
        onError: {
          target: 'editing',
          actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    linking: {
      tags: ['busy'],
      invoke: {
        id: 'link',
        src: 'link',
        onDone: { target: 'editing', actions: assign({ link: ({ event }) => event.output, done: 'linked' }) },
        onError: {
          target: 'editing',
          actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    unlinking: {
      tags: ['busy'],
      invoke: {
        id: 'unlink',
        src: 'unlink',
        onDone: {
          target: 'editing',
          actions: assign({ settings: ({ event }) => event.output, link: null, done: 'unlinked' }),
        },
        onError: {
          target: 'editing',
          actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

/** The screen's machine with its actors: the staff member's own settings through the alerts port. */
export const alertSettingsScreen = defineUseCase(
  'admin.alerts.settingsMachine',
  { alerts: ADMIN_ALERTS_PORT },
  ({ alerts }) =>
    alertSettingsMachine.provide({
      actors: {
        save: fromPromise<AlertSettings, { choices: AlertChoice[] }>(({ input, signal }) =>
          alerts.save(input.choices, { signal }),
        ),
        link: fromPromise<TelegramLink, void>(({ signal }) => alerts.startTelegramLink({ signal })),
        unlink: fromPromise<AlertSettings, void>(({ signal }) => alerts.unlinkTelegram({ signal })),
      },
    }),
);
