import { type SQL, sql } from 'drizzle-orm';
import { OutOfStockError, type StockShortage } from '../../application/order-limits';
import {
  heldByOrder,
  planStockChange,
  releaseOnCancel,
  type StockMovementReason,
  wantedByProduct,
} from '../../domain/stock-ledger';

/** A transaction (or the database) that runs raw SQL: drizzle's PGlite and node-postgres both do. */
export type SqlExecutor = { execute(query: SQL): Promise<unknown> };

const rowsOf = <T>(result: unknown): T[] => {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
};
const intOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

interface StockMovementInput {
  readonly productId: number;
  /** Units added (+) or taken (−); 0 records nothing. */
  readonly delta: number;
  readonly reason: StockMovementReason;
  readonly orderId?: number | null;
  /** The administrator who made the change, when one did. */
  readonly actorId?: number | null;
  readonly note?: string | null;
}

/**
 * The one way to change a product's stock (issue 22, docs/stock.md): moves `products.stock` and writes
 * the ledger row in one statement (SQL function `record_stock_movement`, migration 0011), inside the
 * caller's transaction. Answers the balance after the move, or null for an untracked product (nothing
 * is recorded). A move below zero fails the CHECK and so the caller's transaction. Any other UPDATE
 * of `products.stock` is refused by the trigger `products_stock_guard`.
 *
 * The product import records its stock changes with `reason: 'import'` through `setStockBalance`.
 */
export async function recordStockMovement(
  tx: SqlExecutor,
  movement: StockMovementInput,
): Promise<number | null> {
  const [row] = rowsOf<{ balance: number | null }>(
    await tx.execute(sql`SELECT record_stock_movement(${movement.productId}::int, ${movement.delta}::int,
      ${movement.reason}::text, ${movement.orderId ?? null}::int, ${movement.actorId ?? null}::int,
      ${movement.note ?? null}::text) AS balance`),
  );
  return intOrNull(row?.balance);
}

/**
 * Sets a product's balance through the ledger (the product form, a manual correction by the new
 * balance, the import): one row with the difference, under the product's row lock, so a checkout
 * racing the correction is neither lost nor counted twice. `target` null stops tracking (the
 * balance is written off to 0 first); a tracked target ≥ 0. Answers the balance after.
 */
export async function setStockBalance(
  tx: SqlExecutor,
  change: {
    readonly productId: number;
    readonly target: number | null;
    readonly reason: 'manual_correction' | 'import';
    readonly actorId?: number | null;
    readonly note?: string | null;
  },
): Promise<number | null> {
  const [row] = rowsOf<{ balance: number | null }>(
    await tx.execute(sql`SELECT set_stock_balance(${change.productId}::int, ${change.target}::int,
      ${change.reason}::text, ${change.actorId ?? null}::int, ${change.note ?? null}::text) AS balance`),
  );
  return intOrNull(row?.balance);
}

/** Units the order holds now, per product (−Σ of its ledger rows). */
async function heldBy(tx: SqlExecutor, orderId: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ product_id: number; delta: number }>(
    await tx.execute(sql`SELECT product_id, sum(delta)::int AS delta FROM stock_movements
      WHERE order_id = ${orderId} GROUP BY product_id`),
  );
  return heldByOrder(rows.map((row) => ({ productId: Number(row.product_id), delta: Number(row.delta) })));
}

interface OrderStockLine {
  readonly productId: number;
  readonly name: string;
  readonly quantity: number;
}

/**
 * Brings what an order holds to its lines: takes or gives back exactly the difference per product
 * (planStockChange), with `reason` and the manager. Products are locked in id order, so racing
 * orders never wait on each other in a cycle. Throws OutOfStockError (with `available` = what this
 * order could hold) when a product without backorders is short; the caller's transaction then rolls
 * everything back. Marks the order's lines sold «под заказ» (`backorder: true`) and unmarks the rest.
 *
 * The caller holds the order's row lock (it updated or inserted the order in this transaction), so
 * two changes of one order are serialised and `held` is current.
 */
export async function rebalanceOrderStock(
  tx: SqlExecutor,
  order: {
    readonly id: number;
    readonly lines: readonly OrderStockLine[];
    readonly reason: 'order_taken' | 'order_edited' | 'order_restored';
    readonly actorId: number | null;
  },
): Promise<void> {
  const held = await heldBy(tx, order.id);
  const wanted = wantedByProduct(order.lines);
  const names = new Map(order.lines.map((line) => [line.productId, line.name]));
  const productIds = [...new Set([...held.keys(), ...wanted.keys()])].sort((a, b) => a - b);
  if (productIds.length === 0) return;
  const facts = new Map<number, { stock: number | null; backorder: boolean }>();
  for (const row of rowsOf<{ id: number; stock: number | null; backorder_allowed: boolean }>(
    await tx.execute(sql`SELECT id, stock, backorder_allowed FROM products
      WHERE id IN (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id FOR UPDATE`),
  )) {
    facts.set(Number(row.id), { stock: intOrNull(row.stock), backorder: row.backorder_allowed === true });
  }
  const shortages: StockShortage[] = [];
  const moves: { productId: number; delta: number }[] = [];
  const backorders: number[] = [];
  for (const productId of productIds) {
    const product = facts.get(productId);
    const wantedUnits = wanted.get(productId) ?? 0;
    const heldUnits = held.get(productId) ?? 0;
    // A product deleted outright holds nothing any more (its rows went with it).
    if (product === undefined) continue;
    const plan = planStockChange(heldUnits, wantedUnits, {
      available: product.stock === null ? null : Math.max(0, product.stock),
      backorderAllowed: product.backorder,
    });
    if (!plan.ok) {
      shortages.push({
        productId,
        name: names.get(productId) ?? `№ ${productId}`,
        requested: wantedUnits,
        available: plan.canHave,
      });
      continue;
    }
    if (plan.delta !== 0) moves.push({ productId, delta: plan.delta });
    if (plan.backorder) backorders.push(productId);
  }
  if (shortages.length > 0) throw new OutOfStockError(shortages);
  for (const move of moves) {
    await recordStockMovement(tx, {
      productId: move.productId,
      delta: move.delta,
      // Giving units back after an edit is still the edit; a restore only ever takes.
      reason: order.reason,
      orderId: order.id,
      actorId: order.actorId,
    });
  }
  await markBackorderLines(tx, order.id, backorders);
}

/** Sets `backorder: true` on the order's lines of these products and drops it from the others. */
async function markBackorderLines(
  tx: SqlExecutor,
  orderId: number,
  productIds: readonly number[],
): Promise<void> {
  const ids = sql`ARRAY[${sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  await tx.execute(sql`
    UPDATE orders SET items = (
      SELECT coalesce(jsonb_agg(
        CASE WHEN (line->>'productId')::int = ANY(${productIds.length === 0 ? sql`ARRAY[]::int[]` : ids})
          THEN line || '{"backorder": true}'::jsonb ELSE line - 'backorder' END
        ORDER BY line_no), '[]'::jsonb)
      FROM jsonb_array_elements(items) WITH ORDINALITY AS lines(line, line_no))
    WHERE id = ${orderId}
      AND (${productIds.length > 0} OR EXISTS (SELECT 1 FROM jsonb_array_elements(items) AS l(line) WHERE line ? 'backorder'))`);
}

/**
 * Gives back everything the order holds (the bin, for an order whose goods are still the shop's):
 * releaseOnCancel of each product's holding, recorded as `reason`. Answers the units given back.
 */
export async function releaseOrderStock(
  tx: SqlExecutor,
  order: {
    readonly id: number;
    readonly reason: 'order_cancelled' | 'order_returned';
    readonly actorId: number | null;
    readonly note?: string | null;
  },
): Promise<number> {
  const held = await heldBy(tx, order.id);
  let released = 0;
  for (const productId of [...held.keys()].sort((a, b) => a - b)) {
    const units = releaseOnCancel(held.get(productId) ?? 0);
    if (units === 0) continue;
    const balance = await recordStockMovement(tx, {
      productId,
      delta: units,
      reason: order.reason,
      orderId: order.id,
      actorId: order.actorId,
      note: order.note ?? null,
    });
    if (balance !== null) released += units;
  }
  return released;
}

/** The status change's manager, for the cancel trigger's ledger rows (transaction-local). */
export async function setStockActor(tx: SqlExecutor, actorId: number | null): Promise<void> {
  if (actorId === null) return;
  await tx.execute(sql`SELECT set_config('shop.stock_actor', ${String(actorId)}, true)`);
}
