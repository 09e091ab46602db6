import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';

/**
 * «Поместится?» (issue 23, item 6; docs/delivery-dates.md): what a client measured at home, in whole
 * centimetres, one row per client. No lift cabin (all three null) means «нет лифта»; the API checks
 * the limits (shared-rules/home-measurements-rule.ts), the check keeps a cabin whole.
 */
export const clientHomeMeasurements = pgTable(
  'client_home_measurements',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    doorWidthCm: integer('door_width_cm').notNull(),
    doorHeightCm: integer('door_height_cm'),
    corridorWidthCm: integer('corridor_width_cm'),
    liftWidthCm: integer('lift_width_cm'),
    liftDepthCm: integer('lift_depth_cm'),
    liftHeightCm: integer('lift_height_cm'),
    floor: integer('floor'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'client_home_measurements_lift_whole',
      sql`(${table.liftWidthCm} is null) = (${table.liftDepthCm} is null) and (${table.liftWidthCm} is null) = (${table.liftHeightCm} is null)`,
    ),
  ],
);
