/**
 * The cart's and the order's size limits, one source for the browser's cart (src/domain/cart.ts), the
 * contract (api/cart.ts, api/orders.ts, api/admin-orders.ts) and so the server that decodes with it.
 */

/** Largest quantity of one product in one cart or order line. */
export const MAX_LINE_QUANTITY = 999;

/**
 * Most distinct products in one cart or order. A real household order is far below it; the limit only
 * keeps a saved cart, and an order placed from it, from growing without end.
 */
export const MAX_CART_LINES = 200;

/**
 * Most products one read by ids (GET /api/products/by-ids) answers; the cart page reads a longer cart's
 * products in pieces of this size.
 */
export const MAX_PRODUCTS_PER_READ = 100;

/** Longest search query kept (spec §5: the query is trimmed; beyond this it is cut, not refused). */
export const MAX_SEARCH_QUERY_LENGTH = 200;
