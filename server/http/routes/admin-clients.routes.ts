import {
  endClientSessions,
  getAdminClient,
  listAdminClients,
  sendClientPasswordReset,
} from '../../../api/admin-clients';
import type { AdminClientsService } from '../../application/admin-clients.service';
import type { RouteModule } from '../app';
import { notFound } from '../contract';
import {
  adminOnlyRouter,
  callerOf,
  ipOf,
  requireAdmin,
  type SessionSettings,
  tooManyRequests,
} from './session.hooks';

const NO_CLIENT = 'Клиент не найден.';

/** The back office's clients (admin session only; writes audited by the service). */
export function adminClientsRoutes(settings: SessionSettings, clients: AdminClientsService): RouteModule {
  const actorOf = async (raw: Parameters<typeof callerOf>[0]) => {
    const caller = await callerOf(raw, settings);
    return { adminId: caller.kind === 'admin' ? caller.adminId : 0, ip: ipOf(raw, settings) };
  };
  return {
    name: 'admin-clients',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(listAdminClients, async ({ query, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return clients.list(query);
      });
      router.route(getAdminClient, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return (await clients.detail(params.id)) ?? notFound(NO_CLIENT);
      });
      router.route(endClientSessions, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return (await clients.endSessions(await actorOf(raw), params.id)) ?? notFound(NO_CLIENT);
      });
      router.route(sendClientPasswordReset, async ({ params, raw, reply }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const result = await clients.sendPasswordReset(await actorOf(raw), params.id);
        if (result.ok) return { ok: true };
        if (result.error === 'not_found') return notFound(NO_CLIENT);
        return tooManyRequests(reply, result.retryAfterSeconds);
      });
    },
  };
}
