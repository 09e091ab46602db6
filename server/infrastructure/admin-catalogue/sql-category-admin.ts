import { type SQL, sql } from 'drizzle-orm';
import type { AdminCategory, Redirect } from '../../../api/admin-categories';
import { type AdminWrite, type CategoryAdminStore, refuse } from '../../application/admin-catalogue.port';
import type { Database } from '../db/database';
import type { MediaUrls } from '../media/media-urls';
import { addRedirect, isUniqueViolation, rowsOf, slugOf } from './catalogue-sql';

const CATEGORY_NOT_FOUND = 'Категория не найдена.';
const CATEGORY_CONFLICT = 'Категорию уже изменил кто-то другой. Обновите страницу и повторите.';

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  active: boolean;
  parent_id: number | null;
  path: string;
  level: number;
  sort_order: number;
  image_key: string | null;
  description: string;
  version: number;
  refs: number[] | null;
  product_count: number;
  child_count: number;
}

type Executor = { execute(query: SQL): Promise<unknown> };

/**
 * Category tree administration in SQL. `path` (slug path after /category/) and `level` are stored, so
 * a slug change or a move rewrites them for the whole subtree in one transaction and records a 301
 * from every old path to its new one (the storefront's /category/… URLs stay reachable).
 */
/** Advisory-lock key that serialises category moves (any fixed number; only moves take it). */
const CATEGORY_TREE_LOCK = 0x0ca7e6;

export class SqlCategoryAdminStore implements CategoryAdminStore {
  constructor(
    private readonly database: Database,
    private readonly media: MediaUrls,
  ) {}

  private toCategory(row: CategoryRow): AdminCategory {
    return {
      id: Number(row.id),
      name: row.name,
      slug: row.slug,
      active: row.active,
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
      refs: (row.refs ?? []).map(Number),
      path: row.path,
      level: Number(row.level),
      sort_order: Number(row.sort_order),
      image: row.image_key ? this.media.image(row.image_key, row.name) : null,
      description: row.description,
      product_count: Number(row.product_count),
      child_count: Number(row.child_count),
      version: Number(row.version),
    };
  }

  private async select(where: SQL): Promise<AdminCategory[]> {
    const rows = await this.database.rows<CategoryRow>(sql`
      SELECT c.id, c.name, c.slug, c.active, c.parent_id, c.path, c.level, c.sort_order, c.image_key, c.description,
        c.version,
        coalesce((SELECT array_agg(r.ref_category_id ORDER BY r.ref_category_id) FROM category_refs r
                  WHERE r.category_id = c.id), '{}') AS refs,
        (SELECT count(*)::int FROM products p WHERE p.category_id = c.id AND p.deleted_at IS NULL) AS product_count,
        (SELECT count(*)::int FROM categories k WHERE k.parent_id = c.id) AS child_count
      FROM categories c ${where}
      ORDER BY c.level, c.sort_order, c.id`);
    return rows.map((row) => this.toCategory(row));
  }

  list(): Promise<readonly AdminCategory[]> {
    return this.select(sql``);
  }

  private async one(id: number): Promise<AdminCategory | null> {
    const [category] = await this.select(sql`WHERE c.id = ${id}`);
    return category ?? null;
  }

  async create(input: {
    name: string;
    slug?: string;
    parent_id: number | null;
    active?: boolean;
    description?: string;
  }): Promise<AdminWrite<AdminCategory>> {
    const slug = input.slug ?? slugOf(input.name);
    try {
      // Under a parent, the parent's path is read under the tree lock (see move()): a parent moved or
      // deleted meanwhile would give the new category a stale path or no parent at all.
      const createdId = await this.database.db.transaction(async (tx) => {
        let parentPath = '';
        let level = 0;
        if (input.parent_id !== null) {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATEGORY_TREE_LOCK})`);
          const [parent] = rowsOf<{ path: string; level: number }>(
            await tx.execute(sql`SELECT path, level FROM categories WHERE id = ${input.parent_id}`),
          );
          if (!parent) return null;
          parentPath = `${parent.path}/`;
          level = Number(parent.level) + 1;
        }
        const [row] = rowsOf<{ id: number }>(
          await tx.execute(sql`
            INSERT INTO categories (slug, path, name, parent_id, level, active, sort_order, description)
            VALUES (${slug}, ${parentPath + slug}, ${input.name}, ${input.parent_id}, ${level}, ${input.active ?? true},
              (SELECT coalesce(max(sort_order) + 1, 0) FROM categories WHERE parent_id IS NOT DISTINCT FROM ${input.parent_id}),
              ${input.description ?? ''})
            RETURNING id`),
        );
        return Number(row?.id);
      });
      if (createdId === null) {
        return refuse(404, 'parent_not_found', 'Родительская категория не найдена.');
      }
      const category = await this.one(createdId);
      if (!category) throw new Error('created category vanished');
      return {
        ok: true,
        value: category,
        audit: { entityId: String(category.id), before: null, after: { ...input, slug } },
      };
    } catch (error) {
      if (isUniqueViolation(error))
        return refuse(409, 'slug_taken', 'Такой адрес (slug) уже занят другой категорией.');
      throw error;
    }
  }

  /** Rewrites path and level of `id` and its descendants from its parent's; records 301s. */
  private static async repath(tx: Executor, id: number): Promise<void> {
    const before = rowsOf<{ id: number; path: string }>(
      await tx.execute(sql`
        WITH RECURSIVE sub AS (SELECT id FROM categories WHERE id = ${id}
          UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
        SELECT c.id, c.path FROM categories c JOIN sub ON sub.id = c.id`),
    );
    await tx.execute(sql`
      WITH RECURSIVE tree AS (
        SELECT c.id,
          CASE WHEN p.id IS NULL THEN c.slug ELSE p.path || '/' || c.slug END AS path,
          CASE WHEN p.id IS NULL THEN 0 ELSE p.level + 1 END AS level
        FROM categories c LEFT JOIN categories p ON p.id = c.parent_id WHERE c.id = ${id}
        UNION ALL
        SELECT c.id, tree.path || '/' || c.slug, tree.level + 1 FROM categories c JOIN tree ON c.parent_id = tree.id)
      UPDATE categories SET path = tree.path, level = tree.level FROM tree WHERE categories.id = tree.id`);
    const after = new Map(
      rowsOf<{ id: number; path: string }>(
        await tx.execute(
          sql`SELECT id, path FROM categories WHERE id IN (${sql.join(
            before.map((row) => sql`${row.id}`),
            sql`, `,
          )})`,
        ),
      ).map((row) => [Number(row.id), row.path]),
    );
    for (const row of before) {
      const next = after.get(Number(row.id));
      if (next !== undefined && next !== row.path) {
        await addRedirect(tx, `/category/${row.path}`, `/category/${next}`, 'category');
      }
    }
  }

  async update(
    id: number,
    patch: {
      name?: string;
      slug?: string;
      active?: boolean;
      description?: string;
      expected_version?: number;
    },
  ): Promise<AdminWrite<AdminCategory>> {
    const current = await this.one(id);
    if (!current) return refuse(404, 'not_found', CATEGORY_NOT_FOUND);
    if (patch.expected_version !== undefined && patch.expected_version !== current.version) {
      return refuse(409, 'version_conflict', CATEGORY_CONFLICT);
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const sets: SQL[] = [];
    // Plain text, like product descriptions (the storefront never renders it as HTML).
    const description = patch.description;
    for (const [field, value] of [
      ['name', patch.name],
      ['slug', patch.slug],
      ['active', patch.active],
      ['description', description],
    ] as const) {
      if (value === undefined || value === current[field]) continue;
      before[field] = current[field];
      after[field] = value;
      sets.push(sql`${sql.raw(field)} = ${value}`);
    }
    if (sets.length === 0)
      return { ok: true, value: current, audit: { entityId: String(id), before: {}, after: {} } };
    try {
      const stale = await this.database.db.transaction(async (tx) => {
        // A slug change rewrites the subtree's paths: not side by side with a move (see move()).
        if (after.slug !== undefined) {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATEGORY_TREE_LOCK})`);
        }
        // The version is compared in the write itself, so of two racing saves of one version only
        // the first wins; the other is a 409, not a silently lost edit.
        const updated = rowsOf<{ id: number }>(
          await tx.execute(
            sql`UPDATE categories SET ${sql.join(sets, sql`, `)}, version = version + 1 WHERE id = ${id}
              ${patch.expected_version === undefined ? sql`` : sql`AND version = ${patch.expected_version}`}
              RETURNING id`,
          ),
        );
        if (updated.length === 0) return true;
        if (after.slug !== undefined) await SqlCategoryAdminStore.repath(tx, id);
        if (after.name !== undefined) {
          await tx.execute(
            sql`UPDATE products SET category_name = ${String(after.name)} WHERE category_id = ${id}`,
          );
        }
        return false;
      });
      if (stale) return refuse(409, 'version_conflict', CATEGORY_CONFLICT);
    } catch (error) {
      if (isUniqueViolation(error))
        return refuse(409, 'slug_taken', 'Такой адрес (slug) уже занят другой категорией.');
      throw error;
    }
    const category = await this.one(id);
    if (!category) return refuse(404, 'not_found', CATEGORY_NOT_FOUND);
    return { ok: true, value: category, audit: { entityId: String(id), before, after } };
  }

  async remove(id: number): Promise<AdminWrite<{ deleted: number }>> {
    const current = await this.one(id);
    if (!current) return refuse(404, 'not_found', CATEGORY_NOT_FOUND);
    if (current.child_count > 0) {
      return refuse(409, 'has_children', 'В категории есть подкатегории: перенесите или удалите их сначала.');
    }
    const [listed] = await this.database.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM products p
      WHERE p.category_id = ${id} OR p.id IN (SELECT product_id FROM product_categories WHERE category_id = ${id})`);
    if (Number(listed?.n ?? 0) > 0) {
      return refuse(
        409,
        'has_products',
        `В категории ${Number(listed?.n)} товаров (включая удалённые): перенесите их в другую категорию сначала.`,
      );
    }
    // parent_id has no foreign key: a move into this category racing its deletion would leave the
    // moved subtree hanging from nothing. Under the tree lock (see move()) the emptiness is rechecked.
    const deleted = await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATEGORY_TREE_LOCK})`);
      return rowsOf<{ id: number }>(
        await tx.execute(sql`
          DELETE FROM categories WHERE id = ${id}
            AND NOT EXISTS (SELECT 1 FROM categories child WHERE child.parent_id = ${id})
          RETURNING id`),
      );
    });
    if (deleted.length === 0) {
      return refuse(409, 'has_children', 'В категории есть подкатегории: перенесите или удалите их сначала.');
    }
    return {
      ok: true,
      value: { deleted: id },
      audit: { entityId: String(id), before: { name: current.name, path: current.path }, after: null },
    };
  }

  async move(
    id: number,
    parentId: number | null,
    position: number,
    expectedVersion?: number,
  ): Promise<AdminWrite<readonly AdminCategory[]>> {
    const current = await this.one(id);
    if (!current) return refuse(404, 'not_found', CATEGORY_NOT_FOUND);
    // Moves are checked and written under one tree-wide lock: two moves checked side by side (A under
    // B, B under A) each saw no cycle and together made one, after which every tree walk looped
    // (issue 12, item 7). The checks read inside the lock, so the second move sees the first.
    const refused = await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATEGORY_TREE_LOCK})`);
      const [locked] = rowsOf<{ version: number }>(
        await tx.execute(sql`SELECT version FROM categories WHERE id = ${id}`),
      );
      if (!locked) return refuse(404, 'not_found', CATEGORY_NOT_FOUND);
      if (expectedVersion !== undefined && expectedVersion !== Number(locked.version)) {
        return refuse(409, 'version_conflict', CATEGORY_CONFLICT);
      }
      if (parentId !== null) {
        if (parentId === id) return refuse(409, 'cycle', 'Категорию нельзя вложить в саму себя.');
        const [inside] = rowsOf<{ n: number }>(
          await tx.execute(sql`
            WITH RECURSIVE sub AS (SELECT id FROM categories WHERE id = ${id}
              UNION SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
            SELECT count(*)::int AS n FROM sub WHERE id = ${parentId}`),
        );
        if (Number(inside?.n ?? 0) > 0)
          return refuse(409, 'cycle', 'Категорию нельзя вложить в её же подкатегорию.');
        const [parent] = rowsOf<{ id: number }>(
          await tx.execute(sql`SELECT id FROM categories WHERE id = ${parentId}`),
        );
        if (!parent) return refuse(404, 'parent_not_found', 'Родительская категория не найдена.');
      }
      const siblings = rowsOf<{ id: number }>(
        await tx.execute(sql`
          SELECT id FROM categories WHERE parent_id IS NOT DISTINCT FROM ${parentId} AND id <> ${id}
          ORDER BY sort_order, id`),
      ).map((row) => Number(row.id));
      siblings.splice(Math.min(position, siblings.length), 0, id);
      for (const [order, siblingId] of siblings.entries()) {
        await tx.execute(sql`UPDATE categories SET sort_order = ${order} WHERE id = ${siblingId}`);
      }
      await tx.execute(
        sql`UPDATE categories SET parent_id = ${parentId}, version = version + 1 WHERE id = ${id}`,
      );
      await SqlCategoryAdminStore.repath(tx, id);
      return null;
    });
    if (refused) return refused;
    return {
      ok: true,
      value: await this.list(),
      audit: {
        entityId: String(id),
        before: { parent_id: current.parent_id, sort_order: current.sort_order, path: current.path },
        after: { parent_id: parentId, position },
      },
    };
  }

  async setImage(
    id: number,
    key: string | null,
  ): Promise<AdminWrite<{ category: AdminCategory; oldKey: string | null }>> {
    const current = await this.database.rows<{ image_key: string | null; name: string }>(
      sql`SELECT image_key, name FROM categories WHERE id = ${id}`,
    );
    const [row] = current;
    if (!row) return refuse(404, 'not_found', CATEGORY_NOT_FOUND);
    if (key !== null) {
      await this.database.rows(sql`
        INSERT INTO media_images (key, kind, shape, variant, alt) VALUES (${key}, 'upload', 'free', 0, ${row.name})
        ON CONFLICT (key) DO NOTHING`);
    }
    await this.database.rows(
      sql`UPDATE categories SET image_key = ${key}, version = version + 1 WHERE id = ${id}`,
    );
    const category = await this.one(id);
    if (!category) return refuse(404, 'not_found', CATEGORY_NOT_FOUND);
    return {
      ok: true,
      value: { category, oldKey: row.image_key },
      audit: { entityId: String(id), before: { image: row.image_key }, after: { image: key } },
    };
  }

  async link(a: number, b: number, linked: boolean): Promise<AdminWrite<{ a: number; b: number }>> {
    if (a === b) return refuse(409, 'self_link', 'Категорию нельзя связать с самой собой.');
    const found = await this.database.rows<{ id: number }>(
      sql`SELECT id FROM categories WHERE id IN (${a}, ${b})`,
    );
    if (found.length < 2) return refuse(404, 'not_found', CATEGORY_NOT_FOUND);
    if (linked) {
      await this.database.rows(sql`
        INSERT INTO category_refs (category_id, ref_category_id) VALUES (${a}, ${b}), (${b}, ${a}) ON CONFLICT DO NOTHING`);
    } else {
      const removed = await this.database.rows<{ category_id: number }>(sql`
        DELETE FROM category_refs WHERE (category_id = ${a} AND ref_category_id = ${b})
          OR (category_id = ${b} AND ref_category_id = ${a}) RETURNING category_id`);
      if (removed.length === 0) return refuse(404, 'not_found', 'Связи между этими категориями нет.');
    }
    return {
      ok: true,
      value: { a, b },
      audit: { entityId: `${a}-${b}`, before: { linked: !linked }, after: { linked } },
    };
  }

  async listRedirects(
    q: string | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: Redirect[]; total: number }> {
    const pattern = q?.trim() ? `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = pattern === null ? sql`` : sql`WHERE from_path LIKE ${pattern} OR to_path LIKE ${pattern}`;
    const rows = await this.database.rows<{
      id: number;
      from_path: string;
      to_path: string;
      source: string;
      created_at: string | Date;
    }>(sql`SELECT id, from_path, to_path, source, created_at FROM redirects ${where}
           ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
    const [count] = await this.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM redirects ${where}`,
    );
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        from_path: row.from_path,
        to_path: row.to_path,
        source: row.source,
        created_at: new Date(row.created_at).toISOString(),
      })),
      total: Number(count?.n ?? 0),
    };
  }

  async createRedirect(from: string, to: string): Promise<AdminWrite<Redirect>> {
    if (from === to) return refuse(409, 'redirect_loop', 'Адрес перенаправления совпадает с исходным.');
    const [loop] = await this.database.rows<{ id: number }>(
      sql`SELECT id FROM redirects WHERE from_path = ${to} AND to_path = ${from}`,
    );
    if (loop) return refuse(409, 'redirect_loop', 'Обратное перенаправление уже есть: получилась бы петля.');
    await this.database.db.transaction(async (tx) => addRedirect(tx, from, to, 'manual'));
    const { items } = await this.listRedirects(from, 1, 50);
    const created = items.find((item) => item.from_path === from);
    if (!created) throw new Error('created redirect vanished');
    return {
      ok: true,
      value: created,
      audit: { entityId: String(created.id), before: null, after: { from, to } },
    };
  }

  async deleteRedirect(id: number): Promise<AdminWrite<{ deleted: number }>> {
    const removed = await this.database.rows<{ from_path: string; to_path: string }>(
      sql`DELETE FROM redirects WHERE id = ${id} RETURNING from_path, to_path`,
    );
    const [row] = removed;
    if (!row) return refuse(404, 'not_found', 'Перенаправление не найдено.');
    return {
      ok: true,
      value: { deleted: id },
      audit: { entityId: String(id), before: { ...row }, after: null },
    };
  }

  async redirectFor(path: string): Promise<string | null> {
    const [row] = await this.database.rows<{ to_path: string }>(
      sql`SELECT to_path FROM redirects WHERE from_path = ${path} LIMIT 1`,
    );
    return row?.to_path ?? null;
  }
}
