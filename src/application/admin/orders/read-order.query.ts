import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';

/** The order card's order with its history (the card route's loader). */
export const readOrder = defineUseCase(
  'admin.orders.read',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    (orderId: number, signal?: AbortSignal): Promise<AdminOrderDetail> =>
      orders.get(orderId, { signal }),
);
