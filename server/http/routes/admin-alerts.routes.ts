import {
  type AdminAlertSettings,
  getAdminAlerts,
  saveAdminAlerts,
  startAdminTelegramLink,
  unlinkAdminTelegram,
} from '../../../api/admin-alerts';
import { apiError } from '../../../api/errors';
import type { AlertSettings } from '../../application/staff-alerts/alert-settings';
import type { AlertSettingsUseCases } from '../../application/staff-alerts/staff-alert-use-cases';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminOnlyRouter, callerOf, requireAdmin, type SessionSettings } from './session.hooks';

const TELEGRAM_OFF =
  'Telegram не подключён: задайте TELEGRAM_BOT_TOKEN на сервере магазина (docs/alerts.md).';
const BOT_UNREACHABLE = 'Telegram сейчас не отвечает. Попробуйте получить ссылку через минуту.';

const answerOf = (settings: AlertSettings): AdminAlertSettings => ({
  choices: settings.choices,
  telegram: {
    enabled: settings.telegram.enabled,
    linkedAt:
      settings.telegram.linkedAtMs === null ? null : new Date(settings.telegram.linkedAtMs).toISOString(),
  },
  shopAlertEmail: settings.shopAlertEmail,
});

/** The signed-in staff member's «Уведомления» (docs/alerts.md): their own settings only. */
export function adminAlertsRoutes(settings: SessionSettings, alerts: AlertSettingsUseCases): RouteModule {
  const staffIdOf = async (raw: Parameters<typeof callerOf>[0]): Promise<number> => {
    const caller = await callerOf(raw, settings);
    return caller.kind === 'admin' ? caller.adminId : 0;
  };
  return {
    name: 'admin-alerts',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(getAdminAlerts, async ({ raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return answerOf(await alerts.settingsOf(await staffIdOf(raw)));
      });
      router.route(saveAdminAlerts, async ({ raw, body }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return answerOf(await alerts.saveChoices(await staffIdOf(raw), body.choices));
      });
      router.route(startAdminTelegramLink, async ({ raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const link = await alerts.startTelegramLink(await staffIdOf(raw));
        if (link.ok) return { url: link.url, expiresAt: new Date(link.expiresAtMs).toISOString() };
        return link.error === 'telegram_off'
          ? new ApiFailure(409, apiError('telegram_off', TELEGRAM_OFF))
          : new ApiFailure(503, apiError('telegram_unreachable', BOT_UNREACHABLE));
      });
      router.route(unlinkAdminTelegram, async ({ raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return answerOf(await alerts.unlinkTelegram(await staffIdOf(raw)));
      });
    },
  };
}
