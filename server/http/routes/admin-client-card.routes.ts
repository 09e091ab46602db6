import { changeAdminClientContacts, changeAdminClientNotes } from '../../../api/admin-clients';
import { apiError } from '../../../api/errors';
import { storedPhone } from '../../../shared-rules/phone-number';
import type { AccountServices } from '../../application/accounts.services';
import type { RouteModule } from '../app';
import { ApiFailure, notFound } from '../contract';
import { adminOnlyRouter, callerOf, ipOf, requireAdmin, type SessionSettings } from './session.hooks';

const NO_CLIENT = 'Клиент не найден.';
const EMAIL_TAKEN = 'Этот e-mail уже у другого аккаунта: у одного e-mail — один личный кабинет.';

/** The client card's writes (issue 25, item 9): contacts, and the managers' note and tags. Admin only. */
export function adminClientCardRoutes(
  settings: SessionSettings,
  card: AccountServices['clientCard'],
): RouteModule {
  const actorOf = async (raw: Parameters<typeof callerOf>[0]) => {
    const caller = await callerOf(raw, settings);
    return { adminId: caller.kind === 'admin' ? caller.adminId : 0, ip: ipOf(raw, settings) };
  };
  return {
    name: 'admin-client-card',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(changeAdminClientContacts, async ({ params, body, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const result = await card.changeContacts(await actorOf(raw), params.id, {
          name: body.name,
          phone: body.phone === null || body.phone === '' ? null : storedPhone(body.phone),
          email: body.email,
        });
        if (result.ok) return result.card;
        if (result.error === 'not_found') return notFound(NO_CLIENT);
        return new ApiFailure(409, apiError('email_taken', EMAIL_TAKEN));
      });
      router.route(changeAdminClientNotes, async ({ params, body, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const result = await card.changeNotes(await actorOf(raw), params.id, body);
        return result.ok ? result.card : notFound(NO_CLIENT);
      });
    },
  };
}
