import { eq } from 'drizzle-orm';
import type { SavedHomeMeasurements } from '../../../shared-rules/home-measurements-rule';
import type { HomeMeasurementsRepository } from '../../application/home-measurements/home-measurements.port';
import type { AppDb } from '../db/database';
import { clientHomeMeasurements } from '../db/schema/home-measurements.schema';

type Row = typeof clientHomeMeasurements.$inferSelect;

function measurementsOf(row: Row): SavedHomeMeasurements {
  const { liftWidthCm, liftDepthCm, liftHeightCm } = row;
  return {
    doorWidthCm: row.doorWidthCm,
    doorHeightCm: row.doorHeightCm,
    corridorWidthCm: row.corridorWidthCm,
    lift:
      liftWidthCm === null || liftDepthCm === null || liftHeightCm === null
        ? null
        : { widthCm: liftWidthCm, depthCm: liftDepthCm, heightCm: liftHeightCm },
    floor: row.floor,
  };
}

/** One row per client in `client_home_measurements` (issue 23, item 6). */
export class DrizzleHomeMeasurementsRepository implements HomeMeasurementsRepository {
  constructor(private readonly db: AppDb) {}

  async find(clientId: number): Promise<SavedHomeMeasurements | null> {
    const [row] = await this.db
      .select()
      .from(clientHomeMeasurements)
      .where(eq(clientHomeMeasurements.clientId, clientId))
      .limit(1);
    return row === undefined ? null : measurementsOf(row);
  }

  async save(clientId: number, measurements: SavedHomeMeasurements): Promise<SavedHomeMeasurements> {
    const values = {
      doorWidthCm: measurements.doorWidthCm,
      doorHeightCm: measurements.doorHeightCm,
      corridorWidthCm: measurements.corridorWidthCm,
      liftWidthCm: measurements.lift?.widthCm ?? null,
      liftDepthCm: measurements.lift?.depthCm ?? null,
      liftHeightCm: measurements.lift?.heightCm ?? null,
      floor: measurements.floor,
      updatedAt: new Date(),
    };
    // One statement: two tabs saving at once leave one whole record, never a mix or a duplicate key.
    const [row] = await this.db
      .insert(clientHomeMeasurements)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: clientHomeMeasurements.clientId, set: values })
      .returning();
    if (row === undefined) throw new Error('client_home_measurements: the upsert returned no row');
    return measurementsOf(row);
  }
}
