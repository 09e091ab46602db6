import type { FastifyRequest } from 'fastify';
import { createRedirect, deleteRedirect, listRedirects } from '../../../api/admin-categories';
import type { AdminCatalogueService } from '../../application/admin-catalogue.service';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActor, answer } from './admin-catalogue-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

/** The back office's 301 redirects from old /category/… paths (made by a slug or parent change, or by hand). */
export function adminRedirectsRoutes(settings: SessionSettings, admin: AdminCatalogueService): RouteModule {
  const guard = (request: FastifyRequest) => adminActor(request, settings);
  return {
    name: 'admin-redirects',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(listRedirects, async ({ raw, query }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const page = await admin.categories.listRedirects(query.q, query.page, query.limit);
        return { ...page, page: query.page, limit: query.limit };
      });
      router.route(createRedirect, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'redirect.created', 'redirect', () =>
            admin.categories.createRedirect(body.from_path, body.to_path),
          ),
        );
      });
      router.route(deleteRedirect, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'redirect.deleted', 'redirect', () =>
            admin.categories.deleteRedirect(params.id),
          ),
        );
      });
    },
  };
}
