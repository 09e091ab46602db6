import { sql } from 'drizzle-orm';
import { binMovesStock } from '../../domain/stock-ledger';
import { rebalanceOrderStock, releaseOrderStock, type SqlExecutor } from '../catalogue/stock-ledger';
import type { OrderLineRow } from '../db/schema/orders.schema';
import { livePromoCode, releasePromoUse, takePromoUse, updatePromoUse } from './order-reservations';

const rowsOf = <T>(result: unknown): T[] => {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
};

/**
 * The stock and promo side of a manager's change to an order (issue 22), run inside the repository's
 * transaction right after the order row was written (so the order's row lock is held). Throws
 * OutOfStockError / PromoLimitError to roll the change back.
 */

/** Locks the order and reads what a pricing change is compared with. */
export async function lockOrderForPricing(
  tx: SqlExecutor,
  orderId: number,
): Promise<{ readonly promoCode: string | null; readonly clientId: number } | null> {
  const [row] = rowsOf<{ promo_code: string | null; client_id: number }>(
    await tx.execute(sql`SELECT promo_code, client_id FROM orders WHERE id = ${orderId} FOR UPDATE`),
  );
  return row === undefined ? null : { promoCode: row.promo_code, clientId: Number(row.client_id) };
}

/**
 * New lines and/or code on an existing order: the stock moves by exactly the difference
 * ('order_edited'); the promo use follows the code like checkout — a code put on the order is
 * counted (refused at its limit), a code taken off or replaced is given back, an unchanged one keeps
 * its use with the new discount and total.
 */
export async function applyOrderPricing(
  tx: SqlExecutor,
  order: {
    readonly id: number;
    readonly clientId: number;
    readonly previousPromoCode: string | null;
    readonly actorId: number | null;
  },
  pricing: {
    readonly items: readonly {
      readonly productId: number;
      readonly name: string;
      readonly quantity: number;
    }[];
    readonly discount: number;
    readonly total: number;
    readonly promoCode: string | null;
  },
): Promise<void> {
  await rebalanceOrderStock(tx, {
    id: order.id,
    lines: pricing.items,
    reason: 'order_edited',
    actorId: order.actorId,
  });
  const live = await livePromoCode(tx, order.id);
  const next = pricing.promoCode;
  if (live !== null && live !== next) await releasePromoUse(tx, order.id);
  if (next === null) return;
  if (live === next) {
    await updatePromoUse(tx, order.id, { discount: pricing.discount, total: pricing.total });
  } else if (next !== order.previousPromoCode || live !== null) {
    await takePromoUse(tx, {
      orderId: order.id,
      clientId: order.clientId,
      code: next,
      discount: pricing.discount,
      total: pricing.total,
    });
  }
}

/**
 * The bin: an order whose goods are still the shop's (binMovesStock) gives its stock back when
 * binned ('order_cancelled', noted) and takes it again when restored ('order_restored', refused when
 * short unless backorders are allowed). Orders past the handover, and cancelled ones, move nothing.
 */
export async function binOrderStock(
  tx: SqlExecutor,
  order: {
    readonly id: number;
    readonly status: string;
    readonly items: readonly OrderLineRow[];
    readonly deleted: boolean;
    readonly actorId: number | null;
  },
): Promise<void> {
  if (!binMovesStock(order.status)) return;
  if (order.deleted) {
    await releaseOrderStock(tx, {
      id: order.id,
      reason: 'order_cancelled',
      actorId: order.actorId,
      note: 'Заказ перемещён в корзину',
    });
  } else {
    await rebalanceOrderStock(tx, {
      id: order.id,
      lines: order.items,
      reason: 'order_restored',
      actorId: order.actorId,
    });
  }
}
