import type { StaffAlertChannel, StaffAlertEvent } from '../../../shared-rules/staff-alert-rule';
import type { CallOptions } from './port-failure';
import { type PortToken, portToken } from './port-token';

/**
 * The signed-in staff member's alerts (/api/admin/alerts, issue 26 item 2): which events they get by
 * which channel, and their Telegram chat linked through a one-time deep link (docs/alerts.md).
 */
export interface AlertChoice {
  readonly event: StaffAlertEvent;
  readonly channel: StaffAlertChannel;
}

export interface AlertSettings {
  readonly choices: readonly AlertChoice[];
  readonly telegram: {
    /** The shop's bot is configured (TELEGRAM_BOT_TOKEN). */
    readonly enabled: boolean;
    /** ISO; null when no chat is linked. */
    readonly linkedAt: string | null;
  };
  /** The shop's mailbox that gets every event; null when unset. */
  readonly shopAlertEmail: string | null;
}

export interface TelegramLink {
  /** https://t.me/<bot>?start=<one-time token> */
  readonly url: string;
  /** ISO. */
  readonly expiresAt: string;
}

export interface AdminAlertsPort {
  read(options?: CallOptions): Promise<AlertSettings>;
  /** Replaces every choice; answers the stored settings. */
  save(choices: readonly AlertChoice[], options?: CallOptions): Promise<AlertSettings>;
  startTelegramLink(options?: CallOptions): Promise<TelegramLink>;
  unlinkTelegram(options?: CallOptions): Promise<AlertSettings>;
}

export const ADMIN_ALERTS_PORT: PortToken<AdminAlertsPort> = portToken<AdminAlertsPort>('AdminAlertsPort');
