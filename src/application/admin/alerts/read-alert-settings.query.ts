import { ADMIN_ALERTS_PORT } from '../../ports/admin-alerts.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** /admin/alerts: the signed-in staff member's alert choices and Telegram link. */
export const readAlertSettings = defineUseCase(
  'admin.alerts.read',
  { alerts: ADMIN_ALERTS_PORT },
  ({ alerts }) =>
    (options?: CallOptions) =>
      alerts.read(options),
);
