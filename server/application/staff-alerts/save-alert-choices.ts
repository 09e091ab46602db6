import type { AlertSettings, ReadAlertSettings } from './alert-settings';
import type { AlertChoice, StaffAlertSettingsStore } from './staff-alerts.port';

export type SaveAlertChoices = (userId: number, choices: readonly AlertChoice[]) => Promise<AlertSettings>;

/** Replaces which events the staff member gets by which channel (each pair once); answers the stored settings. */
export function saveAlertChoices(ports: {
  readonly store: Pick<StaffAlertSettingsStore, 'replaceChoices'>;
  readonly settingsOf: ReadAlertSettings;
}): SaveAlertChoices {
  return async (userId, choices) => {
    const unique = new Map(choices.map((choice) => [`${choice.event}/${choice.channel}`, choice]));
    await ports.store.replaceChoices(userId, [...unique.values()]);
    return ports.settingsOf(userId);
  };
}
