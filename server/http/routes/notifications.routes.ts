import {
  getAdminUnreadSummary,
  getClientUnreadSummary,
  resetClientUnreadSummary,
} from '../../../api/notifications';
import { sessionClient } from '../../application/client-data.service';
import type { NotificationsService } from '../../application/notifications.service';
import { parseSince } from '../../domain/unread-summary';
import type { RouteModule } from '../app';
import { adminOnlyRouter, callerOf, denied, requireAdmin, type SessionSettings } from './session.hooks';

export function notificationsRoutes(
  settings: SessionSettings,
  notifications: NotificationsService,
): RouteModule {
  return {
    name: 'notifications',
    register(_app, router) {
      router.route(getClientUnreadSummary, async ({ query, raw }) => {
        const access = sessionClient(await callerOf(raw, settings));
        if (!access.ok) return denied(access.status);
        return notifications.clientSummary(access.clientId, parseSince(query.since, settings.now()));
      });
      router.route(resetClientUnreadSummary, async ({ body, raw }) => {
        const access = sessionClient(await callerOf(raw, settings));
        if (!access.ok) return denied(access.status);
        await notifications.reset(access.clientId, body.type);
        return { ok: true };
      });
      adminOnlyRouter(router, settings).route(getAdminUnreadSummary, async ({ query, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return notifications.adminSummary(parseSince(query.since, settings.now()));
      });
    },
  };
}
