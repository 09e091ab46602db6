import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { suggestSlug } from '../../../shared-rules/slug-rule';
import type {
  ExchangeCatalogueStore,
  ExchangeReport,
  ExchangeStep,
} from '../../application/exchange/exchange.port';
import type { CmlCatalogue, CmlGroup, CmlOffers, CmlProduct } from '../../domain/commerceml';
import { rowsOf } from '../admin-catalogue/catalogue-sql';
import { type SqlExecutor, setStockBalance } from '../catalogue/stock-ledger';
import type { Database } from '../db/database';

/** The ledger note of a stock change the exchange made (reason «Импорт», docs/stock.md). */
export const EXCHANGE_STOCK_NOTE = 'Импорт из 1С';

/** A short stable tag of a 1С Ид, to keep generated slugs and articles unique. */
function tagOf(externalId: string): string {
  return createHash('sha256').update(externalId).digest('hex').slice(0, 8);
}

async function linkedId(
  tx: SqlExecutor,
  kind: 'category' | 'product',
  externalId: string,
): Promise<number | null> {
  const table = sql.raw(kind === 'category' ? 'categories' : 'products');
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT l.local_id AS id FROM exchange_links l JOIN ${table} t ON t.id = l.local_id
      WHERE l.kind = ${kind} AND l.external_id = ${externalId}`),
  );
  return row === undefined ? null : Number(row.id);
}

async function link(tx: SqlExecutor, kind: 'category' | 'product', externalId: string, localId: number) {
  // A link left by a deleted record is replaced; one local record answers to one Ид.
  await tx.execute(sql`DELETE FROM exchange_links WHERE kind = ${kind} AND local_id = ${localId}`);
  await tx.execute(sql`INSERT INTO exchange_links (kind, external_id, local_id) VALUES (${kind}, ${externalId}, ${localId})
    ON CONFLICT (kind, external_id) DO UPDATE SET local_id = excluded.local_id, updated_at = now()`);
}

/**
 * Applies CommerceML packages to the catalogue, each in one transaction under an advisory lock (two
 * exchanges never interleave). Records are found by their 1С Ид (exchange_links), so a re-run
 * updates what the first created and changes nothing when nothing changed; on the first exchange an
 * existing category is matched by name under the same parent and an existing product by article, so
 * the shop's own catalogue is linked rather than duplicated. Stock moves only through the ledger.
 */
export class SqlExchangeCatalogue implements ExchangeCatalogueStore {
  constructor(private readonly database: Database) {}

  async importCatalogue(
    catalogue: CmlCatalogue,
    fileName: string,
  ): Promise<ExchangeReport & { readonly picturesDone: number }> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shop.exchange_import'))`);
      // Applied by an earlier call of this exchange (its pictures take several): not again.
      const [progress] = rowsOf<{ done: number }>(
        await tx.execute(
          sql`SELECT done FROM exchange_progress WHERE type = 'catalog' AND file_name = ${fileName}`,
        ),
      );
      if (progress !== undefined) return { lines: [], picturesDone: Number(progress.done) };
      await tx.execute(sql`INSERT INTO exchange_progress (type, file_name) VALUES ('catalog', ${fileName})`);
      const categories = new Map<string, number>();
      const counts = { categoriesCreated: 0, productsCreated: 0, productsUpdated: 0 };
      const lines: string[] = [];
      for (const group of catalogue.groups) {
        const parent = group.parentId === null ? null : (categories.get(group.parentId) ?? null);
        const { id, created } = await this.category(tx, group, parent);
        categories.set(group.id, id);
        if (created) counts.categoriesCreated += 1;
      }
      for (const product of catalogue.products) {
        const categoryId =
          product.groupId === null
            ? null
            : (categories.get(product.groupId) ?? (await linkedId(tx, 'category', product.groupId)));
        const outcome = await this.product(tx, product, categoryId);
        if (outcome === 'created') counts.productsCreated += 1;
        else if (outcome === 'updated') counts.productsUpdated += 1;
        else if (outcome !== 'unchanged') lines.push(outcome.problem);
      }
      return {
        lines: [
          `Групп: ${catalogue.groups.length}, новых разделов: ${counts.categoriesCreated}.`,
          `Товаров: ${catalogue.products.length}, создано: ${counts.productsCreated}, изменено: ${counts.productsUpdated}.`,
          ...lines,
        ],
        picturesDone: 0,
      };
    });
  }

  async savePicturesDone(fileName: string, done: number): Promise<void> {
    await this.database.rows(
      sql`UPDATE exchange_progress SET done = ${done} WHERE type = 'catalog' AND file_name = ${fileName}`,
    );
  }

  async finishFile(fileName: string): Promise<void> {
    await this.database.rows(
      sql`DELETE FROM exchange_progress WHERE type = 'catalog' AND file_name = ${fileName}`,
    );
  }

  private async category(tx: SqlExecutor, group: CmlGroup, parent: number | null) {
    const linked = await linkedId(tx, 'category', group.id);
    if (linked !== null) {
      await tx.execute(sql`UPDATE categories SET name = ${group.name}, version = version + 1
        WHERE id = ${linked} AND name IS DISTINCT FROM ${group.name}`);
      return { id: linked, created: false };
    }
    const [same] = rowsOf<{ id: number }>(
      await tx.execute(sql`SELECT id FROM categories WHERE lower(name) = lower(${group.name})
        AND parent_id IS NOT DISTINCT FROM ${parent}
        AND NOT EXISTS (SELECT 1 FROM exchange_links l WHERE l.kind = 'category' AND l.local_id = categories.id)
        ORDER BY id LIMIT 1`),
    );
    if (same !== undefined) {
      await link(tx, 'category', group.id, Number(same.id));
      return { id: Number(same.id), created: false };
    }
    const [parentRow] =
      parent === null
        ? []
        : rowsOf<{ path: string; level: number }>(
            await tx.execute(sql`SELECT path, level FROM categories WHERE id = ${parent}`),
          );
    const base = suggestSlug(group.name).slice(0, 80) || 'razdel';
    const slug = `${base}-${tagOf(group.id)}`;
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        INSERT INTO categories (slug, path, name, parent_id, level, active, sort_order)
        VALUES (${slug}, ${parentRow === undefined ? slug : `${parentRow.path}/${slug}`}, ${group.name},
          ${parentRow === undefined ? null : parent}, ${parentRow === undefined ? 0 : Number(parentRow.level) + 1}, true,
          (SELECT coalesce(max(sort_order) + 1, 0) FROM categories WHERE parent_id IS NOT DISTINCT FROM ${parent}))
        RETURNING id`),
    );
    const id = Number(row?.id);
    await link(tx, 'category', group.id, id);
    return { id, created: true };
  }

  private async product(
    tx: SqlExecutor,
    product: CmlProduct,
    categoryId: number | null,
  ): Promise<'created' | 'updated' | 'unchanged' | { readonly problem: string }> {
    let id = await linkedId(tx, 'product', product.id);
    if (id === null && product.sku !== '') {
      const [bySku] = rowsOf<{ id: number }>(
        await tx.execute(sql`SELECT id FROM products p WHERE sku = ${product.sku}
          AND NOT EXISTS (SELECT 1 FROM exchange_links l WHERE l.kind = 'product' AND l.local_id = p.id)`),
      );
      if (bySku !== undefined) {
        id = Number(bySku.id);
        await link(tx, 'product', product.id, id);
      }
    }
    if (id !== null) return (await this.updateProduct(tx, id, product, categoryId)) ? 'updated' : 'unchanged';
    if (categoryId === null)
      return {
        problem: `Товар «${product.name.slice(0, 80)}» (${product.id.slice(0, 40)}) без группы: не создан.`,
      };
    const sku = product.sku === '' ? `1C-${tagOf(product.id)}` : product.sku;
    const [taken] = rowsOf<{ id: number }>(await tx.execute(sql`SELECT id FROM products WHERE sku = ${sku}`));
    if (taken !== undefined)
      return {
        problem: `Артикул «${sku}» товара «${product.name.slice(0, 80)}» уже занят другим товаром: не создан.`,
      };
    const slug = `${suggestSlug(product.name).slice(0, 120) || 'tovar'}-${tagOf(product.id)}`;
    // Hidden until offers.xml gives it a price (a product at 0 ₽ is never shown).
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        INSERT INTO products (sku, slug, name, description, price, category_id, category_name, brand, hidden, specs)
        VALUES (${sku}, ${slug}, ${product.name}, ${product.description}, 0, ${categoryId},
          (SELECT name FROM categories WHERE id = ${categoryId}), ${product.vendor}, true,
          ${JSON.stringify(product.specs)}::jsonb)
        RETURNING id`),
    );
    const created = Number(row?.id);
    await tx.execute(sql`INSERT INTO product_categories (product_id, category_id) VALUES (${created}, ${categoryId})
      ON CONFLICT DO NOTHING`);
    await link(tx, 'product', product.id, created);
    return 'created';
  }

  /** Writes what 1С changed; a row that already says it all is left alone (a re-run changes nothing). */
  private async updateProduct(
    tx: SqlExecutor,
    id: number,
    product: CmlProduct,
    categoryId: number | null,
  ): Promise<boolean> {
    const [before] = rowsOf<{ category_id: number }>(
      await tx.execute(sql`SELECT category_id FROM products WHERE id = ${id}`),
    );
    const description = product.description === '' ? null : product.description;
    const vendor = product.vendor === '' ? null : product.vendor;
    // 1С's properties are merged into the specs: the lines it sends are its own, the shop's other
    // lines stay; nothing is written when every line already says the same.
    const specs = JSON.stringify(product.specs);
    const updated = rowsOf<{ id: number }>(
      await tx.execute(sql`
        UPDATE products SET name = ${product.name},
          description = coalesce(${description}, description),
          brand = coalesce(${vendor}, brand),
          category_id = coalesce(${categoryId}, category_id),
          category_name = coalesce((SELECT name FROM categories WHERE id = ${categoryId}), category_name),
          hidden = hidden OR ${product.deleted},
          specs = specs || ${specs}::jsonb,
          version = version + 1, updated_at = now()
        WHERE id = ${id} AND (name IS DISTINCT FROM ${product.name}
          OR NOT (specs @> ${specs}::jsonb)
          OR (${description}::text IS NOT NULL AND description IS DISTINCT FROM ${description})
          OR (${vendor}::text IS NOT NULL AND brand IS DISTINCT FROM ${vendor})
          OR (${categoryId}::int IS NOT NULL AND category_id IS DISTINCT FROM ${categoryId})
          OR (${product.deleted} AND NOT hidden))
        RETURNING id`),
    );
    if (updated.length === 0) return false;
    if (categoryId !== null && before !== undefined && Number(before.category_id) !== categoryId) {
      await tx.execute(
        sql`DELETE FROM product_categories WHERE product_id = ${id} AND category_id = ${before.category_id}`,
      );
      await tx.execute(sql`INSERT INTO product_categories (product_id, category_id) VALUES (${id}, ${categoryId})
        ON CONFLICT DO NOTHING`);
    }
    return true;
  }

  /**
   * One step of offers.xml: the offers after those earlier calls applied, at most `limit`, in one
   * transaction with the progress row (a step is applied whole or not at all, and the next call
   * continues after it). The counts add up over the steps for the last answer.
   */
  async importOffers(offers: CmlOffers, fileName: string, limit: number): Promise<ExchangeStep> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shop.exchange_import'))`);
      const [progress] = rowsOf<{ done: number; prices_changed: number; stocks_changed: number }>(
        await tx.execute(sql`SELECT done, prices_changed, stocks_changed FROM exchange_progress
          WHERE type = 'catalog' AND file_name = ${fileName}`),
      );
      const from = Math.min(Number(progress?.done ?? 0), offers.offers.length);
      const step = offers.offers.slice(from, from + Math.max(1, limit));
      let prices = Number(progress?.prices_changed ?? 0);
      let stocks = Number(progress?.stocks_changed ?? 0);
      const unknown: string[] = [];
      for (const offer of step) {
        const id = await linkedId(tx, 'product', offer.productId);
        if (id === null) {
          unknown.push(offer.productId);
          continue;
        }
        if (offer.price !== null) {
          // The first price shows a product the exchange created hidden at 0 ₽; an old price no
          // higher than the new one is no discount any more.
          const changed = rowsOf<{ id: number }>(
            await tx.execute(sql`
              UPDATE products SET price = ${offer.price},
                price_old = CASE WHEN price_old IS NOT NULL AND price_old <= ${offer.price} THEN NULL ELSE price_old END,
                hidden = CASE WHEN price = 0 THEN false ELSE hidden END,
                version = version + 1, updated_at = now()
              WHERE id = ${id} AND price IS DISTINCT FROM ${offer.price}
              RETURNING id`),
          );
          prices += changed.length;
        }
        if (offer.quantity !== null) {
          const [row] = rowsOf<{ stock: number | null }>(
            await tx.execute(sql`SELECT stock FROM products WHERE id = ${id}`),
          );
          if (row !== undefined && row.stock !== offer.quantity) {
            await setStockBalance(tx, {
              productId: id,
              target: offer.quantity,
              reason: 'import',
              actorId: null,
              note: EXCHANGE_STOCK_NOTE,
            });
            stocks += 1;
          }
        }
      }
      const done = from + step.length;
      const finished = done >= offers.offers.length;
      if (finished)
        await tx.execute(
          sql`DELETE FROM exchange_progress WHERE type = 'catalog' AND file_name = ${fileName}`,
        );
      else
        await tx.execute(sql`
          INSERT INTO exchange_progress (type, file_name, done, prices_changed, stocks_changed)
          VALUES ('catalog', ${fileName}, ${done}, ${prices}, ${stocks})
          ON CONFLICT (type, file_name) DO UPDATE SET done = excluded.done,
            prices_changed = excluded.prices_changed, stocks_changed = excluded.stocks_changed`);
      const lines = [
        finished
          ? `Предложений: ${offers.offers.length}, цен изменено: ${prices}, остатков изменено: ${stocks}.`
          : `Предложений обработано: ${done} из ${offers.offers.length}, цен изменено: ${prices}, остатков изменено: ${stocks}; продолжаю.`,
      ];
      if (unknown.length > 0)
        lines.push(
          `Не найдены товары (сначала выгрузите import.xml): ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ` и ещё ${unknown.length - 20}` : ''}.`,
        );
      return { lines, finished };
    });
  }
}
