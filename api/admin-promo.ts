import { Schema } from 'effect';
import { promoCodeProblem } from '../shared-rules/promo-code-rule';
import { IsoDateTime } from './dates';
import { defineEndpoint } from './endpoint';
import { Kopecks } from './money';
import { intParam } from './query-fields';

/**
 * Promo codes (spec §7 Admin "Promo: /api/admin/promo, /api/admin/promo/{code}"). Admin only.
 *
 * A code gives a percentage or a fixed discount (whole roubles) on the order subtotal, from a minimum
 * order, between optional dates, while active, at most `usage_limit` times in total and
 * `per_client_limit` times per client. Both limits hold under concurrency: each redemption is a row
 * written in the order's own transaction under a conditional counter update.
 */
/** shared-rules/promo-code-rule.ts: the refusal carries the field's Russian reason. */
const PromoCodeText = Schema.String.pipe(
  Schema.check(Schema.makeFilter((code: string) => promoCodeProblem(code) ?? true)),
);

const PromoKind = Schema.Literals(['percent', 'fixed']);

const PromoStats = Schema.Struct({
  /** Orders that used the code (cancelled orders release their use and are not counted). */
  uses: Schema.Int,
  /** Sum of those orders' totals, kopecks (api/money.ts). */
  revenue: Kopecks,
  /** Sum of the discounts given, kopecks. */
  discount: Kopecks,
  clients: Schema.Int,
});

export const AdminPromo = Schema.Struct({
  code: Schema.String,
  kind: PromoKind,
  /** Percent 1–100, or roubles for 'fixed'. */
  value: Schema.Int,
  description: Schema.String,
  /** Smallest order subtotal, roubles (0: any). */
  min_order_total: Schema.Int,
  valid_from: Schema.NullOr(Schema.String),
  valid_until: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  /** Null: unlimited. */
  usage_limit: Schema.NullOr(Schema.Int),
  per_client_limit: Schema.NullOr(Schema.Int),
  stats: PromoStats,
  version: Schema.Int,
});
export type AdminPromo = typeof AdminPromo.Type;

const Limit = Schema.NullOr(
  Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 10_000_000 }))),
);
/** A real calendar date or date-time (api/dates.ts), or null. */
const IsoDate = Schema.NullOr(IsoDateTime);

const PromoPatch = Schema.Struct({
  kind: Schema.optionalKey(PromoKind),
  value: Schema.optionalKey(
    Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 10_000_000 }))),
  ),
  description: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(500)))),
  min_order_total: Schema.optionalKey(
    Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000_000 }))),
  ),
  /** ISO date or date-time; a bare date means the start (from) or the end (until) of that day, UTC. */
  valid_from: Schema.optionalKey(IsoDate),
  valid_until: Schema.optionalKey(IsoDate),
  active: Schema.optionalKey(Schema.Boolean),
  usage_limit: Schema.optionalKey(Limit),
  per_client_limit: Schema.optionalKey(Limit),
  expected_version: Schema.optionalKey(Schema.Int),
});

const PromoCreate = Schema.Struct({
  ...PromoPatch.fields,
  /** Stored upper-case. */
  code: PromoCodeText,
  kind: PromoKind,
  value: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 10_000_000 }))),
});

const CodeParams = Schema.Struct({ code: PromoCodeText });

export const listAdminPromo = defineEndpoint({
  area: 'promo',
  method: 'GET',
  path: '/api/admin/promo',
  tag: 'admin-promo',
  summary: 'Promo codes with their usage statistics',
  query: Schema.Struct({
    q: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(50)))),
    active: Schema.optionalKey(Schema.Literals(['true', 'false'])),
    page: intParam(1, 100_000, 1),
    limit: intParam(1, 200, 50),
  }),
  response: Schema.Struct({
    items: Schema.Array(AdminPromo),
    total: Schema.Int,
    page: Schema.Int,
    limit: Schema.Int,
  }),
  errorStatuses: [401, 403],
});

export const createAdminPromo = defineEndpoint({
  area: 'promo',
  method: 'POST',
  path: '/api/admin/promo',
  tag: 'admin-promo',
  summary: 'Creates a promo code (409 when the code exists)',
  body: PromoCreate,
  response: AdminPromo,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const getAdminPromo = defineEndpoint({
  area: 'promo',
  method: 'GET',
  path: '/api/admin/promo/:code',
  tag: 'admin-promo',
  summary: 'One promo code with its statistics',
  params: CodeParams,
  response: AdminPromo,
  errorStatuses: [401, 403, 404],
});

export const updateAdminPromo = defineEndpoint({
  area: 'promo',
  method: 'PATCH',
  path: '/api/admin/promo/:code',
  tag: 'admin-promo',
  summary: 'Changes the named fields of a promo code',
  params: CodeParams,
  body: PromoPatch,
  response: AdminPromo,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const deleteAdminPromo = defineEndpoint({
  area: 'promo',
  method: 'DELETE',
  path: '/api/admin/promo/:code',
  tag: 'admin-promo',
  summary: 'Deletes an unused promo code; a used one is refused (409) — deactivate it instead',
  params: CodeParams,
  response: Schema.Struct({ deleted: Schema.String }),
  errorStatuses: [401, 403, 404, 409],
});
