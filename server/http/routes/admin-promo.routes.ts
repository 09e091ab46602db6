import type { FastifyRequest } from 'fastify';
import {
  createAdminPromo,
  deleteAdminPromo,
  getAdminPromo,
  listAdminPromo,
  updateAdminPromo,
} from '../../../api/admin-promo';
import { apiError } from '../../../api/errors';
import type { AdminCatalogueService } from '../../application/admin-catalogue.service';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActor, answer } from './admin-catalogue-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

/** Spec §7 Admin «Промокоды». */
export function adminPromoRoutes(settings: SessionSettings, admin: AdminCatalogueService): RouteModule {
  const guard = (request: FastifyRequest) => adminActor(request, settings);
  return {
    name: 'admin-promo',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      // ── Promo codes ──
      router.route(listAdminPromo, async ({ raw, query }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const active = query.active === undefined ? undefined : query.active === 'true';
        const page = await admin.promo.list(query.q, active, query.page, query.limit);
        return { ...page, page: query.page, limit: query.limit };
      });
      router.route(createAdminPromo, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await admin.write(actor, 'promo.created', 'promo', () => admin.promo.create(body)));
      });
      router.route(getAdminPromo, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return (
          (await admin.promo.get(params.code)) ??
          new ApiFailure(404, apiError('not_found', 'Промокод не найден.'))
        );
      });
      router.route(updateAdminPromo, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'promo.updated', 'promo', () => admin.promo.update(params.code, body)),
        );
      });
      router.route(deleteAdminPromo, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'promo.deleted', 'promo', () => admin.promo.remove(params.code)),
        );
      });
    },
  };
}
