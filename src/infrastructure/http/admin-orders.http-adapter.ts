import * as AdminOrders from '../../../api/admin-orders';
import type {
  AdminOrderPage,
  AdminOrderQuery,
  AdminOrdersPort,
  BulkOutcome,
} from '../../application/ports/admin-orders.port';
import type { Order, OrderStatus } from '../../application/ports/orders.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

export class AdminOrdersHttpAdapter implements AdminOrdersPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  list(query: AdminOrderQuery = {}, options: CallOptions = {}): Promise<AdminOrderPage> {
    return this.api.call(AdminOrders.listAdminOrders, {
      ...options,
      query: {
        status: query.status ?? null,
        clientId: query.clientId ?? null,
        paymentAllowed: query.paymentAllowed ?? null,
        q: query.q?.trim() ?? null,
        page: query.page ?? null,
        limit: query.limit ?? null,
      },
    });
  }

  get(orderId: number, options: CallOptions = {}): Promise<Order> {
    return this.api.call(AdminOrders.getAdminOrder, { ...options, params: { id: orderId } });
  }

  updateStatus(orderId: number, status: OrderStatus, options: CallOptions = {}): Promise<Order> {
    return this.api.call(AdminOrders.updateAdminOrderStatus, {
      ...options,
      params: { id: orderId },
      body: { status },
    });
  }

  allowPayment(orderId: number, allowed: boolean, options: CallOptions = {}): Promise<Order> {
    return this.api.call(AdminOrders.allowOrderPayment, {
      ...options,
      params: { id: orderId },
      body: { allowed },
    });
  }

  bulkUpdateStatus(
    orderIds: readonly number[],
    status: OrderStatus,
    options: CallOptions = {},
  ): Promise<BulkOutcome> {
    return this.api.call(AdminOrders.bulkUpdateOrderStatus, { ...options, body: { ids: orderIds, status } });
  }

  bulkAllowPayment(
    orderIds: readonly number[],
    allowed: boolean,
    options: CallOptions = {},
  ): Promise<BulkOutcome> {
    return this.api.call(AdminOrders.bulkAllowOrderPayment, { ...options, body: { ids: orderIds, allowed } });
  }
}
