import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';

/** `since`: epoch milliseconds (or seconds, or an ISO date); absent → everything not yet reset. */
const SinceQuery = Schema.Struct({
  since: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(40)))),
});

const ClientUnreadSummary = Schema.Struct({
  orderStatusChanges: Schema.Int,
  requestReplies: Schema.Int,
  promoUpdates: Schema.Int,
});

const AdminUnreadSummary = Schema.Struct({
  newOrders: Schema.Int,
  orderUpdates: Schema.Int,
  newRequests: Schema.Int,
  newRequestMessages: Schema.Int,
});

export const getClientUnreadSummary = defineEndpoint({
  method: 'GET',
  path: '/api/client/unread-summary',
  summary: "Counts of the session client's order status changes, request replies and promo updates",
  tag: 'notifications',
  query: SinceQuery,
  response: ClientUnreadSummary,
  errorStatuses: [401, 403],
});

export const resetClientUnreadSummary = defineEndpoint({
  method: 'PATCH',
  path: '/api/client/unread-summary/reset',
  summary: 'Marks one kind of notification as seen now',
  tag: 'notifications',
  body: Schema.Struct({ type: Schema.Literals(['orders', 'requests', 'promos']) }),
  response: Schema.Struct({ ok: Schema.Boolean }),
  errorStatuses: [401, 403, 415],
});

export const getAdminUnreadSummary = defineEndpoint({
  area: 'common',
  method: 'GET',
  path: '/api/admin/unread-summary',
  summary: 'New orders, order updates, new requests and new request messages since a moment',
  tag: 'admin',
  query: SinceQuery,
  response: AdminUnreadSummary,
  errorStatuses: [401, 403],
});
