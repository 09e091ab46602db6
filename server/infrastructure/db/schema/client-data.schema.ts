import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';
import { products } from './catalog.schema';

/** A signed-in client's cart, favourites and recently viewed list (spec §4, §7). */
export const cartItems = pgTable(
  'cart_items',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Keeps the order the shopper added lines in. */
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.productId] })],
);

export const favorites = pgTable(
  'favorites',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.productId] })],
);

/** A shared favourites snapshot; the hash is an unguessable 128-bit capability, public by design. */
export const favoriteShares = pgTable('favorite_shares', {
  hash: text('hash').primaryKey(),
  clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
  productIds: jsonb('product_ids').$type<number[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const viewedProducts = pgTable(
  'viewed_products',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Increases with every view, so "newest first" is exact even within one millisecond. */
    seq: integer('seq').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.productId] }),
    index('viewed_products_client_seq_idx').on(table.clientId, table.seq),
  ],
);

export type FavoriteShareRow = typeof favoriteShares.$inferSelect;
