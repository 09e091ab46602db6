import { getHomeMeasurements, putHomeMeasurements } from '../../../api/clients';
import { apiError } from '../../../api/errors';
import { homeMeasurementProblemsText } from '../../../shared-rules/home-measurements-rule';
import type { AccountServices } from '../../application/accounts.services';
import { ownClient } from '../../application/client-data.service';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { callerOf, denied, type SessionSettings } from './session.hooks';

/**
 * «Поместится?» kept in the account (issue 23, item 6): the client's own record only (another id →
 * 403, a guest → 401); sizes outside the shared limits → 422 with each problem in Russian.
 */
export function homeMeasurementsRoutes(
  settings: SessionSettings,
  home: AccountServices['homeMeasurements'],
): RouteModule {
  return {
    name: 'home-measurements',
    register(_app, router) {
      router.route(getHomeMeasurements, async ({ params, raw, reply }) => {
        const access = ownClient(await callerOf(raw, settings), params.id);
        if (!access.ok) return denied(access.status);
        reply.header('cache-control', 'private, no-store');
        return { measurements: await home.find(access.clientId) };
      });
      router.route(putHomeMeasurements, async ({ params, body, raw }) => {
        const access = ownClient(await callerOf(raw, settings), params.id);
        if (!access.ok) return denied(access.status);
        const outcome = await home.save(access.clientId, body.measurements);
        if (!outcome.ok) {
          return new ApiFailure(
            422,
            apiError('invalid_home_measurements', homeMeasurementProblemsText(outcome.problems)),
          );
        }
        return { measurements: outcome.measurements };
      });
    },
  };
}
