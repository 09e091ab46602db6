import { type SQL, sql } from 'drizzle-orm';
import type { AdminPromo } from '../../../api/admin-promo';
import {
  type AdminWrite,
  type PromoAdminStore,
  type PromoInput,
  refuse,
} from '../../application/admin-catalogue.port';
import type { Database } from '../db/database';
import { isUniqueViolation } from './catalogue-sql';

const PROMO_NOT_FOUND = 'Промокод не найден.';

interface PromoRow {
  code: string;
  kind: string;
  discount_percent: number;
  fixed_discount: number;
  description: string;
  min_order_total: number;
  valid_from: string | Date | null;
  valid_until: string | Date | null;
  active: boolean;
  usage_limit: number | null;
  per_client_limit: number | null;
  version: number;
  uses: number;
  revenue: number | string | null;
  discount_sum: number | string | null;
  clients: number;
}

const isoOrNull = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A bare date means the start (from) or the very end (until) of that UTC day. */
function dateBound(value: string | null | undefined, end: boolean): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
  return new Date(value).toISOString();
}

const STATS = sql.raw(`
  (SELECT count(*)::int FROM promo_redemptions r WHERE r.code = pc.code AND r.released_at IS NULL) AS uses,
  (SELECT coalesce(sum(r.total), 0) FROM promo_redemptions r WHERE r.code = pc.code AND r.released_at IS NULL) AS revenue,
  (SELECT coalesce(sum(r.discount), 0) FROM promo_redemptions r WHERE r.code = pc.code AND r.released_at IS NULL) AS discount_sum,
  (SELECT count(DISTINCT r.client_id)::int FROM promo_redemptions r WHERE r.code = pc.code AND r.released_at IS NULL) AS clients`);

/**
 * Promo codes in SQL. Statistics come from promo_redemptions (written by the order's transaction;
 * released when the order is cancelled), money there is kopecks and is answered in roubles.
 */
export class SqlPromoAdminStore implements PromoAdminStore {
  constructor(private readonly database: Database) {}

  private static toPromo(row: PromoRow): AdminPromo {
    const kind = row.kind === 'fixed' ? 'fixed' : 'percent';
    return {
      code: row.code,
      kind,
      value: kind === 'fixed' ? Number(row.fixed_discount) : Number(row.discount_percent),
      description: row.description,
      min_order_total: Number(row.min_order_total),
      valid_from: isoOrNull(row.valid_from),
      valid_until: isoOrNull(row.valid_until),
      active: row.active,
      usage_limit: row.usage_limit === null ? null : Number(row.usage_limit),
      per_client_limit: row.per_client_limit === null ? null : Number(row.per_client_limit),
      stats: {
        uses: Number(row.uses),
        revenue: Number(row.revenue ?? 0),
        discount: Number(row.discount_sum ?? 0),
        clients: Number(row.clients),
      },
      version: Number(row.version),
    };
  }

  private async select(where: SQL, tail: SQL = sql``): Promise<AdminPromo[]> {
    const rows = await this.database.rows<PromoRow>(
      sql`SELECT pc.*, ${STATS} FROM promo_codes pc ${where} ORDER BY pc.code ${tail}`,
    );
    return rows.map(SqlPromoAdminStore.toPromo);
  }

  async list(q: string | undefined, active: boolean | undefined, page: number, limit: number) {
    const conditions: SQL[] = [];
    if (q?.trim())
      conditions.push(
        sql`pc.code LIKE ${`%${q
          .trim()
          .toUpperCase()
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      );
    if (active !== undefined) conditions.push(sql`pc.active = ${active}`);
    const where = conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;
    const items = await this.select(where, sql`LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
    const [count] = await this.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM promo_codes pc ${where}`,
    );
    return { items, total: Number(count?.n ?? 0) };
  }

  async get(code: string): Promise<AdminPromo | null> {
    const [promo] = await this.select(sql`WHERE pc.code = ${code.toUpperCase()}`);
    return promo ?? null;
  }

  private static check(
    kind: 'percent' | 'fixed',
    value: number | undefined,
    from: string | null | undefined,
    until: string | null | undefined,
  ) {
    if (kind === 'percent' && value !== undefined && (value < 1 || value > 100)) {
      return refuse(400, 'bad_request', 'Скидка в процентах — от 1 до 100.');
    }
    if (from && until && Date.parse(from) > Date.parse(until)) {
      return refuse(400, 'bad_request', 'Дата начала позже даты окончания.');
    }
    return null;
  }

  async create(input: PromoInput & { code: string }): Promise<AdminWrite<AdminPromo>> {
    const code = input.code.toUpperCase();
    const kind = input.kind ?? 'percent';
    const from = dateBound(input.valid_from, false) ?? null;
    const until = dateBound(input.valid_until, true) ?? null;
    const problem = SqlPromoAdminStore.check(kind, input.value, from, until);
    if (problem) return problem;
    try {
      await this.database.rows(sql`
        INSERT INTO promo_codes (code, discount_percent, fixed_discount, kind, active, description, min_order_total,
          valid_from, valid_until, usage_limit, per_client_limit)
        VALUES (${code}, ${kind === 'percent' ? (input.value ?? 0) : 0}, ${kind === 'fixed' ? (input.value ?? 0) : 0},
          ${kind}, ${input.active ?? true}, ${input.description ?? ''}, ${input.min_order_total ?? 0},
          ${from}, ${until}, ${input.usage_limit ?? null}, ${input.per_client_limit ?? null})`);
    } catch (error) {
      if (isUniqueViolation(error)) return refuse(409, 'code_taken', 'Такой промокод уже есть.');
      throw error;
    }
    const promo = await this.get(code);
    if (!promo) throw new Error('created promo vanished');
    return { ok: true, value: promo, audit: { entityId: code, before: null, after: { ...input, code } } };
  }

  async update(
    code: string,
    patch: PromoInput & { expected_version?: number },
  ): Promise<AdminWrite<AdminPromo>> {
    const current = await this.get(code);
    if (!current) return refuse(404, 'not_found', PROMO_NOT_FOUND);
    if (patch.expected_version !== undefined && patch.expected_version !== current.version) {
      return refuse(
        409,
        'version_conflict',
        'Промокод уже изменил кто-то другой. Обновите страницу и повторите.',
      );
    }
    const kind = patch.kind ?? current.kind;
    const value =
      patch.value ?? (patch.kind !== undefined && patch.kind !== current.kind ? undefined : current.value);
    if (value === undefined) return refuse(400, 'bad_request', 'Укажите размер скидки для нового типа.');
    const from =
      patch.valid_from === undefined ? current.valid_from : (dateBound(patch.valid_from, false) ?? null);
    const until =
      patch.valid_until === undefined ? current.valid_until : (dateBound(patch.valid_until, true) ?? null);
    const problem = SqlPromoAdminStore.check(kind, value, from, until);
    if (problem) return problem;
    const next = {
      kind,
      value,
      description: patch.description ?? current.description,
      min_order_total: patch.min_order_total ?? current.min_order_total,
      valid_from: from,
      valid_until: until,
      active: patch.active ?? current.active,
      usage_limit: patch.usage_limit === undefined ? current.usage_limit : patch.usage_limit,
      per_client_limit:
        patch.per_client_limit === undefined ? current.per_client_limit : patch.per_client_limit,
    };
    // The new row is the patch merged into the row read above, so it is written only over that very
    // version: a racing save in between makes this one a 409 instead of silently undoing it (and of
    // two saves naming one expected_version, exactly one wins).
    const written = await this.database.rows<{ code: string }>(sql`
      UPDATE promo_codes SET kind = ${next.kind},
        discount_percent = ${next.kind === 'percent' ? next.value : 0}, fixed_discount = ${next.kind === 'fixed' ? next.value : 0},
        description = ${next.description}, min_order_total = ${next.min_order_total}, valid_from = ${next.valid_from},
        valid_until = ${next.valid_until}, active = ${next.active}, usage_limit = ${next.usage_limit},
        per_client_limit = ${next.per_client_limit}, version = version + 1
      WHERE code = ${current.code} AND version = ${current.version}
      RETURNING code`);
    if (written.length === 0) {
      return refuse(
        409,
        'version_conflict',
        'Промокод уже изменил кто-то другой. Обновите страницу и повторите.',
      );
    }
    const promo = await this.get(current.code);
    if (!promo) return refuse(404, 'not_found', PROMO_NOT_FOUND);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(next)) {
      const old = current[field as keyof typeof next];
      if (old !== value) {
        before[field] = old;
        after[field] = value;
      }
    }
    return { ok: true, value: promo, audit: { entityId: current.code, before, after } };
  }

  async remove(code: string): Promise<AdminWrite<{ deleted: string }>> {
    const current = await this.get(code);
    if (!current) return refuse(404, 'not_found', PROMO_NOT_FOUND);
    const [used] = await this.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM promo_redemptions WHERE code = ${current.code}`,
    );
    if (Number(used?.n ?? 0) > 0) {
      return refuse(409, 'promo_used', 'Промокодом уже пользовались: его можно только отключить.');
    }
    await this.database.rows(sql`DELETE FROM promo_codes WHERE code = ${current.code}`);
    return {
      ok: true,
      value: { deleted: current.code },
      audit: { entityId: current.code, before: { ...current }, after: null },
    };
  }
}
