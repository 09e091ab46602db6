import { type SQL, sql } from 'drizzle-orm';
import { PromoLimitError } from '../../application/order-limits';
import { rebalanceOrderStock } from '../catalogue/stock-ledger';

type Executor = { execute(query: SQL): Promise<unknown> };
const rowsOf = <T>(result: unknown): T[] => {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
};

/**
 * Takes an order's stock and promo use inside the order's own create transaction, so neither can be
 * oversold however many orders race (issues 11 and 22):
 *
 * - stock: through the stock ledger (rebalanceOrderStock, reason 'order_taken'): the products are
 *   locked in id order, each line takes what it asks for, a product without backorders that is short
 *   refuses the order, one allowing backorders takes what is there and the line is sold «под заказ»;
 *   untracked stock (NULL) is left alone.
 * - promo: takePromoUse (below).
 *
 * Throws OutOfStockError / PromoLimitError; the caller's transaction then rolls the order back.
 * Cancelling the order gives both back (trigger `orders_cancel_release`, migrations 0005 and 0011).
 */
export async function reserveForOrder(
  tx: Executor,
  order: {
    readonly id: number;
    readonly clientId: number;
    readonly items: readonly {
      readonly productId: number;
      readonly name: string;
      readonly quantity: number;
    }[];
    readonly promoCode: string | null;
    readonly discount: number;
    readonly total: number;
  },
  actorId: number | null = null,
): Promise<void> {
  await rebalanceOrderStock(tx, { id: order.id, lines: order.items, reason: 'order_taken', actorId });
  if (order.promoCode === null) return;
  await takePromoUse(tx, {
    orderId: order.id,
    clientId: order.clientId,
    code: order.promoCode,
    discount: order.discount,
    total: order.total,
  });
}

/**
 * Counts one use of a promo code for an order, on every path that applies a code (checkout, a
 * manager's order, a code put on an existing order): a conditional increment of the code's use
 * counter (`uses < usage_limit`, the row lock serialises racing orders) and of the client's counter
 * (`INSERT … ON CONFLICT DO UPDATE … WHERE uses < per_client_limit`), then one redemption row with the
 * discount and total for the statistics. Throws PromoLimitError when a limit is reached.
 */
export async function takePromoUse(
  tx: Executor,
  use: {
    readonly orderId: number;
    readonly clientId: number;
    readonly code: string;
    readonly discount: number;
    readonly total: number;
  },
): Promise<void> {
  const [promo] = rowsOf<{ per_client_limit: number | null }>(
    await tx.execute(sql`
      UPDATE promo_codes SET uses = uses + 1
      WHERE code = ${use.code} AND (usage_limit IS NULL OR uses < usage_limit)
      RETURNING per_client_limit`),
  );
  if (promo === undefined) throw new PromoLimitError('total');
  const limit = promo.per_client_limit === null ? null : Number(promo.per_client_limit);
  const counted = rowsOf<{ uses: number }>(
    await tx.execute(sql`
      INSERT INTO promo_client_uses (code, client_id, uses) VALUES (${use.code}, ${use.clientId}, 1)
      ON CONFLICT (code, client_id) DO UPDATE SET uses = promo_client_uses.uses + 1
      ${limit === null ? sql`` : sql`WHERE promo_client_uses.uses < ${limit}`}
      RETURNING uses`),
  );
  if (counted.length === 0 || (limit !== null && Number(counted[0]?.uses) > limit)) {
    throw new PromoLimitError('per_client');
  }
  // One live redemption per order: a code put back on an order reuses its released row.
  await tx.execute(sql`
    INSERT INTO promo_redemptions (code, order_id, client_id, discount, total)
    VALUES (${use.code}, ${use.orderId}, ${use.clientId}, ${use.discount}, ${use.total})
    ON CONFLICT (order_id) DO UPDATE SET code = excluded.code, client_id = excluded.client_id,
      discount = excluded.discount, total = excluded.total, released_at = NULL`);
}

/**
 * Gives back the order's live promo use (a manager removed or replaced the code): the same counters
 * the cancel trigger gives back. Nothing when the order holds no live use.
 */
export async function releasePromoUse(tx: Executor, orderId: number): Promise<void> {
  const released = rowsOf<{ code: string; client_id: number }>(
    await tx.execute(sql`
      UPDATE promo_redemptions SET released_at = now()
      WHERE order_id = ${orderId} AND released_at IS NULL RETURNING code, client_id`),
  );
  for (const row of released) {
    await tx.execute(sql`UPDATE promo_codes SET uses = greatest(uses - 1, 0) WHERE code = ${row.code}`);
    await tx.execute(sql`
      UPDATE promo_client_uses SET uses = greatest(uses - 1, 0)
      WHERE code = ${row.code} AND client_id = ${row.client_id}`);
  }
}

/** The code the order's live promo use counts, if any. */
export async function livePromoCode(tx: Executor, orderId: number): Promise<string | null> {
  const [row] = rowsOf<{ code: string }>(
    await tx.execute(
      sql`SELECT code FROM promo_redemptions WHERE order_id = ${orderId} AND released_at IS NULL`,
    ),
  );
  return row?.code ?? null;
}

/** The live use's discount and total follow an edit of the order's lines (statistics). */
export async function updatePromoUse(
  tx: Executor,
  orderId: number,
  amounts: { readonly discount: number; readonly total: number },
): Promise<void> {
  await tx.execute(sql`
    UPDATE promo_redemptions SET discount = ${amounts.discount}, total = ${amounts.total}
    WHERE order_id = ${orderId} AND released_at IS NULL`);
}
