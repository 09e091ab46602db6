import { Schema } from 'effect';
import { RequestKind, RequestStatus } from './admin-requests';
import { Email, Phone } from './auth';
import { defineEndpoint } from './endpoint';
import { Kopecks } from './money';
import { IdFromString, intParam } from './query-fields';
import { MultiLineText, SingleLineText } from './text';

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

const AdminClientCartLine = Schema.Struct({
  productId: Schema.Int,
  name: Schema.String,
  slug: Schema.String,
  quantity: Schema.Int,
  /** Today's price of one unit, kopecks. */
  price: Kopecks,
  /** price × quantity, kopecks. */
  lineTotal: Kopecks,
});

/**
 * What the client has really bought (server/domain/client-totals.ts, docs/money.md «A client's totals»):
 * orders that are paid or delivered and not cancelled; spent is their totals less refunds.
 */
const AdminClientTotals = Schema.Struct({
  orders: Schema.Int,
  /** Kopecks. */
  spent: Kopecks,
  /** Kopecks, rounded half up; null without a counted order. */
  averageCheque: Schema.NullOr(Kopecks),
});

const CLIENT_NOTES_MAX_LENGTH = 2000;
const CLIENT_TAGS_MAX = 20;
const CLIENT_TAG_MAX_LENGTH = 40;

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
  /** The client's current cart (the signed-in cart kept by the server), in the client's order. */
  cart: Schema.Array(AdminClientCartLine),
  totals: AdminClientTotals,
  /** The managers' internal note (never shown to the client). */
  notes: Schema.String,
  tags: Schema.Array(Schema.String),
});
export type AdminClientDetail = typeof AdminClientDetail.Type;

/** The client's contacts as a manager corrects them: the same checks as everywhere (api/auth.ts). */
const AdminClientContactsChange = Schema.Struct({
  /** Null or '' clears the name. */
  name: Schema.NullOr(SingleLineText(100)),
  /** Null or '' clears the phone; stored in E.164 (shared-rules/phone-number.ts). */
  phone: Schema.NullOr(Schema.Union([Phone, Schema.Literal('')])),
  /** The client's sign-in e-mail too: one account per mailbox (409 `email_taken`). */
  email: Email,
});

/** Blank tags are dropped by the server, repeats kept once (server/application/admin-clients/change-client-notes.ts). */
const ClientTag = SingleLineText(CLIENT_TAG_MAX_LENGTH);

const AdminClientNotesChange = Schema.Struct({
  notes: MultiLineText(CLIENT_NOTES_MAX_LENGTH),
  tags: Schema.Array(ClientTag).pipe(Schema.check(Schema.isMaxLength(CLIENT_TAGS_MAX))),
});

export const listAdminClients = defineEndpoint({
  area: 'clients',
  method: 'GET',
  path: '/api/admin/clients',
  summary: 'Clients, searched by phone, e-mail or name; sorted and paged with a total',
  tag: 'admin',
  query: AdminClientListQuery,
  response: AdminClientList,
  errorStatuses: [401, 403],
});

export const getAdminClient = defineEndpoint({
  area: 'clients',
  method: 'GET',
  path: '/api/admin/clients/:id',
  summary: "One client's card: orders, requests, favourites, subscription, sessions",
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  response: AdminClientDetail,
  errorStatuses: [401, 403, 404],
});

export const changeAdminClientContacts = defineEndpoint({
  area: 'clients',
  method: 'PATCH',
  path: '/api/admin/clients/:id/contacts',
  summary: "Corrects the client's name, phone and e-mail (audited); answers the whole card",
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  body: AdminClientContactsChange,
  response: AdminClientDetail,
  errorStatuses: [401, 403, 404, 409],
});

export const changeAdminClientNotes = defineEndpoint({
  area: 'clients',
  method: 'PUT',
  path: '/api/admin/clients/:id/notes',
  summary: "Replaces the managers' note and tags on the client (audited); answers the whole card",
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  body: AdminClientNotesChange,
  response: AdminClientDetail,
  errorStatuses: [401, 403, 404],
});

export const endClientSessions = defineEndpoint({
  area: 'clients',
  method: 'POST',
  path: '/api/admin/clients/:id/end-sessions',
  summary: 'Signs the client out everywhere (every session ends); answers how many ended',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  response: Schema.Struct({ ended: Schema.Int }),
  errorStatuses: [401, 403, 404],
});

export const sendClientPasswordReset = defineEndpoint({
  area: 'clients',
  method: 'POST',
  path: '/api/admin/clients/:id/password-reset',
  summary: 'E-mails the client a temporary password (never shown to the administrator)',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  response: Schema.Struct({ ok: Schema.Boolean }),
  errorStatuses: [401, 403, 404, 429],
});
