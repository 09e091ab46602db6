import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { DeliveryTariffs } from '../../../domain/delivery-tariffs';
import { users } from './accounts.schema';

/**
 * The delivery tariffs the owner edits (issue 23, item 1; docs/delivery.md «Tariffs»): one document per
 * saved version, never updated in place, so an order's quote can be traced to the prices of its day
 * and a form saving over a newer version is refused (409). The newest row is the shop's tariffs; with
 * no row the shop uses the seeded Saint Petersburg prices as version 0.
 */
export const deliveryTariffs = pgTable('delivery_tariffs', {
  version: integer('version').primaryKey(),
  document: jsonb('document').$type<DeliveryTariffs>().notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The administrator who saved it (null for the seed, or once that account is gone). */
  savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
});
