import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.schema';
import { orders } from './orders.schema';

/**
 * The 1С / МойСклад exchange (CommerceML 2, docs/integrations.md). `exchange_links` remembers which
 * local record stands for which Ид of the accounting system, so a repeated import updates instead of
 * duplicating; one local record answers to at most one Ид.
 */
export const exchangeLinks = pgTable(
  'exchange_links',
  {
    kind: text('kind').$type<'category' | 'product'>().notNull(),
    externalId: text('external_id').notNull(),
    localId: integer('local_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.externalId] }),
    uniqueIndex('exchange_links_local_key').on(table.kind, table.localId),
  ],
);

/**
 * The order exchange: for each order, the change (its `updated_at`) last sent to 1С by `query` and
 * the one 1С confirmed with `success`. An order whose `updated_at` differs from the confirmed one is
 * sent again, so a change is never lost however the requests and commits interleave.
 */
export const exchangeOrders = pgTable('exchange_orders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentVersion: timestamp('sent_version', { withTimezone: true, mode: 'string', precision: 6 }),
  confirmedVersion: timestamp('confirmed_version', { withTimezone: true, mode: 'string', precision: 6 }),
});

/**
 * The files of the current exchange, chunk by chunk as 1С uploads them (`mode=file` appends one row).
 * In the database rather than on a server's disk: behind a load balancer each request may reach
 * another server process. Base64 text keeps both drivers alike; `init` deletes the type's rows.
 */
export const exchangeChunks = pgTable(
  'exchange_chunks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type').$type<'catalog' | 'sale'>().notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    contentBase64: text('content_base64').notNull(),
  },
  (table) => [index('exchange_chunks_file_idx').on(table.type, table.fileName, table.id)],
);

/**
 * The pictures 1С sent (`import_files/…`, named in import.xml's Картинка): which rendered picture of
 * the shop stands for which file of which product, and the file's content hash, so a re-run attaches
 * nothing new and a changed file replaces its picture (docs/integrations.md, «Pictures»).
 */
export const exchangePictures = pgTable(
  'exchange_pictures',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    contentHash: text('content_hash').notNull(),
    imageKey: text('image_key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.source] })],
);

/**
 * A file of the current exchange processed over several `mode=import` calls (1С's «progress»
 * answer): for offers.xml the offers applied so far, for import.xml that the catalogue is applied
 * and its pictures are under way. Deleted when the file is done and by `init`.
 */
export const exchangeProgress = pgTable(
  'exchange_progress',
  {
    type: text('type').$type<'catalog' | 'sale'>().notNull(),
    fileName: text('file_name').notNull(),
    done: integer('done').notNull().default(0),
    pricesChanged: integer('prices_changed').notNull().default(0),
    stocksChanged: integer('stocks_changed').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.type, table.fileName] })],
);
