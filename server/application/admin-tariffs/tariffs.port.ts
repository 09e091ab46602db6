import type { DeliveryTariffs } from '../../domain/delivery-tariffs';

/** The tariffs in force: the newest saved version, or the seeded prices as version 0. */
export interface TariffsRecord {
  readonly version: number;
  readonly savedAt: Date | null;
  readonly tariffs: DeliveryTariffs;
}

export interface TariffsRepository {
  current(): Promise<TariffsRecord>;
  /**
   * Adds version `basedOn + 1`; `stale` when a version after `basedOn` exists already (another save
   * won; the primary key decides, so two saves of one version never both succeed).
   */
  save(basedOn: number, tariffs: DeliveryTariffs, adminId: number): Promise<TariffsRecord | 'stale'>;
}
