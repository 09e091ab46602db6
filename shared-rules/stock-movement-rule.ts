/**
 * Why a product's stock moved (issue 22, docs/stock.md): the reasons the stock ledger records and how
 * the product editor names each. The contract (api/admin-products.ts) and the server's ledger
 * (server/domain/stock-ledger.ts) import them from here (issue 25, item 4).
 */
export const STOCK_MOVEMENT_REASONS = [
  'opening',
  'order_taken',
  'order_edited',
  'order_cancelled',
  'order_returned',
  'order_restored',
  'manual_correction',
  'import',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

export const STOCK_MOVEMENT_REASON_LABELS: Readonly<Record<StockMovementReason, string>> = {
  opening: 'Начальный остаток',
  order_taken: 'Заказ оформлен',
  order_edited: 'Заказ изменён',
  order_cancelled: 'Заказ отменён',
  order_returned: 'Возврат товара',
  order_restored: 'Заказ восстановлен',
  manual_correction: 'Ручная корректировка',
  import: 'Импорт',
};
