import type { AlertChoice, StaffAlertSettingsStore } from './staff-alerts.port';

/** What «Уведомления» shows a staff member: their choices, the bot's state and their chat, the shop mailbox. */
export interface AlertSettings {
  readonly choices: AlertChoice[];
  readonly telegram: { readonly enabled: boolean; readonly linkedAtMs: number | null };
  readonly shopAlertEmail: string | null;
}

export type ReadAlertSettings = (userId: number) => Promise<AlertSettings>;

/** The staff member's own alert settings (each sees only theirs). */
export function readAlertSettings(ports: {
  readonly store: Pick<StaffAlertSettingsStore, 'choicesOf' | 'chatOf'>;
  /** TELEGRAM_BOT_TOKEN is set. */
  readonly telegramOn: boolean;
  readonly shopAlertEmail: string | null;
}): ReadAlertSettings {
  return async (userId) => {
    const [choices, chat] = await Promise.all([ports.store.choicesOf(userId), ports.store.chatOf(userId)]);
    return {
      choices,
      telegram: { enabled: ports.telegramOn, linkedAtMs: chat?.linkedAtMs ?? null },
      shopAlertEmail: ports.shopAlertEmail,
    };
  };
}
