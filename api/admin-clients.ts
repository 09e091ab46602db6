import { Schema } from 'effect';
import { RequestKind, RequestStatus } from './admin-requests';
import { defineEndpoint } from './endpoint';
import { Kopecks } from './money';
import { IdFromString, intParam } from './query-fields';

/**
 * Administrator calls on clients: the searchable list, one client's card (orders, requests,
 * favourites, subscription, sessions), ending the client's sessions and sending a password reset.
 * Admin session only; the two writes are recorded in the audit log. No call ever returns a password.
 */

export const AdminClientSummary = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
  name: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  /** The latest activity of any of the client's sessions; null when never signed in. */
  lastSeenAt: Schema.NullOr(Schema.String),
  ordersCount: Schema.Int,
  requestsCount: Schema.Int,
});
export type AdminClientSummary = typeof AdminClientSummary.Type;

export const AdminClientList = Schema.Struct({
  items: Schema.Array(AdminClientSummary),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
});
export type AdminClientList = typeof AdminClientList.Type;

const CLIENT_SORTS = ['created_desc', 'created_asc', 'last_seen_desc', 'email_asc', 'name_asc'] as const;
const ClientSort = Schema.Literals(CLIENT_SORTS);

export const AdminClientListQuery = Schema.Struct({
  /** E-mail or name (substring, any case) or phone (digits; «8 921…» finds «+7 (921)…»). */
  q: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(100)))),
  sort: Schema.optionalKey(ClientSort),
  page: intParam(1, 100_000, 1),
  limit: intParam(1, 100, 20),
});
export type AdminClientListQuery = typeof AdminClientListQuery.Type;

const AdminClientOrder = Schema.Struct({
  id: Schema.Int,
  status: Schema.String,
  statusLabel: Schema.String,
  /** Kopecks (api/money.ts). */
  total: Kopecks,
  createdAt: Schema.String,
});

const AdminClientRequest = Schema.Struct({
  id: Schema.Int,
  kind: RequestKind,
  status: RequestStatus,
  subject: Schema.String,
  createdAt: Schema.String,
  repliesCount: Schema.Int,
});

const AdminClientFavourite = Schema.Struct({
  productId: Schema.Int,
  name: Schema.String,
  slug: Schema.String,
  addedAt: Schema.String,
});

export const AdminClientDetail = Schema.Struct({
  ...AdminClientSummary.fields,
  /** Signed in with a temporary password and has not set a permanent one yet. */
  mustChangePassword: Schema.Boolean,
  /** Active (unexpired) sessions. */
  sessionsCount: Schema.Int,
  subscription: Schema.NullOr(Schema.Struct({ email: Schema.String, since: Schema.String })),
  orders: Schema.Array(AdminClientOrder),
  requests: Schema.Array(AdminClientRequest),
  favourites: Schema.Array(AdminClientFavourite),
});
export type AdminClientDetail = typeof AdminClientDetail.Type;

export const listAdminClients = defineEndpoint({
  method: 'GET',
  path: '/api/admin/clients',
  summary: 'Clients, searched by phone, e-mail or name; sorted and paged with a total',
  tag: 'admin',
  query: AdminClientListQuery,
  response: AdminClientList,
  errorStatuses: [401, 403],
});

export const getAdminClient = defineEndpoint({
  method: 'GET',
  path: '/api/admin/clients/:id',
  summary: "One client's card: orders, requests, favourites, subscription, sessions",
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  response: AdminClientDetail,
  errorStatuses: [401, 403, 404],
});

export const endClientSessions = defineEndpoint({
  method: 'POST',
  path: '/api/admin/clients/:id/end-sessions',
  summary: 'Signs the client out everywhere (every session ends); answers how many ended',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  response: Schema.Struct({ ended: Schema.Int }),
  errorStatuses: [401, 403, 404],
});

export const sendClientPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/admin/clients/:id/password-reset',
  summary: 'E-mails the client a temporary password (never shown to the administrator)',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  response: Schema.Struct({ ok: Schema.Boolean }),
  errorStatuses: [401, 403, 404, 429],
});
