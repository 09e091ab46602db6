import { desc } from 'drizzle-orm';
import type { TariffsRecord, TariffsRepository } from '../../application/admin-tariffs/tariffs.port';
import { type DeliveryTariffs, SEEDED_TARIFFS } from '../../domain/delivery-tariffs';
import type { AppDb } from '../db/database';
import { deliveryTariffs } from '../db/schema/delivery-tariffs.schema';

/** PostgreSQL's unique_violation, as both drivers report it (maybe wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; ) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Tariffs as versioned documents (docs/delivery.md «Tariffs»): a save inserts version n + 1, so two
 * saves over version n race on the primary key and exactly one wins.
 */
export class DrizzleTariffsRepository implements TariffsRepository {
  constructor(private readonly db: AppDb) {}

  async current(): Promise<TariffsRecord> {
    const [row] = await this.db
      .select()
      .from(deliveryTariffs)
      .orderBy(desc(deliveryTariffs.version))
      .limit(1);
    if (row === undefined) return { version: 0, savedAt: null, tariffs: SEEDED_TARIFFS };
    // A document saved before a class was added prices that class as the seed does.
    const tariffs: DeliveryTariffs = {
      ...SEEDED_TARIFFS,
      ...row.document,
      classes: { ...SEEDED_TARIFFS.classes, ...row.document.classes },
    };
    return { version: row.version, savedAt: row.savedAt, tariffs };
  }

  async save(basedOn: number, tariffs: DeliveryTariffs, adminId: number): Promise<TariffsRecord | 'stale'> {
    try {
      const [row] = await this.db
        .insert(deliveryTariffs)
        .values({ version: basedOn + 1, document: tariffs, savedBy: adminId })
        .returning();
      if (row === undefined) return 'stale';
      return { version: row.version, savedAt: row.savedAt, tariffs: row.document };
    } catch (error) {
      if (isUniqueViolation(error)) return 'stale';
      throw error;
    }
  }
}
