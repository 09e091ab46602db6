import { getGeo } from '../../../api/geo';
import type { GeoLocator } from '../../application/geo.port';
import type { RouteModule } from '../app';
import { ipOf, type SessionSettings } from './session.hooks';

/** GET /api/geo: the city of the visitor's address (behind a trusted proxy: from X-Forwarded-For). */
export function geoRoutes(settings: SessionSettings, geo: GeoLocator): RouteModule {
  return {
    name: 'geo',
    register(_app, router) {
      router.route(getGeo, async ({ raw, reply }) => {
        reply.header('cache-control', 'private, no-store');
        return { city: geo.cityForIp(ipOf(raw, settings)) };
      });
    },
  };
}
