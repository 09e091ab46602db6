import { Schema } from 'effect';
import { STAFF_ALERT_CHANNELS, STAFF_ALERT_EVENTS } from '../shared-rules/staff-alert-rule';
import { defineEndpoint } from './endpoint';

/**
 * The signed-in staff member's alerts (issue 26, item 2; docs/alerts.md): which events they get by
 * which channel, and their Telegram chat, linked through a one-time deep link. Admin session only;
 * each staff member sees and changes only their own. The bot's webhook is Telegram's, checked by the
 * secret header Telegram echoes.
 */

const StaffAlertEventCode = Schema.Literals(STAFF_ALERT_EVENTS);
const StaffAlertChannelCode = Schema.Literals(STAFF_ALERT_CHANNELS);

const AlertChoice = Schema.Struct({ event: StaffAlertEventCode, channel: StaffAlertChannelCode });

export const AdminAlertSettings = Schema.Struct({
  choices: Schema.Array(AlertChoice),
  telegram: Schema.Struct({
    /** TELEGRAM_BOT_TOKEN is set: the bot works and a chat can be linked. */
    enabled: Schema.Boolean,
    /** When this staff member's chat was linked (ISO); null when none is. */
    linkedAt: Schema.NullOr(Schema.String),
  }),
  /** SHOP_ALERT_EMAIL: the shop's mailbox that gets every event; null when unset. */
  shopAlertEmail: Schema.NullOr(Schema.String),
});
export type AdminAlertSettings = typeof AdminAlertSettings.Type;

const MAX_CHOICES = STAFF_ALERT_EVENTS.length * STAFF_ALERT_CHANNELS.length;

export const getAdminAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/admin/alerts',
  summary: "The signed-in staff member's alert choices and Telegram link",
  tag: 'admin',
  area: 'common',
  response: AdminAlertSettings,
  errorStatuses: [401, 403],
});

export const saveAdminAlerts = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/alerts',
  summary: 'Replaces which events the staff member gets by which channel',
  tag: 'admin',
  area: 'common',
  body: Schema.Struct({
    choices: Schema.Array(AlertChoice).pipe(Schema.check(Schema.isMaxLength(MAX_CHOICES))),
  }),
  response: AdminAlertSettings,
  errorStatuses: [401, 403],
});

const AdminTelegramLink = Schema.Struct({
  /** https://t.me/<bot>?start=<one-time token> */
  url: Schema.String,
  /** ISO; the token is refused after it (and after its first use). */
  expiresAt: Schema.String,
});

export const startAdminTelegramLink = defineEndpoint({
  method: 'POST',
  path: '/api/admin/alerts/telegram-link',
  summary: 'A fresh one-time deep link that links a Telegram chat to the staff member',
  tag: 'admin',
  area: 'common',
  response: AdminTelegramLink,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 503],
});

export const unlinkAdminTelegram = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/alerts/telegram-link',
  summary: "Unlinks the staff member's Telegram chat",
  tag: 'admin',
  area: 'common',
  response: AdminAlertSettings,
  errorStatuses: [401, 403],
});

/** The part of a Telegram Update the bot reads; other fields and update kinds are ignored. */
const TelegramUpdate = Schema.Struct({
  update_id: Schema.Number,
  message: Schema.optionalKey(
    Schema.Struct({
      chat: Schema.Struct({ id: Schema.Number, type: Schema.String }),
      text: Schema.optionalKey(Schema.String),
    }),
  ),
});

export const telegramWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/telegram/webhook',
  summary: 'Telegram Bot API webhook (X-Telegram-Bot-Api-Secret-Token checked first)',
  tag: 'telegram',
  body: TelegramUpdate,
  response: Schema.Struct({ ok: Schema.Boolean }),
  errorStatuses: [401, 404],
});
