import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { Order, OrderStatus } from './orders';
import { Id, IdFromString, intParam } from './query-fields';

/** Administrator order calls (admin session only). Bulk calls are per item: see `results`. */
export const AdminOrderList = Schema.Struct({
  items: Schema.Array(Order),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
});

const BulkIds = Schema.Array(Id).pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(500)));

export const BulkResult = Schema.Struct({
  results: Schema.Array(
    Schema.Struct({
      id: Schema.Int,
      ok: Schema.Boolean,
      error: Schema.optionalKey(Schema.String),
    }),
  ),
});

export const listAdminOrders = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders',
  summary: 'Orders, newest first, filtered by status, client, payment permission or text',
  tag: 'admin',
  query: Schema.Struct({
    status: Schema.optionalKey(OrderStatus),
    clientId: Schema.optionalKey(IdFromString),
    paymentAllowed: Schema.optionalKey(Schema.Literals(['true', 'false'])),
    q: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(100)))),
    page: intParam(1, 100_000, 1),
    limit: intParam(1, 100, 20),
  }),
  response: AdminOrderList,
  errorStatuses: [401, 403],
});

export const getAdminOrder = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders/:id',
  summary: 'One order with its status history',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  response: Order,
  errorStatuses: [401, 403, 404],
});

export const updateAdminOrderStatus = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/orders/:id',
  summary: 'Moves the order to an allowed next status (recorded, and the client is e-mailed)',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({ status: OrderStatus }),
  response: Order,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const allowOrderPayment = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/:id/allow-payment',
  summary: 'Allows (or withdraws) online payment of one order',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({ allowed: Schema.Boolean }),
  response: Order,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const bulkUpdateOrderStatus = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/update-status',
  summary: 'Moves several orders to a status; each order succeeds or fails on its own',
  tag: 'admin',
  body: Schema.Struct({ ids: BulkIds, status: OrderStatus }),
  response: BulkResult,
  errorStatuses: [401, 403, 415],
});

export const bulkAllowOrderPayment = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/allow-payment',
  summary: 'Allows (or withdraws) online payment of several orders; per-item results',
  tag: 'admin',
  body: Schema.Struct({ ids: BulkIds, allowed: Schema.Boolean }),
  response: BulkResult,
  errorStatuses: [401, 403, 415],
});
