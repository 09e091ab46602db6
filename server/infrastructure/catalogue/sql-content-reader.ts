import { sql } from 'drizzle-orm';
import type { InspirationTopic, NewsItem, NewsList, NewsSummary, NewsType } from '../../../api/news';
import type { StaticPage } from '../../../api/pages';
import type { PopularTags } from '../../../api/popular-tags';
import type { SeoText } from '../../../api/seo';
import type { StyleCategory } from '../../../api/style-categories';
import type { ContentReader, NewsCriteria } from '../../application/catalogue.port';
import { sanitiseRichText } from '../admin-catalogue/html-sanitiser';
import type { Database } from '../db/database';
import type { MediaUrls } from '../media/media-urls';

interface NewsRow {
  id: number;
  slug: string;
  type: string;
  topic_slug: string | null;
  title: string;
  excerpt: string;
  image_key: string | null;
  published_at: string | Date;
  body_html?: string;
}

const toIso = (value: string | Date): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();
const newsType = (value: string): NewsType => (value === 'inspiration' ? 'inspiration' : 'news');

export class SqlContentReader implements ContentReader {
  constructor(
    private readonly database: Database,
    private readonly media: MediaUrls,
  ) {}

  async styleCategories(): Promise<readonly StyleCategory[]> {
    const rows = await this.database.rows<{
      id: number;
      slug: string;
      name: string;
      description: string;
      image_key: string | null;
      sort_order: number;
      product_count: number;
    }>(sql`
      SELECT s.id, s.slug, s.name, s.description, s.image_key, s.sort_order,
        (SELECT count(*)::int FROM products p WHERE p.style = s.name AND p.deleted_at IS NULL AND NOT p.hidden) AS product_count
      FROM style_categories s WHERE s.active ORDER BY s.sort_order, s.id`);
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      description: row.description,
      image: row.image_key ? this.media.image(row.image_key, row.name) : null,
      sort_order: Number(row.sort_order),
      product_count: Number(row.product_count),
    }));
  }

  async seoText(key: string): Promise<SeoText | null> {
    const [row] = await this.database.rows<SeoText>(
      sql`SELECT key, title, html, meta_title, meta_description FROM seo_texts WHERE key = ${key}`,
    );
    // Rows written before the back office sanitised on write (or by SQL) are made safe on read too.
    return row ? { ...row, html: sanitiseRichText(row.html) } : null;
  }

  async popularTags(key: string): Promise<PopularTags | null> {
    const [row] = await this.database.rows<PopularTags>(
      sql`SELECT key, tags FROM popular_tags WHERE key = ${key}`,
    );
    return row ? { key: row.key, tags: row.tags.map((tag) => ({ label: tag.label, href: tag.href })) } : null;
  }

  private summary(row: NewsRow): NewsSummary {
    return {
      id: Number(row.id),
      slug: row.slug,
      type: newsType(row.type),
      topic_slug: row.topic_slug,
      title: row.title,
      excerpt: row.excerpt,
      image: row.image_key ? this.media.image(row.image_key, row.title) : null,
      published_at: toIso(row.published_at),
    };
  }

  async listNews(criteria: NewsCriteria): Promise<NewsList> {
    const conditions = [sql`n.published`];
    if (criteria.type) conditions.push(sql`n.type = ${criteria.type}`);
    if (criteria.topic) conditions.push(sql`n.topic_slug = ${criteria.topic}`);
    const where = sql.join(conditions, sql` AND `);
    const rows = await this.database.rows<NewsRow>(sql`
      SELECT n.id, n.slug, n.type, n.topic_slug, n.title, n.excerpt, n.image_key, n.published_at
      FROM news n WHERE ${where}
      ORDER BY n.published_at DESC, n.id DESC
      LIMIT ${criteria.limit} OFFSET ${criteria.offset}`);
    const [count] = await this.database.rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM news n WHERE ${where}`,
    );
    return {
      items: rows.map((row) => this.summary(row)),
      total: Number(count?.total ?? 0),
      limit: criteria.limit,
      offset: criteria.offset,
    };
  }

  async newsBySlug(slug: string): Promise<NewsItem | null> {
    const [row] = await this.database.rows<NewsRow>(sql`
      SELECT n.id, n.slug, n.type, n.topic_slug, n.title, n.excerpt, n.image_key, n.published_at, n.body_html
      FROM news n WHERE n.slug = ${slug} AND n.published`);
    return row ? { ...this.summary(row), body_html: sanitiseRichText(row.body_html ?? '') } : null;
  }

  async inspirationTopics(): Promise<readonly InspirationTopic[]> {
    return this.database.rows<InspirationTopic>(
      sql`SELECT slug, name, description FROM inspiration_topics ORDER BY id`,
    );
  }

  async staticPage(slug: string): Promise<StaticPage | null> {
    const [row] = await this.database.rows<{
      id: number;
      slug: string;
      title: string;
      meta_description: string;
      body_html: string;
      updated_at: string | Date;
    }>(
      sql`SELECT id, slug, title, meta_description, body_html, updated_at FROM static_pages WHERE slug = ${slug}`,
    );
    return row
      ? {
          ...row,
          id: Number(row.id),
          body_html: sanitiseRichText(row.body_html),
          updated_at: toIso(row.updated_at),
        }
      : null;
  }
}
