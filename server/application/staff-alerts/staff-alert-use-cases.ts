import { type ReadAlertSettings, readAlertSettings } from './alert-settings';
import { type ReceiveTelegramUpdate, receiveTelegramUpdate } from './receive-telegram-update';
import { type SaveAlertChoices, saveAlertChoices } from './save-alert-choices';
import type { StaffAlertSettingsStore, TelegramBot } from './staff-alerts.port';
import { type StartTelegramLink, startTelegramLink } from './start-telegram-link';
import { type UnlinkTelegram, unlinkTelegram } from './unlink-telegram';

/**
 * A staff member's «Уведомления» (issue 26, item 2; docs/alerts.md): which events they get by which
 * channel, and their Telegram chat linked through a one-time deep link — one file per use case.
 */
export interface AlertSettingsUseCases {
  readonly settingsOf: ReadAlertSettings;
  readonly saveChoices: SaveAlertChoices;
  readonly startTelegramLink: StartTelegramLink;
  readonly unlinkTelegram: UnlinkTelegram;
  readonly receiveUpdate: ReceiveTelegramUpdate;
}

export interface AlertSettingsDeps {
  readonly store: StaffAlertSettingsStore;
  /** Null until TELEGRAM_BOT_TOKEN is set: Telegram is off (choices of it are kept, nothing is sent). */
  readonly bot: TelegramBot | null;
  /** SHOP_ALERT_EMAIL: the shop's mailbox that gets every event; null when unset. */
  readonly shopAlertEmail: string | null;
  readonly now: () => number;
}

export function alertSettingsUseCases(deps: AlertSettingsDeps): AlertSettingsUseCases {
  const { store, bot, now } = deps;
  const settingsOf = readAlertSettings({
    store,
    telegramOn: bot !== null,
    shopAlertEmail: deps.shopAlertEmail,
  });
  return {
    settingsOf,
    saveChoices: saveAlertChoices({ store, settingsOf }),
    startTelegramLink: startTelegramLink({ store, bot, now }),
    unlinkTelegram: unlinkTelegram({ store, settingsOf }),
    receiveUpdate: receiveTelegramUpdate({ store, now }),
  };
}
