import { type SQL, sql } from 'drizzle-orm';
import { OutOfStockError, PromoLimitError, type StockShortage } from '../../application/order-limits';

type Executor = { execute(query: SQL): Promise<unknown> };
const rowsOf = <T>(result: unknown): T[] => {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
};

/**
 * Takes an order's stock and promo use inside the order's own create transaction, so neither can be
 * oversold however many orders race (issue 11):
 *
 * - stock: `UPDATE … SET stock = stock - q WHERE stock >= q` per line — the row lock serialises racing
 *   orders and the condition is re-checked on the latest row, so the count never goes below zero;
 *   untracked stock (NULL) is left alone. Lines go in product-id order so two orders never wait on
 *   each other's rows (no deadlock).
 * - promo: a conditional increment of the code's use counter (`uses < usage_limit`) and of the
 *   client's counter (`INSERT … ON CONFLICT DO UPDATE … WHERE uses < per_client_limit`), then one
 *   redemption row with the discount and total for the statistics.
 *
 * Throws OutOfStockError / PromoLimitError; the caller's transaction then rolls the order back.
 * Cancelling the order gives both back (trigger `orders_cancel_release`, migration 0005).
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
): Promise<void> {
  const shortages: StockShortage[] = [];
  const lines = [...order.items].sort((a, b) => a.productId - b.productId);
  for (const line of lines) {
    const taken = rowsOf<{ id: number }>(
      await tx.execute(sql`
        UPDATE products SET stock = stock - ${line.quantity}
        WHERE id = ${line.productId} AND stock IS NOT NULL AND stock >= ${line.quantity} RETURNING id`),
    );
    if (taken.length > 0) continue;
    const [current] = rowsOf<{ stock: number | null }>(
      await tx.execute(sql`SELECT stock FROM products WHERE id = ${line.productId}`),
    );
    if (current === undefined || current.stock === null) continue;
    shortages.push({
      productId: line.productId,
      name: line.name,
      requested: line.quantity,
      available: Math.max(0, Number(current.stock)),
    });
  }
  if (shortages.length > 0) throw new OutOfStockError(shortages);
  if (order.promoCode === null) return;
  const [promo] = rowsOf<{ per_client_limit: number | null }>(
    await tx.execute(sql`
      UPDATE promo_codes SET uses = uses + 1
      WHERE code = ${order.promoCode} AND (usage_limit IS NULL OR uses < usage_limit)
      RETURNING per_client_limit`),
  );
  if (promo === undefined) throw new PromoLimitError('total');
  const limit = promo.per_client_limit === null ? null : Number(promo.per_client_limit);
  const counted = rowsOf<{ uses: number }>(
    await tx.execute(sql`
      INSERT INTO promo_client_uses (code, client_id, uses) VALUES (${order.promoCode}, ${order.clientId}, 1)
      ON CONFLICT (code, client_id) DO UPDATE SET uses = promo_client_uses.uses + 1
      ${limit === null ? sql`` : sql`WHERE promo_client_uses.uses < ${limit}`}
      RETURNING uses`),
  );
  if (counted.length === 0 || (limit !== null && Number(counted[0]?.uses) > limit)) {
    throw new PromoLimitError('per_client');
  }
  await tx.execute(sql`
    INSERT INTO promo_redemptions (code, order_id, client_id, discount, total)
    VALUES (${order.promoCode}, ${order.id}, ${order.clientId}, ${order.discount}, ${order.total})`);
}
