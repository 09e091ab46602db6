import type { AlertSettings, ReadAlertSettings } from './alert-settings';
import type { StaffAlertSettingsStore } from './staff-alerts.port';

export type UnlinkTelegram = (userId: number) => Promise<AlertSettings>;

/** Forgets the staff member's chat: nothing more goes to it; answers the settings. */
export function unlinkTelegram(ports: {
  readonly store: Pick<StaffAlertSettingsStore, 'unlinkChat'>;
  readonly settingsOf: ReadAlertSettings;
}): UnlinkTelegram {
  return async (userId) => {
    await ports.store.unlinkChat(userId);
    return ports.settingsOf(userId);
  };
}
