import * as Orders from '../../../api/orders';
import type { LoggerPort } from '../../application/ports/logger.port';
import type {
  LastOrderContact,
  NewOrder,
  Order,
  OrderContact,
  OrderDelivery,
  OrderQuote,
  OrdersPort,
  QuoteRequest,
} from '../../application/ports/orders.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';
import { isPositiveClientId } from './call-preconditions';

export class OrdersHttpAdapter implements OrdersPort {
  private readonly api: HttpApiClient;
  private readonly logger: LoggerPort;

  constructor(api: HttpApiClient, logger: LoggerPort) {
    this.api = api;
    this.logger = logger;
  }

  async listByClient(clientId: number, options: CallOptions = {}): Promise<readonly Order[]> {
    if (!isPositiveClientId(clientId)) {
      // Spec §5: "orders fall back to id 0" — a client that does not exist, so no orders.
      this.logger.warn(
        `getOrdersByClient: a positive numeric clientId is required, got ${String(clientId)}; using 0`,
      );
      return [];
    }
    return this.api.call(Orders.listOrders, { ...options, params: { clientId } });
  }

  quote(request: QuoteRequest, options: CallOptions = {}): Promise<OrderQuote> {
    return this.api.call(Orders.quoteOrder, { ...options, body: request });
  }

  lastContact(options: CallOptions = {}): Promise<LastOrderContact | null> {
    return this.api.call(Orders.getLastContact, options);
  }

  create(order: NewOrder, idempotencyKey: string, options: CallOptions = {}): Promise<Order> {
    return this.api.call(Orders.createOrder, {
      ...options,
      body: order,
      headers: { [Orders.IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    });
  }

  updateAddress(orderId: number, delivery: OrderDelivery, options: CallOptions = {}): Promise<Order> {
    return this.api.call(Orders.updateOrderAddress, {
      ...options,
      params: { id: orderId },
      body: { delivery },
    });
  }

  updateContact(orderId: number, contact: OrderContact, options: CallOptions = {}): Promise<Order> {
    return this.api.call(Orders.updateOrderUserInfo, {
      ...options,
      params: { id: orderId },
      body: { contact },
    });
  }

  updateComment(orderId: number, comment: string, options: CallOptions = {}): Promise<Order> {
    return this.api.call(Orders.updateOrderComment, {
      ...options,
      params: { id: orderId },
      body: { comment },
    });
  }
}
