import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The delivery calendar (issue 23, item 5; docs/delivery-dates.md): the windows a shopper may choose
 * (free day windows and paid slots, money in kopecks), the per-day capacity the manager sets (a
 * default, and an override per day), counted against the live orders booked on that day.
 */
export const deliveryWindows = pgTable('delivery_windows', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** «10:00–13:00»: as the checkout and the order card show it. */
  label: text('label').notNull(),
  /** Kopecks; 0 for a free day window. A paid slot is a service line of the order. */
  price: bigint('price', { mode: 'number' }).notNull().default(0),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** One row: the shop's delivery defaults. */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Deliveries a day when the day has no override. */
    defaultCapacity: integer('default_capacity').notNull().default(8),
    /** How many calendar days ahead the checkout offers. */
    daysAhead: integer('days_ahead').notNull().default(14),
  },
  (table) => [check('delivery_settings_one_row', sql`${table.id} = 1`)],
);

/**
 * A day's capacity override, and the row a checkout locks (SELECT … FOR UPDATE) while it counts the
 * day's orders, so concurrent checkouts for the last place sell exactly the capacity.
 */
export const deliveryDays = pgTable(
  'delivery_days',
  {
    /** YYYY-MM-DD, like orders.delivery_date. */
    day: text('day').primaryKey(),
    /** Null: the default capacity. 0 closes the day. */
    capacity: integer('capacity'),
  },
  (table) => [
    check('delivery_days_capacity_range', sql`${table.capacity} IS NULL OR ${table.capacity} >= 0`),
  ],
);
