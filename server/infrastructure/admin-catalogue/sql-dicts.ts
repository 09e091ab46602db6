import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { DICT_NAMES, DICT_TITLES, type DictEntry, type DictName } from '../../../api/dicts';
import { type AdminWrite, type DictStore, refuse } from '../../application/admin-catalogue.port';
import { SHOP_CSV_OPTIONS } from '../../domain/csv-cell';
import type { Database } from '../db/database';
import { isUniqueViolation, slugOf } from './catalogue-sql';

/**
 * Where each dictionary's values live on a product: a column and/or a spec line (spec §3 labels).
 * Refresh takes the union of both over the products that are not deleted.
 */
const SOURCES: Readonly<Record<DictName, { column?: string; spec?: string }>> = {
  colors: { column: 'colour', spec: 'COLOR' },
  materials: { column: 'material', spec: 'MATERIAL' },
  countries: { column: 'country', spec: 'COUNTRY' },
  factories: { spec: 'FABRIKA' },
  series: { spec: 'SERIA' },
  styles: { column: 'style', spec: 'STYLE' },
  collections: { column: 'collection' },
  brands: { column: 'brand' },
};

/**
 * The writes that lock many entries in one transaction (refresh, bulk upsert) run one at a time, under
 * a transaction-scoped advisory lock: two refreshes at once each zeroed every count of a list, then
 * upserted the values in their own order, and on PostgreSQL each waited for rows the other held — a
 * deadlock, answered 500 (issue 24, item 7); a bulk upsert racing a refresh could do the same. A waiting
 * refresh recounts from the products the first one left, so the last to finish is still a full,
 * correct refresh. Single-row writes (create, update, remove) hold one row and need no turn.
 */
const DICT_BULK_WRITE_LOCK = 0xd1c7e5;

interface EntryRow {
  key: string;
  value: string;
  sort_order: number;
  active: boolean;
  product_count: number;
  source: string;
}

const toEntry = (row: EntryRow): DictEntry => ({
  key: row.key,
  value: row.value,
  sort_order: Number(row.sort_order),
  active: row.active,
  product_count: Number(row.product_count),
  source: row.source,
});

export class SqlDictStore implements DictStore {
  constructor(private readonly database: Database) {}

  async list(name: DictName): Promise<readonly DictEntry[]> {
    const rows = await this.database.rows<EntryRow>(sql`
      SELECT key, value, sort_order, active, product_count, source FROM dict_entries
      WHERE name = ${name} ORDER BY sort_order, value`);
    return rows.map(toEntry);
  }

  async get(name: DictName, key: string): Promise<DictEntry | null> {
    const [row] = await this.database.rows<EntryRow>(sql`
      SELECT key, value, sort_order, active, product_count, source FROM dict_entries WHERE name = ${name} AND key = ${key}`);
    return row ? toEntry(row) : null;
  }

  async create(
    name: DictName,
    entry: { key?: string; value: string; sort_order?: number; active?: boolean },
  ): Promise<AdminWrite<DictEntry>> {
    const key = entry.key ?? slugOf(entry.value);
    try {
      await this.database.rows(sql`
        INSERT INTO dict_entries (name, key, value, sort_order, active, source)
        VALUES (${name}, ${key}, ${entry.value.trim()}, ${entry.sort_order ?? 0}, ${entry.active ?? true}, 'manual')`);
    } catch (error) {
      if (isUniqueViolation(error)) return refuse(409, 'key_taken', 'Такая запись в справочнике уже есть.');
      throw error;
    }
    const created = await this.get(name, key);
    if (!created) throw new Error('created entry vanished');
    return {
      ok: true,
      value: created,
      audit: { entityId: `${name}/${key}`, before: null, after: { ...entry, key } },
    };
  }

  async upsert(
    name: DictName,
    entries: readonly { key?: string; value: string; sort_order?: number; active?: boolean }[],
  ): Promise<AdminWrite<readonly DictEntry[]>> {
    await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${DICT_BULK_WRITE_LOCK})`);
      for (const entry of entries) {
        const key = entry.key ?? slugOf(entry.value);
        await tx.execute(sql`
          INSERT INTO dict_entries (name, key, value, sort_order, active, source)
          VALUES (${name}, ${key}, ${entry.value.trim()}, ${entry.sort_order ?? 0}, ${entry.active ?? true}, 'manual')
          ON CONFLICT (name, key) DO UPDATE SET value = excluded.value,
            sort_order = ${entry.sort_order === undefined ? sql`dict_entries.sort_order` : sql`excluded.sort_order`},
            active = ${entry.active === undefined ? sql`dict_entries.active` : sql`excluded.active`}`);
      }
    });
    return {
      ok: true,
      value: await this.list(name),
      audit: { entityId: name, before: null, after: { upserted: entries.length } },
    };
  }

  async update(
    name: DictName,
    key: string,
    patch: { value?: string; sort_order?: number; active?: boolean },
  ): Promise<AdminWrite<DictEntry>> {
    const current = await this.get(name, key);
    if (!current) return refuse(404, 'not_found', 'Запись справочника не найдена.');
    await this.database.rows(sql`
      UPDATE dict_entries SET value = ${patch.value?.trim() ?? current.value},
        sort_order = ${patch.sort_order ?? current.sort_order}, active = ${patch.active ?? current.active}
      WHERE name = ${name} AND key = ${key}`);
    const updated = await this.get(name, key);
    if (!updated) return refuse(404, 'not_found', 'Запись справочника не найдена.');
    return {
      ok: true,
      value: updated,
      audit: {
        entityId: `${name}/${key}`,
        before: { value: current.value, sort_order: current.sort_order, active: current.active },
        after: { ...patch },
      },
    };
  }

  async remove(name: DictName, key: string): Promise<AdminWrite<{ deleted: string }>> {
    const removed = await this.database.rows<{ value: string }>(
      sql`DELETE FROM dict_entries WHERE name = ${name} AND key = ${key} RETURNING value`,
    );
    if (removed.length === 0) return refuse(404, 'not_found', 'Запись справочника не найдена.');
    return {
      ok: true,
      value: { deleted: key },
      audit: { entityId: `${name}/${key}`, before: { value: removed[0]?.value }, after: null },
    };
  }

  /**
   * A shop whose reference lists were never filled gets them from its products (at start, after the
   * seed: issue 25 item 13 — a fresh shop's lists were empty until «Обновить из товаров» was pressed).
   * A shop with any entry keeps its lists as its managers left them. Answers whether it filled them.
   */
  async fillIfEmpty(): Promise<boolean> {
    const [state] = await this.database.rows<{ entries: boolean; products: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM dict_entries) AS entries,
             EXISTS (SELECT 1 FROM products WHERE deleted_at IS NULL) AS products`);
    if (state === undefined || state.entries || !state.products) return false;
    await this.refresh();
    return true;
  }

  /** Re-derives every list from the products; hand-made entries stay (their counts are refreshed). */
  async refresh(): Promise<AdminWrite<{ counts: Record<string, number> }>> {
    const counts: Record<string, number> = {};
    await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${DICT_BULK_WRITE_LOCK})`);
      for (const name of DICT_NAMES) {
        const source = SOURCES[name];
        const parts = [
          source.column
            ? `SELECT ${source.column} AS value, id FROM products WHERE deleted_at IS NULL`
            : null,
          source.spec
            ? `SELECT specs->>'${source.spec}' AS value, id FROM products WHERE deleted_at IS NULL`
            : null,
        ].filter((part): part is string => part !== null);
        const result = await tx.execute(
          sql.raw(`SELECT btrim(value) AS value, count(DISTINCT id)::int AS n FROM (${parts.join(' UNION ALL ')}) v
                   WHERE value IS NOT NULL AND btrim(value) <> '' GROUP BY btrim(value) ORDER BY btrim(value)`),
        );
        const values = ((result as { rows?: { value: string; n: number }[] }).rows ?? []).map((row) => ({
          value: row.value,
          n: Number(row.n),
        }));
        await tx.execute(sql`UPDATE dict_entries SET product_count = 0 WHERE name = ${name}`);
        const keys = new Set<string>();
        for (const { value, n } of values) {
          let key = slugOf(value);
          if (keys.has(key)) key = `${key}-${keys.size}`;
          keys.add(key);
          await tx.execute(sql`
            INSERT INTO dict_entries (name, key, value, product_count, source) VALUES (${name}, ${key}, ${value}, ${n}, 'products')
            ON CONFLICT (name, key) DO UPDATE SET product_count = excluded.product_count`);
        }
        // Derived entries no product uses any more go; hand-made ones stay.
        await tx.execute(
          sql`DELETE FROM dict_entries WHERE name = ${name} AND source = 'products' AND product_count = 0`,
        );
        const [count] =
          (
            (await tx.execute(sql`SELECT count(*)::int AS n FROM dict_entries WHERE name = ${name}`)) as {
              rows?: { n: number }[];
            }
          ).rows ?? [];
        counts[name] = Number(count?.n ?? 0);
      }
    });
    return { ok: true, value: { counts }, audit: { entityId: 'all', before: null, after: counts } };
  }

  async exportCsv(name: DictName | undefined): Promise<string> {
    const names = name ? [name] : [...DICT_NAMES];
    const records: (string | number)[][] = [
      ['Справочник', 'Название справочника', 'Ключ', 'Значение', 'Порядок', 'Активна', 'Товаров'],
    ];
    for (const dict of names) {
      for (const entry of await this.list(dict)) {
        records.push([
          dict,
          DICT_TITLES[dict],
          entry.key,
          entry.value,
          entry.sort_order,
          entry.active ? 'да' : 'нет',
          entry.product_count,
        ]);
      }
    }
    return stringify(records, SHOP_CSV_OPTIONS);
  }
}
