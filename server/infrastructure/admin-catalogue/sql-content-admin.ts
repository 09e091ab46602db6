import { type SQL, sql } from 'drizzle-orm';
import type { AdminSeoText, AdminStyleCategory } from '../../../api/admin-content';
import type { AdminNewsItem } from '../../../api/admin-news';
import type { AdminStaticPage } from '../../../api/admin-pages';
import type { PopularTags } from '../../../api/popular-tags';
import type { SeoText } from '../../../api/seo';
import {
  type AdminWrite,
  type ContentAdminStore,
  type NewsInput,
  type PageInput,
  refuse,
  type SeoTextInput,
  type StyleInput,
} from '../../application/admin-catalogue.port';
import type { Database } from '../db/database';
import type { MediaUrls } from '../media/media-urls';
import { isUniqueViolation, slugOf } from './catalogue-sql';
import { sanitiseRichText } from './html-sanitiser';

const iso = (value: string | Date): string => new Date(value).toISOString();
const CONFLICT = 'Запись уже изменил кто-то другой. Обновите страницу и повторите.';

/** Changed fields of a patch against the current record, and the SET list to write them. */
function diff(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
  columns: Readonly<Record<string, string>>,
): { sets: SQL[]; before: Record<string, unknown>; after: Record<string, unknown> } {
  const sets: SQL[] = [];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) {
    const value = patch[field];
    if (value === undefined || value === current[field]) continue;
    before[field] = current[field];
    after[field] = value;
    sets.push(sql`${sql.raw(column)} = ${value}`);
  }
  return { sets, before, after };
}

/**
 * News, static pages, SEO texts, popular tags and style categories in SQL. Every HTML field goes
 * through the allow-list sanitiser before it is stored (html-sanitiser.ts).
 */
/**
 * The version check inside the write: checked only beforehand, two saves of one version both won
 * (issue 12, item 7); in the UPDATE, the second finds no row and is a 409.
 */
const versionGuard = (expected: number | undefined): SQL =>
  expected === undefined ? sql`` : sql` AND version = ${expected}`;

export class SqlContentAdminStore implements ContentAdminStore {
  constructor(
    private readonly database: Database,
    private readonly media: MediaUrls,
  ) {}

  // ── News ──
  private toNews(row: {
    id: number;
    slug: string;
    type: string;
    topic_slug: string | null;
    title: string;
    excerpt: string;
    body_html: string;
    image_key: string | null;
    published: boolean;
    published_at: string | Date;
    version: number;
  }): AdminNewsItem {
    return {
      id: Number(row.id),
      slug: row.slug,
      type: row.type === 'inspiration' ? 'inspiration' : 'news',
      topic_slug: row.topic_slug,
      title: row.title,
      excerpt: row.excerpt,
      body_html: row.body_html,
      image: row.image_key ? this.media.image(row.image_key, row.title) : null,
      published: row.published,
      published_at: iso(row.published_at),
      version: Number(row.version),
    };
  }

  async listNews(criteria: {
    q?: string;
    type?: 'news' | 'inspiration';
    published?: boolean;
    page: number;
    limit: number;
  }) {
    const conditions: SQL[] = [];
    if (criteria.q?.trim()) {
      conditions.push(
        sql`lower(title) LIKE ${`%${criteria.q
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      );
    }
    if (criteria.type) conditions.push(sql`type = ${criteria.type}`);
    if (criteria.published !== undefined) conditions.push(sql`published = ${criteria.published}`);
    const where = conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;
    const rows = await this.database.rows<Parameters<SqlContentAdminStore['toNews']>[0]>(
      sql`SELECT * FROM news ${where} ORDER BY published_at DESC, id DESC LIMIT ${criteria.limit} OFFSET ${(criteria.page - 1) * criteria.limit}`,
    );
    const [count] = await this.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM news ${where}`,
    );
    return { items: rows.map((row) => this.toNews(row)), total: Number(count?.n ?? 0) };
  }

  async getNews(id: number): Promise<AdminNewsItem | null> {
    const [row] = await this.database.rows<Parameters<SqlContentAdminStore['toNews']>[0]>(
      sql`SELECT * FROM news WHERE id = ${id}`,
    );
    return row ? this.toNews(row) : null;
  }

  async createNews(
    input: NewsInput & { type: 'news' | 'inspiration'; title: string },
  ): Promise<AdminWrite<AdminNewsItem>> {
    const slug = input.slug ?? slugOf(input.title);
    try {
      const [row] = await this.database.rows<{ id: number }>(sql`
        INSERT INTO news (slug, type, topic_slug, title, excerpt, body_html, published, published_at)
        VALUES (${slug}, ${input.type}, ${input.topic_slug ?? null}, ${input.title}, ${input.excerpt ?? ''},
          ${sanitiseRichText(input.body_html ?? '')}, ${input.published ?? true},
          ${input.published_at ? new Date(input.published_at).toISOString() : sql`now()`})
        RETURNING id`);
      const item = await this.getNews(Number(row?.id));
      if (!item) throw new Error('created news vanished');
      return {
        ok: true,
        value: item,
        audit: { entityId: String(item.id), before: null, after: { ...input, slug } },
      };
    } catch (error) {
      if (isUniqueViolation(error)) return refuse(409, 'slug_taken', 'Такой адрес (slug) уже занят.');
      throw error;
    }
  }

  async updateNews(
    id: number,
    patch: NewsInput & { expected_version?: number },
  ): Promise<AdminWrite<AdminNewsItem>> {
    const current = await this.getNews(id);
    if (!current) return refuse(404, 'not_found', 'Новость не найдена.');
    if (patch.expected_version !== undefined && patch.expected_version !== current.version) {
      return refuse(409, 'version_conflict', CONFLICT);
    }
    const clean = {
      ...patch,
      ...(patch.body_html !== undefined ? { body_html: sanitiseRichText(patch.body_html) } : {}),
      ...(patch.published_at !== undefined
        ? { published_at: new Date(patch.published_at).toISOString() }
        : {}),
    };
    const { sets, before, after } = diff(current, clean, {
      slug: 'slug',
      type: 'type',
      topic_slug: 'topic_slug',
      title: 'title',
      excerpt: 'excerpt',
      body_html: 'body_html',
      published: 'published',
      published_at: 'published_at',
    });
    if (sets.length > 0) {
      try {
        const written = await this.database.rows<{ id: number }>(
          sql`UPDATE news SET ${sql.join(sets, sql`, `)}, version = version + 1 WHERE id = ${id}${versionGuard(patch.expected_version)} RETURNING id`,
        );
        if (written.length === 0) return refuse(409, 'version_conflict', CONFLICT);
      } catch (error) {
        if (isUniqueViolation(error)) return refuse(409, 'slug_taken', 'Такой адрес (slug) уже занят.');
        throw error;
      }
    }
    const item = await this.getNews(id);
    if (!item) return refuse(404, 'not_found', 'Новость не найдена.');
    return { ok: true, value: item, audit: { entityId: String(id), before, after } };
  }

  async deleteNews(id: number): Promise<AdminWrite<{ deleted: number }>> {
    const removed = await this.database.rows<{ title: string }>(
      sql`DELETE FROM news WHERE id = ${id} RETURNING title`,
    );
    if (removed.length === 0) return refuse(404, 'not_found', 'Новость не найдена.');
    return {
      ok: true,
      value: { deleted: id },
      audit: { entityId: String(id), before: { title: removed[0]?.title }, after: null },
    };
  }

  async setNewsImage(id: number, key: string | null) {
    const [row] = await this.database.rows<{ image_key: string | null; title: string }>(
      sql`SELECT image_key, title FROM news WHERE id = ${id}`,
    );
    if (!row) return refuse(404, 'not_found', 'Новость не найдена.');
    if (key !== null) await this.registerMedia(key, row.title);
    await this.database.rows(sql`UPDATE news SET image_key = ${key}, version = version + 1 WHERE id = ${id}`);
    const item = await this.getNews(id);
    if (!item) return refuse(404, 'not_found', 'Новость не найдена.');
    return {
      ok: true as const,
      value: { item, oldKey: row.image_key },
      audit: { entityId: String(id), before: { image: row.image_key }, after: { image: key } },
    };
  }

  private async registerMedia(key: string, alt: string): Promise<void> {
    await this.database.rows(sql`
      INSERT INTO media_images (key, kind, shape, variant, alt) VALUES (${key}, 'upload', 'free', 0, ${alt})
      ON CONFLICT (key) DO NOTHING`);
  }

  // ── Static pages ──
  private static toPage(row: {
    id: number;
    slug: string;
    title: string;
    meta_description: string;
    body_html: string;
    updated_at: string | Date;
    version: number;
  }): AdminStaticPage {
    return {
      id: Number(row.id),
      slug: row.slug,
      title: row.title,
      meta_description: row.meta_description,
      body_html: row.body_html,
      updated_at: iso(row.updated_at),
      version: Number(row.version),
    };
  }

  async listPages(): Promise<AdminStaticPage[]> {
    const rows = await this.database.rows<Parameters<typeof SqlContentAdminStore.toPage>[0]>(
      sql`SELECT * FROM static_pages ORDER BY slug`,
    );
    return rows.map(SqlContentAdminStore.toPage);
  }

  async getPage(id: number): Promise<AdminStaticPage | null> {
    const [row] = await this.database.rows<Parameters<typeof SqlContentAdminStore.toPage>[0]>(
      sql`SELECT * FROM static_pages WHERE id = ${id}`,
    );
    return row ? SqlContentAdminStore.toPage(row) : null;
  }

  async createPage(input: PageInput & { slug: string; title: string }): Promise<AdminWrite<AdminStaticPage>> {
    try {
      const [row] = await this.database.rows<{ id: number }>(sql`
        INSERT INTO static_pages (slug, title, meta_description, body_html)
        VALUES (${input.slug}, ${input.title}, ${input.meta_description ?? ''}, ${sanitiseRichText(input.body_html ?? '')})
        RETURNING id`);
      const page = await this.getPage(Number(row?.id));
      if (!page) throw new Error('created page vanished');
      return {
        ok: true,
        value: page,
        audit: { entityId: String(page.id), before: null, after: { ...input } },
      };
    } catch (error) {
      if (isUniqueViolation(error)) return refuse(409, 'slug_taken', 'Страница с таким адресом уже есть.');
      throw error;
    }
  }

  async updatePage(
    id: number,
    patch: PageInput & { expected_version?: number },
  ): Promise<AdminWrite<AdminStaticPage>> {
    const current = await this.getPage(id);
    if (!current) return refuse(404, 'not_found', 'Страница не найдена.');
    if (patch.expected_version !== undefined && patch.expected_version !== current.version) {
      return refuse(409, 'version_conflict', CONFLICT);
    }
    const clean = {
      ...patch,
      ...(patch.body_html !== undefined ? { body_html: sanitiseRichText(patch.body_html) } : {}),
    };
    const { sets, before, after } = diff(current, clean, {
      slug: 'slug',
      title: 'title',
      meta_description: 'meta_description',
      body_html: 'body_html',
    });
    if (sets.length > 0) {
      try {
        const written = await this.database.rows<{ id: number }>(
          sql`UPDATE static_pages SET ${sql.join(sets, sql`, `)}, version = version + 1, updated_at = now() WHERE id = ${id}${versionGuard(patch.expected_version)} RETURNING id`,
        );
        if (written.length === 0) return refuse(409, 'version_conflict', CONFLICT);
      } catch (error) {
        if (isUniqueViolation(error)) return refuse(409, 'slug_taken', 'Страница с таким адресом уже есть.');
        throw error;
      }
    }
    const page = await this.getPage(id);
    if (!page) return refuse(404, 'not_found', 'Страница не найдена.');
    return { ok: true, value: page, audit: { entityId: String(id), before, after } };
  }

  async deletePage(id: number): Promise<AdminWrite<{ deleted: number }>> {
    const removed = await this.database.rows<{ slug: string }>(
      sql`DELETE FROM static_pages WHERE id = ${id} RETURNING slug`,
    );
    if (removed.length === 0) return refuse(404, 'not_found', 'Страница не найдена.');
    return {
      ok: true,
      value: { deleted: id },
      audit: { entityId: String(id), before: { slug: removed[0]?.slug }, after: null },
    };
  }

  // ── SEO texts ──
  /**
   * The home page first, then every category by path (its slug is its key), each with what is written
   * for it or empty texts: a manager fills any page's text and meta without knowing its key.
   * Texts of other keys (written through the API) follow, so none is hidden.
   */
  async listSeo(): Promise<AdminSeoText[]> {
    const rows = await this.database.rows<AdminSeoText & { place: number; sort: string }>(sql`
      WITH pages AS (
        SELECT 'home' AS key, 'Главная' AS label, 0 AS place, '' AS sort
        UNION ALL
        SELECT * FROM (
          SELECT DISTINCT ON (c.slug) c.slug, c.name || ' — /category/' || c.path, 1, c.path
          FROM categories c ORDER BY c.slug, c.level, c.path
        ) by_slug
      )
      SELECT p.key, p.label, p.place, p.sort,
             COALESCE(s.title, '') AS title, COALESCE(s.html, '') AS html,
             COALESCE(s.meta_title, '') AS meta_title, COALESCE(s.meta_description, '') AS meta_description
      FROM pages p LEFT JOIN seo_texts s ON s.key = p.key
      UNION ALL
      SELECT s.key, s.key, 2, s.key, s.title, s.html, s.meta_title, s.meta_description
      FROM seo_texts s
      WHERE s.key <> 'home' AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.slug = s.key)`);
    return rows
      .sort((a, b) => Number(a.place) - Number(b.place) || a.sort.localeCompare(b.sort))
      .map(({ key, label, title, html, meta_title, meta_description }) => ({
        key,
        label,
        title,
        html,
        meta_title,
        meta_description,
      }));
  }

  async saveSeo(key: string, input: SeoTextInput, mode: 'create' | 'upsert'): Promise<AdminWrite<SeoText>> {
    const [current] = await this.database.rows<SeoText>(
      sql`SELECT key, title, html, meta_title, meta_description FROM seo_texts WHERE key = ${key}`,
    );
    if (current && mode === 'create') return refuse(409, 'exists', 'SEO-текст для этого ключа уже есть.');
    const html = sanitiseRichText(input.html);
    const saved: SeoText = {
      key,
      title: input.title,
      html,
      meta_title: (input.meta_title ?? current?.meta_title ?? '').trim(),
      meta_description: (input.meta_description ?? current?.meta_description ?? '').trim(),
    };
    await this.database.rows(sql`
      INSERT INTO seo_texts (key, title, html, meta_title, meta_description)
      VALUES (${key}, ${saved.title}, ${html}, ${saved.meta_title}, ${saved.meta_description})
      ON CONFLICT (key) DO UPDATE SET title = excluded.title, html = excluded.html,
        meta_title = excluded.meta_title, meta_description = excluded.meta_description, updated_at = now()`);
    const { key: _key, ...after } = saved;
    return {
      ok: true,
      value: saved,
      audit: {
        entityId: key,
        before: current
          ? {
              title: current.title,
              html: current.html,
              meta_title: current.meta_title,
              meta_description: current.meta_description,
            }
          : null,
        after,
      },
    };
  }

  async deleteSeo(key: string): Promise<AdminWrite<{ deleted: string }>> {
    const removed = await this.database.rows<{ title: string }>(
      sql`DELETE FROM seo_texts WHERE key = ${key} RETURNING title`,
    );
    if (removed.length === 0) return refuse(404, 'not_found', 'SEO-текст не найден.');
    return {
      ok: true,
      value: { deleted: key },
      audit: { entityId: key, before: { title: removed[0]?.title }, after: null },
    };
  }

  // ── Popular tags ──
  async listTags(): Promise<PopularTags[]> {
    const rows = await this.database.rows<{ key: string; tags: { label: string; href: string }[] }>(
      sql`SELECT key, tags FROM popular_tags ORDER BY key`,
    );
    return rows.map((row) => ({ key: row.key, tags: row.tags ?? [] }));
  }

  async saveTags(
    key: string,
    tags: readonly { label: string; href: string }[],
  ): Promise<AdminWrite<PopularTags>> {
    const [current] = await this.database.rows<{ tags: unknown }>(
      sql`SELECT tags FROM popular_tags WHERE key = ${key}`,
    );
    if (tags.length === 0) await this.database.rows(sql`DELETE FROM popular_tags WHERE key = ${key}`);
    else {
      await this.database.rows(sql`
        INSERT INTO popular_tags (key, tags) VALUES (${key}, ${JSON.stringify(tags)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET tags = excluded.tags, updated_at = now()`);
    }
    return {
      ok: true,
      value: { key, tags: [...tags] },
      audit: { entityId: key, before: current ? { tags: current.tags } : null, after: { tags } },
    };
  }

  // ── Style categories ──
  private async styles(where: SQL): Promise<AdminStyleCategory[]> {
    const rows = await this.database.rows<{
      id: number;
      slug: string;
      name: string;
      description: string;
      image_key: string | null;
      sort_order: number;
      active: boolean;
      version: number;
      product_count: number;
    }>(sql`
      SELECT s.*, (SELECT count(*)::int FROM products p WHERE p.style = s.name AND p.deleted_at IS NULL AND NOT p.hidden) AS product_count
      FROM style_categories s ${where} ORDER BY s.sort_order, s.id`);
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      description: row.description,
      image: row.image_key ? this.media.image(row.image_key, row.name) : null,
      sort_order: Number(row.sort_order),
      product_count: Number(row.product_count),
      active: row.active,
      version: Number(row.version),
    }));
  }

  listStyles(): Promise<AdminStyleCategory[]> {
    return this.styles(sql``);
  }

  async getStyle(id: number): Promise<AdminStyleCategory | null> {
    const [style] = await this.styles(sql`WHERE s.id = ${id}`);
    return style ?? null;
  }

  async createStyle(input: StyleInput & { name: string }): Promise<AdminWrite<AdminStyleCategory>> {
    const slug = input.slug ?? slugOf(input.name);
    try {
      const [row] = await this.database.rows<{ id: number }>(sql`
        INSERT INTO style_categories (slug, name, description, sort_order, active)
        VALUES (${slug}, ${input.name}, ${input.description ?? ''},
          ${input.sort_order ?? sql`(SELECT coalesce(max(sort_order) + 1, 0) FROM style_categories)`}, ${input.active ?? true})
        RETURNING id`);
      const style = await this.getStyle(Number(row?.id));
      if (!style) throw new Error('created style vanished');
      return {
        ok: true,
        value: style,
        audit: { entityId: String(style.id), before: null, after: { ...input, slug } },
      };
    } catch (error) {
      if (isUniqueViolation(error)) return refuse(409, 'slug_taken', 'Такой адрес (slug) уже занят.');
      throw error;
    }
  }

  async updateStyle(
    id: number,
    patch: StyleInput & { expected_version?: number },
  ): Promise<AdminWrite<AdminStyleCategory>> {
    const current = await this.getStyle(id);
    if (!current) return refuse(404, 'not_found', 'Стиль не найден.');
    if (patch.expected_version !== undefined && patch.expected_version !== current.version) {
      return refuse(409, 'version_conflict', CONFLICT);
    }
    const clean = {
      ...patch,
      ...(patch.description !== undefined ? { description: sanitiseRichText(patch.description) } : {}),
    };
    const { sets, before, after } = diff(current, clean, {
      slug: 'slug',
      name: 'name',
      description: 'description',
      sort_order: 'sort_order',
      active: 'active',
    });
    if (sets.length > 0) {
      try {
        const written = await this.database.rows<{ id: number }>(
          sql`UPDATE style_categories SET ${sql.join(sets, sql`, `)}, version = version + 1 WHERE id = ${id}${versionGuard(patch.expected_version)} RETURNING id`,
        );
        if (written.length === 0) return refuse(409, 'version_conflict', CONFLICT);
      } catch (error) {
        if (isUniqueViolation(error)) return refuse(409, 'slug_taken', 'Такой адрес (slug) уже занят.');
        throw error;
      }
    }
    const style = await this.getStyle(id);
    if (!style) return refuse(404, 'not_found', 'Стиль не найден.');
    return { ok: true, value: style, audit: { entityId: String(id), before, after } };
  }

  async deleteStyle(id: number): Promise<AdminWrite<{ deleted: number }>> {
    const removed = await this.database.rows<{ name: string }>(
      sql`DELETE FROM style_categories WHERE id = ${id} RETURNING name`,
    );
    if (removed.length === 0) return refuse(404, 'not_found', 'Стиль не найден.');
    return {
      ok: true,
      value: { deleted: id },
      audit: { entityId: String(id), before: { name: removed[0]?.name }, after: null },
    };
  }

  async setStyleImage(id: number, key: string | null) {
    const [row] = await this.database.rows<{ image_key: string | null; name: string }>(
      sql`SELECT image_key, name FROM style_categories WHERE id = ${id}`,
    );
    if (!row) return refuse(404, 'not_found', 'Стиль не найден.');
    if (key !== null) await this.registerMedia(key, row.name);
    await this.database.rows(
      sql`UPDATE style_categories SET image_key = ${key}, version = version + 1 WHERE id = ${id}`,
    );
    const item = await this.getStyle(id);
    if (!item) return refuse(404, 'not_found', 'Стиль не найден.');
    return {
      ok: true as const,
      value: { item, oldKey: row.image_key },
      audit: { entityId: String(id), before: { image: row.image_key }, after: { image: key } },
    };
  }
}
