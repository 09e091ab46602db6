import { getAnalyticsSettings } from '../../../api/analytics';
import type { RouteModule } from '../app';

/** The analytics the shop runs (api/analytics.ts): the same for every visitor, so caches may keep it. */
export function analyticsRoutes(config: { readonly metrikaCounterId: number | null }): RouteModule {
  const settings = {
    metrika: config.metrikaCounterId === null ? null : { counterId: config.metrikaCounterId },
  };
  return {
    name: 'analytics',
    register(_app, router) {
      router.route(getAnalyticsSettings, async ({ reply }) => {
        reply.header('cache-control', 'public, max-age=300');
        return settings;
      });
    },
  };
}
