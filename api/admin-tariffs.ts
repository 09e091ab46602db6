import { Schema } from 'effect';
import { ITEM_CLASSES } from '../shared-rules/item-class-rule';
import { defineEndpoint } from './endpoint';

/**
 * The delivery tariffs the owner edits (issue 23, item 1; docs/delivery.md «Tariffs»), in kopecks of
 * whole roubles. Prices are plain integers here: the server checks them (no negative price, whole
 * roubles, a percent 0–100) and answers 422 with the Russian message of each problem.
 */
const Price = Schema.Int;

const AssemblyPrice = Schema.Union([
  Schema.Struct({ kind: Schema.Literal('fixed'), amount: Price }),
  Schema.Struct({ kind: Schema.Literal('percent'), percent: Schema.Finite }),
]);

const ClassTariff = Schema.Struct({
  /** Stairs, per floor above the first, per item. */
  carryPerFloor: Price,
  /** A passenger lift, per item; null: the item does not fit one (stairs). */
  carryPassengerLift: Schema.NullOr(Price),
  assembly: AssemblyPrice,
});

const ClassTariffs = Schema.Struct(
  Object.fromEntries(ITEM_CLASSES.map((id) => [id, ClassTariff])) as {
    readonly [K in (typeof ITEM_CLASSES)[number]]: typeof ClassTariff;
  },
);

const DeliveryTariffs = Schema.Struct({
  freeDeliveryFrom: Price,
  insideKad: Price,
  outsideKadBase: Price,
  outsideKadPerKm: Price,
  freightLiftPerItem: Price,
  dismantlingPerItem: Price,
  doorRemoval: Price,
  oldFurnitureRemovalPerItem: Price,
  classes: ClassTariffs,
});

export const AdminTariffs = Schema.Struct({
  /** 0: the seeded prices, never saved; each save adds 1. */
  version: Schema.Int,
  /** ISO time of the save; null for the seeded prices. */
  savedAt: Schema.NullOr(Schema.String),
  tariffs: DeliveryTariffs,
});
export type AdminTariffs = typeof AdminTariffs.Type;

export const getAdminTariffs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/tariffs',
  summary: 'The delivery tariffs and service prices the shop quotes with',
  tag: 'admin',
  area: 'settings',
  response: AdminTariffs,
  errorStatuses: [401, 403],
});

export const saveAdminTariffs = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/tariffs',
  summary:
    'Saves the tariffs as a new version (audited); 409 when another save came after `version`, 422 with the Russian problems',
  tag: 'admin',
  area: 'settings',
  body: Schema.Struct({ version: Schema.Int, tariffs: DeliveryTariffs }),
  response: AdminTariffs,
  errorStatuses: [401, 403, 409, 415, 422],
});
