import type { Order } from '../../../application/ports/orders.port';

/**
 * Orders placed in this tab, so /thank-you and /pay can show the order the shopper just made without
 * another request (a guest cannot read orders back: they belong to the account of the contact
 * e-mail). Memory only: a reload asks the server, which answers for a signed-in owner.
 */
const MAX_REMEMBERED = 20;
const placed = new Map<number, Order>();

export function rememberPlacedOrder(order: Order): void {
  placed.delete(order.id);
  placed.set(order.id, order);
  while (placed.size > MAX_REMEMBERED) {
    const oldest = placed.keys().next();
    if (oldest.done) break;
    placed.delete(oldest.value);
  }
}

export function placedOrder(id: number): Order | null {
  return placed.get(id) ?? null;
}

/** A positive order id from a route parameter or a search value, or null. */
export function parseOrderId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
