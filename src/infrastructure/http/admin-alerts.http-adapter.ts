import * as Alerts from '../../../api/admin-alerts';
import type {
  AdminAlertsPort,
  AlertChoice,
  AlertSettings,
  TelegramLink,
} from '../../application/ports/admin-alerts.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

export class AdminAlertsHttpAdapter implements AdminAlertsPort {
  constructor(private readonly api: HttpApiClient) {}

  read(options: CallOptions = {}): Promise<AlertSettings> {
    return this.api.call(Alerts.getAdminAlerts, options);
  }

  save(choices: readonly AlertChoice[], options: CallOptions = {}): Promise<AlertSettings> {
    return this.api.call(Alerts.saveAdminAlerts, { ...options, body: { choices } });
  }

  startTelegramLink(options: CallOptions = {}): Promise<TelegramLink> {
    return this.api.call(Alerts.startAdminTelegramLink, options);
  }

  unlinkTelegram(options: CallOptions = {}): Promise<AlertSettings> {
    return this.api.call(Alerts.unlinkAdminTelegram, options);
  }
}
