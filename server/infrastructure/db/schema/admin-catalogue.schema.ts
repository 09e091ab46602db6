import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Back office, part 2 (migration 0005): promo redemptions and per-client counters, redirects, undoable
 * bulk edits, import dry runs and dictionaries. Stock, visibility and versions are columns of the
 * catalogue and content tables.
 */

/** One order's use of a promo code; `released_at` is set when the order is cancelled. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    orderId: integer('order_id').notNull(),
    clientId: integer('client_id').notNull(),
    /** Kopecks. */
    discount: bigint('discount', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    uniqueIndex('promo_redemptions_order_key').on(table.orderId),
    index('promo_redemptions_code_idx').on(table.code, table.clientId),
  ],
);

export const promoClientUses = pgTable(
  'promo_client_uses',
  {
    code: text('code').notNull(),
    clientId: integer('client_id').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.code, table.clientId] })],
);

export const redirects = pgTable(
  'redirects',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    source: text('source').notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('redirects_from_key').on(table.fromPath)],
);

export interface BulkChangeRow {
  readonly id: number;
  readonly before: Record<string, unknown>;
  readonly after: Record<string, unknown>;
  /** The product's version right after the change: undo only applies while it is unchanged. */
  readonly version: number;
}

export const bulkOperations = pgTable('bulk_operations', {
  id: text('id').primaryKey(),
  actorId: integer('actor_id'),
  changes: jsonb('changes').$type<BulkChangeRow[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'string' }),
});

export const importBatches = pgTable('import_batches', {
  token: text('token').primaryKey(),
  actorId: integer('actor_id'),
  rows: jsonb('rows').$type<unknown[]>().notNull(),
  report: jsonb('report').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'string' }),
});

export const dictEntries = pgTable(
  'dict_entries',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    productCount: integer('product_count').notNull().default(0),
    source: text('source').notNull().default('manual'),
  },
  (table) => [primaryKey({ columns: [table.name, table.key] })],
);
