/**
 * The stock ledger's rules (issue 22, docs/stock.md), pure. The database keeps the ledger; these
 * functions decide how many units an order takes or gives back, so every path (checkout, a manager's
 * order, a line edit, a restore from the bin, a cancel) applies the same rule:
 *
 * - an order holds exactly what its ledger rows took: held = −Σ delta of its rows, per product;
 * - a change of the wanted quantity takes or gives back exactly the difference to the held units;
 * - when the stock is short, the change is refused, unless the product may be sold «под заказ»
 *   (backorder): then the order takes what is there and the rest waits for the factory — the line is
 *   marked as a backorder and the stock never goes below zero;
 * - a cancel gives back what the order holds, never more: after it the order holds nothing, so a
 *   second cancel gives back 0.
 */

// The reasons and their labels have one home, shared with the contract (issue 25, item 4).
export {
  STOCK_MOVEMENT_REASON_LABELS,
  STOCK_MOVEMENT_REASONS,
  type StockMovementReason,
} from '../../shared-rules/stock-movement-rule';

/** A product's state as the ledger sees it when an order's quantity changes. */
export interface StockFacts {
  /** Units on the shelf now (products.stock); null = not tracked, always available. */
  readonly available: number | null;
  readonly backorderAllowed: boolean;
}

export type StockPlan =
  /** Move the stock by `delta` (negative = take, positive = give back, 0 = nothing). */
  | { readonly ok: true; readonly delta: number; readonly backorder: boolean }
  /** Not enough units and no backorder: `canHave` = what this order could hold at most. */
  | { readonly ok: false; readonly canHave: number };

/**
 * The move that brings an order's holding of one product from `held` to `wanted` units.
 * `held` ≥ 0 (what the order's ledger rows took), `wanted` ≥ 0, `available` ≥ 0 or null.
 */
export function planStockChange(held: number, wanted: number, facts: StockFacts): StockPlan {
  if (facts.available === null) return { ok: true, delta: 0, backorder: false };
  if (wanted <= held) return { ok: true, delta: held - wanted, backorder: false };
  const need = wanted - held;
  if (need <= facts.available) return { ok: true, delta: -need, backorder: false };
  if (facts.backorderAllowed) return { ok: true, delta: -facts.available, backorder: true };
  return { ok: false, canHave: held + facts.available };
}

/** What a cancel (or the bin) gives back: everything the order holds, nothing when it holds nothing. */
export function releaseOnCancel(held: number): number {
  return Math.max(0, held);
}

/** held = −Σ delta of an order's ledger rows, per product (a product it gave back entirely holds 0). */
export function heldByOrder(
  movements: readonly { readonly productId: number; readonly delta: number }[],
): Map<number, number> {
  const held = new Map<number, number>();
  for (const movement of movements)
    held.set(movement.productId, (held.get(movement.productId) ?? 0) - movement.delta);
  return held;
}

/** Wanted units per product: an order may name a product on more than one line. */
export function wantedByProduct(
  lines: readonly { readonly productId: number; readonly quantity: number }[],
): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  return wanted;
}

/**
 * Statuses in which the order's goods are still the shop's (reserved on the shelf or ordered from
 * the factory): binning such an order gives its stock back, restoring it takes it again. From
 * «Передан в доставку» on the goods have left the warehouse, so the bin does not touch the stock.
 */
const HOLDING_STATUSES: readonly string[] = [
  'new',
  'confirmed',
  'awaiting_payment',
  'awaiting_prepayment',
  'paid',
  'prepaid',
  'ordered_from_factory',
  'in_stock',
  'delivery_agreed',
];

export function binMovesStock(status: string): boolean {
  return HOLDING_STATUSES.includes(status);
}

/** «Недостаточно товара «Диван Осло»: для заказа доступно 2 шт., указано 5.» */
export function describeStockRefusal(name: string, canHave: number, wanted: number): string {
  return canHave === 0
    ? `Недостаточно товара «${name}»: на складе нет ни одной штуки, указано ${wanted}.`
    : `Недостаточно товара «${name}»: для заказа доступно ${canHave} шт., указано ${wanted}.`;
}
