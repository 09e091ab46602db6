import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ExchangePictures } from '../../application/exchange/exchange.port';
import { rowsOf } from '../admin-catalogue/catalogue-sql';
import type { Database } from '../db/database';

/** The back office's limit of pictures per product (SqlProductAdminStore.addImage). */
const MAX_PRODUCT_PICTURES = 30;

const hashOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * 1С's pictures in the product's gallery (product_images, media_images), remembered per file in
 * exchange_pictures with the content's SHA-256: the same file again is no change, a changed file
 * takes the place of its old picture. Pictures the shop added by hand are never touched.
 */
export class SqlExchangePictures implements ExchangePictures {
  constructor(private readonly database: Database) {}

  private async productId(externalId: string): Promise<number | null> {
    const [row] = await this.database.rows<{ id: number }>(sql`SELECT l.local_id AS id FROM exchange_links l
      JOIN products p ON p.id = l.local_id WHERE l.kind = 'product' AND l.external_id = ${externalId}`);
    return row === undefined ? null : Number(row.id);
  }

  async attached(productExternalId: string, source: string, bytes: Buffer): Promise<boolean | null> {
    const id = await this.productId(productExternalId);
    if (id === null) return null;
    const rows = await this.database.rows<{
      id: number;
    }>(sql`SELECT e.product_id AS id FROM exchange_pictures e
      JOIN product_images i ON i.product_id = e.product_id AND i.image_key = e.image_key
      WHERE e.product_id = ${id} AND e.source = ${source} AND e.content_hash = ${hashOf(bytes)}`);
    return rows.length > 0;
  }

  async attach(productExternalId: string, source: string, bytes: Buffer, key: string) {
    const id = await this.productId(productExternalId);
    if (id === null) return { ok: false as const, message: 'товар не найден.' };
    return this.database.db.transaction(async (tx) => {
      // One writer per product's gallery at a time (the back office takes the same row).
      await tx.execute(sql`SELECT id FROM products WHERE id = ${id} FOR UPDATE`);
      const [previous] = rowsOf<{ image_key: string; position: number | null }>(
        await tx.execute(sql`SELECT e.image_key, i.position FROM exchange_pictures e
          LEFT JOIN product_images i ON i.product_id = e.product_id AND i.image_key = e.image_key
          WHERE e.product_id = ${id} AND e.source = ${source}`),
      );
      const replacing = previous?.position !== null && previous?.position !== undefined;
      const [count] = rowsOf<{ n: number; next: number }>(
        await tx.execute(sql`SELECT count(*)::int AS n, coalesce(max(position) + 1, 0)::int AS next
          FROM product_images WHERE product_id = ${id}`),
      );
      if (!replacing && Number(count?.n ?? 0) >= MAX_PRODUCT_PICTURES)
        return { ok: false as const, message: `у товара уже ${MAX_PRODUCT_PICTURES} изображений.` };
      await tx.execute(sql`INSERT INTO media_images (key, kind, shape, variant, alt)
        VALUES (${key}, 'upload', 'free', 0, '') ON CONFLICT (key) DO NOTHING`);
      if (replacing)
        // The changed file keeps its place in the gallery.
        await tx.execute(sql`UPDATE product_images SET image_key = ${key}
          WHERE product_id = ${id} AND image_key = ${previous?.image_key ?? ''}`);
      else
        await tx.execute(sql`INSERT INTO product_images (product_id, position, image_key)
          VALUES (${id}, ${Number(count?.next ?? 0)}, ${key})`);
      await tx.execute(sql`INSERT INTO exchange_pictures (product_id, source, content_hash, image_key)
        VALUES (${id}, ${source}, ${hashOf(bytes)}, ${key})
        ON CONFLICT (product_id, source) DO UPDATE SET content_hash = excluded.content_hash,
          image_key = excluded.image_key`);
      await tx.execute(sql`UPDATE products SET version = version + 1, updated_at = now(),
        main_image_key = (SELECT image_key FROM product_images WHERE product_id = ${id} ORDER BY position LIMIT 1)
        WHERE id = ${id}`);
      // The old picture's files go only when no product shows it any more.
      const oldKey = replacing ? (previous?.image_key ?? null) : null;
      if (oldKey !== null) {
        const [used] = rowsOf<{ n: number }>(
          await tx.execute(sql`SELECT count(*)::int AS n FROM product_images WHERE image_key = ${oldKey}`),
        );
        if (Number(used?.n ?? 0) > 0) return { ok: true as const, replacedKey: null };
        await tx.execute(sql`DELETE FROM media_images WHERE key = ${oldKey}`);
      }
      return { ok: true as const, replacedKey: oldKey };
    });
  }
}
