import {
  type HomeMeasurementProblems,
  homeMeasurementProblems,
  type SavedHomeMeasurements,
} from '../../../shared-rules/home-measurements-rule';
import type { HomeMeasurementsRepository } from './home-measurements.port';

export type SaveHomeMeasurementsOutcome =
  | { readonly ok: true; readonly measurements: SavedHomeMeasurements }
  | { readonly ok: false; readonly problems: HomeMeasurementProblems };

/**
 * Keeps what the client measured at home (issue 23, item 6): the limits of
 * shared-rules/home-measurements-rule.ts, the same the browser's form checks; a value outside them is
 * refused with each problem in Russian and nothing is stored.
 */
export function saveHomeMeasurements({ repository }: { readonly repository: HomeMeasurementsRepository }) {
  return async (
    clientId: number,
    measurements: SavedHomeMeasurements,
  ): Promise<SaveHomeMeasurementsOutcome> => {
    const problems = homeMeasurementProblems(measurements);
    if (Object.keys(problems).length > 0) return { ok: false, problems };
    return { ok: true, measurements: await repository.save(clientId, measurements) };
  };
}
