import type { ItemClass } from '../../../shared-rules/item-class-rule';
import type { LoadedRecord } from '../machines/admin/record-form.machine';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Assembly of one item class: a fixed price, or a percent of the item's price. */
export type AssemblyPrice =
  | { readonly kind: 'fixed'; readonly amount: number }
  | { readonly kind: 'percent'; readonly percent: number };

export interface ClassTariff {
  /** Stairs, per floor above the first, per item (kopecks). */
  readonly carryPerFloor: number;
  /** A passenger lift, per item; null: the item does not fit one (carried by the stairs). */
  readonly carryPassengerLift: number | null;
  readonly assembly: AssemblyPrice;
}

/** The delivery tariffs and service prices (issue 23; docs/delivery.md «Tariffs»), money in kopecks. */
export interface DeliveryTariffs {
  readonly freeDeliveryFrom: number;
  readonly insideKad: number;
  readonly outsideKadBase: number;
  readonly outsideKadPerKm: number;
  readonly freightLiftPerItem: number;
  readonly dismantlingPerItem: number;
  readonly doorRemoval: number;
  readonly oldFurnitureRemovalPerItem: number;
  readonly classes: Readonly<Record<ItemClass, ClassTariff>>;
}

/** When the shown tariffs were saved (null: the seeded prices, never saved). */
export interface TariffsMeta {
  readonly savedAt: string | null;
}

export type LoadedTariffs = LoadedRecord<DeliveryTariffs, TariffsMeta>;

/** The one tariffs document of the shop (GET/PUT /api/admin/tariffs). */
export interface AdminTariffsPort {
  load(options?: CallOptions): Promise<LoadedTariffs>;
  /** Saves the whole document over `version`; a later save by someone else fails with status 409. */
  save(version: number, tariffs: DeliveryTariffs, options?: CallOptions): Promise<LoadedTariffs>;
}

export const ADMIN_TARIFFS_PORT: PortToken<AdminTariffsPort> =
  portToken<AdminTariffsPort>('AdminTariffsPort');
