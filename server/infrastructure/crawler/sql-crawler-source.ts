import { sql } from 'drizzle-orm';
import type { CrawlerSource } from '../../application/crawler-files.port';
import type { SitemapEntry } from '../../domain/crawler-documents';
import type { FeedCategory, FeedOffer } from '../../domain/yml-feed';
import { SHOPPER_VISIBLE } from '../catalogue/sql-catalogue-reader';
import type { Database } from '../db/database';
import type { MediaUrls } from '../media/media-urls';

/** Pictures of a product given to the feed: the main one first, then the gallery in order. */
const FEED_PICTURES = 10;

/** Rich text from the back office is sanitised HTML: the feed and the sitemap want plain text. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export class SqlCrawlerSource implements CrawlerSource {
  constructor(
    private readonly database: Database,
    private readonly media: MediaUrls,
  ) {}

  async countVisibleProducts(): Promise<number> {
    const [row] = await this.database.rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM products p WHERE ${SHOPPER_VISIBLE}`,
    );
    return row?.total ?? 0;
  }

  async productEntries(offset: number, limit: number): Promise<SitemapEntry[]> {
    const rows = await this.database.rows<{ slug: string; updated_at: string }>(sql`
      SELECT p.slug, p.updated_at::text AS updated_at FROM products p
      WHERE ${SHOPPER_VISIBLE} ORDER BY p.id LIMIT ${limit} OFFSET ${offset}`);
    return rows.map((row) => ({ path: `/product/${row.slug}`, lastModified: row.updated_at }));
  }

  async categoryEntries(): Promise<SitemapEntry[]> {
    const rows = await this.database.rows<{ path: string; updated_at: string | null }>(sql`
      SELECT c.path, (SELECT max(p.updated_at)::text FROM products p
                      WHERE p.category_id = c.id AND ${SHOPPER_VISIBLE}) AS updated_at
      FROM categories c WHERE c.active ORDER BY c.path`);
    return rows.map((row) => ({ path: `/category/${row.path}`, lastModified: row.updated_at }));
  }

  async contentEntries(): Promise<SitemapEntry[]> {
    const [items, topics, pages] = await Promise.all([
      this.database.rows<{ slug: string; type: string; published_at: string }>(sql`
        SELECT slug, type, published_at::text AS published_at FROM news
        WHERE published AND published_at <= now() ORDER BY published_at DESC`),
      this.database.rows<{ slug: string }>(sql`SELECT slug FROM inspiration_topics ORDER BY slug`),
      this.database.rows<{ slug: string; updated_at: string }>(
        sql`SELECT slug, updated_at::text AS updated_at FROM static_pages ORDER BY slug`,
      ),
    ]);
    return [
      ...items.map((item) => ({
        path: item.type === 'inspiration' ? `/articles/${item.slug}` : `/news/${item.slug}`,
        lastModified: item.published_at,
      })),
      ...topics.map((topic) => ({ path: `/category/vdohnovenie/${topic.slug}` })),
      ...pages.map((page) => ({ path: `/pages/${page.slug}`, lastModified: page.updated_at })),
    ];
  }

  async feedCategories(): Promise<FeedCategory[]> {
    const rows = await this.database.rows<{ id: number; parent_id: number | null; name: string }>(
      sql`SELECT id, parent_id, name FROM categories WHERE active ORDER BY level, sort_order, id`,
    );
    return rows.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name }));
  }

  async feedOffersAfter(afterId: number, limit: number): Promise<FeedOffer[]> {
    const rows = await this.database.rows<{
      id: number;
      slug: string;
      sku: string;
      name: string;
      price: number;
      price_old: number | null;
      category_id: number;
      stock: number | null;
      backorder_allowed: boolean;
      brand: string;
      country: string;
      description: string;
      specs: Record<string, string> | null;
      name_small: string | null;
      width: number | null;
      depth: number | null;
      height: number | null;
      image_keys: string[] | null;
    }>(sql`
      SELECT p.id, p.slug, p.sku, p.name, p.price, p.price_old, p.category_id, p.stock, p.backorder_allowed,
        p.brand, p.country, p.description, p.specs, p.raw_fields->>'NAME_SMALL' AS name_small,
        p.width, p.depth, p.height,
        coalesce(nullif(array_remove(ARRAY[p.main_image_key], NULL) || ARRAY(
          SELECT i.image_key FROM product_images i WHERE i.product_id = p.id AND i.image_key IS DISTINCT FROM p.main_image_key
          ORDER BY i.position LIMIT ${FEED_PICTURES}), '{}'), '{}') AS image_keys
      FROM products p WHERE ${SHOPPER_VISIBLE} AND p.id > ${afterId} ORDER BY p.id LIMIT ${limit}`);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      price: row.price,
      oldPrice: row.price_old,
      categoryId: row.category_id,
      stock: row.stock,
      backorderAllowed: row.backorder_allowed,
      pictureUrls: (row.image_keys ?? []).map((key) => this.media.url(key)),
      vendor: row.brand,
      vendorCode: row.sku,
      description: plainText(row.description),
      country: row.country,
      specs: row.specs ?? {},
      typePrefix: row.name_small ?? '',
      // The product's own sizes (width × depth × height) until packed sizes are stored (issue 23).
      dimensions:
        row.width !== null && row.depth !== null && row.height !== null
          ? { length: row.width, width: row.depth, height: row.height }
          : null,
    }));
  }
}
