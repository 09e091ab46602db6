import { type AdminTariffs, getAdminTariffs, saveAdminTariffs } from '../../../api/admin-tariffs';
import { apiError, ErrorCode } from '../../../api/errors';
import type { AccountServices } from '../../application/accounts.services';
import type { TariffsRecord } from '../../application/admin-tariffs/tariffs.port';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminOnlyRouter, callerOf, ipOf, requireAdmin, type SessionSettings } from './session.hooks';

const STALE =
  'Тарифы уже изменил другой сотрудник. Обновите страницу: ваши изменения не сохранены, чтобы не затереть чужие.';

const tariffsJson = (record: TariffsRecord): AdminTariffs => ({
  version: record.version,
  savedAt: record.savedAt === null ? null : record.savedAt.toISOString(),
  tariffs: record.tariffs,
});

/** The delivery tariffs screen's API (issue 23, item 1; docs/delivery.md «Tariffs»). Admin only. */
export function adminTariffsRoutes(
  settings: SessionSettings,
  tariffs: AccountServices['tariffs'],
): RouteModule {
  return {
    name: 'admin-tariffs',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(getAdminTariffs, async ({ raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return tariffsJson(await tariffs.current());
      });
      router.route(saveAdminTariffs, async ({ body, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const caller = await callerOf(raw, settings);
        const actor = { adminId: caller.kind === 'admin' ? caller.adminId : 0, ip: ipOf(raw, settings) };
        const result = await tariffs.save(actor, body.version, body.tariffs);
        if (result.ok) return tariffsJson(result.tariffs);
        if (result.error === 'stale') return new ApiFailure(409, apiError(ErrorCode.conflict, STALE));
        return new ApiFailure(
          422,
          apiError('invalid_tariffs', result.problems.map((problem) => problem.message).join(' ')),
        );
      });
    },
  };
}
