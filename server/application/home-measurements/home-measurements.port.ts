import type { SavedHomeMeasurements } from '../../../shared-rules/home-measurements-rule';

/** Where a client's «Поместится?» measurements are kept (one record per client). */
export interface HomeMeasurementsRepository {
  find(clientId: number): Promise<SavedHomeMeasurements | null>;
  /** Inserts or replaces the client's record; answers it as stored. */
  save(clientId: number, measurements: SavedHomeMeasurements): Promise<SavedHomeMeasurements>;
}
