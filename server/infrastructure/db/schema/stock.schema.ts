import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';
import { products } from './catalog.schema';
import { orders } from './orders.schema';

/**
 * The stock ledger (issue 22, docs/stock.md): every change of a tracked product's stock is one row,
 * and `products.stock` is the cached sum of its rows. Rows are written only by the SQL function
 * `record_stock_movement` (migration 0011), which also moves the cached balance in the same
 * statement; a trigger refuses any other change of `products.stock`.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Units added (+) or taken (−); never 0. */
    delta: integer('delta').notNull(),
    reason: text('reason')
      .$type<
        | 'opening'
        | 'order_taken'
        | 'order_edited'
        | 'order_cancelled'
        | 'order_returned'
        | 'order_restored'
        | 'manual_correction'
        | 'import'
      >()
      .notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_product_idx').on(table.productId, table.id),
    index('stock_movements_order_idx').on(table.orderId, table.productId),
    check('stock_movements_delta_check', sql`${table.delta} <> 0`),
    check(
      'stock_movements_reason_check',
      sql`${table.reason} IN ('opening', 'order_taken', 'order_edited', 'order_cancelled', 'order_returned', 'order_restored', 'manual_correction', 'import')`,
    ),
  ],
);
