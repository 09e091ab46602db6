import { Schema } from 'effect';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../shared-rules/request-labels-rule';
import { IsoDate, IsoDateTime } from './dates';
import { defineEndpoint } from './endpoint';
import { Id, IdFromString, intParam } from './query-fields';

/**
 * Administrator calls on client requests (consultation and feedback): the inbox list, one request's
 * thread, replies, status and assignee. Admin session only; every write is recorded in the audit log.
 *
 * The attachment download (`GET /api/admin/client-requests/:id/attachment`) answers the file itself,
 * not JSON, so it is a plain route (see docs/api.md): always `Content-Disposition: attachment`, the
 * type sniffed from the bytes at upload, `X-Content-Type-Options: nosniff`, `Content-Security-Policy:
 * sandbox`.
 */

export const RequestStatus = Schema.Literals(REQUEST_STATUSES);
export type RequestStatus = typeof RequestStatus.Type;

export const RequestKind = Schema.Literals(REQUEST_KINDS);
export type RequestKind = typeof RequestKind.Type;

/** An administrator who can be assigned a request. */
export const AdminUser = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
  name: Schema.NullOr(Schema.String),
});
export type AdminUser = typeof AdminUser.Type;

/** One row of the inbox. Times are ISO 8601 strings. */
export const AdminRequestSummary = Schema.Struct({
  id: Schema.Int,
  kind: RequestKind,
  status: RequestStatus,
  subject: Schema.String,
  /** The first ~200 characters of the request text. */
  excerpt: Schema.String,
  email: Schema.NullOr(Schema.String),
  /** The client's phone from the account, else null. */
  phone: Schema.NullOr(Schema.String),
  clientId: Schema.NullOr(Schema.Int),
  clientName: Schema.NullOr(Schema.String),
  assignee: Schema.NullOr(AdminUser),
  /** No administrator has opened it since the request or the client's last message. */
  unread: Schema.Boolean,
  hasAttachment: Schema.Boolean,
  messagesCount: Schema.Int,
  createdAt: Schema.String,
  /** When the shop first replied; null while unanswered (first-response time = firstReplyAt − createdAt). */
  firstReplyAt: Schema.NullOr(Schema.String),
  lastMessageAt: Schema.String,
  /**
   * Since when the client waits for the shop: the request or the client's latest message when no
   * reply follows it; null when the shop spoke last or the request is closed.
   */
  waitingSince: Schema.NullOr(Schema.String),
  /**
   * When the status or the assignee last changed (ISO, whole milliseconds). Send it back as
   * `expectedUpdatedAt` in the PATCH so another manager's change in between is not overwritten.
   * Always sent by the server.
   */
  updatedAt: Schema.optionalKey(Schema.String),
});
export type AdminRequestSummary = typeof AdminRequestSummary.Type;

export const AdminRequestList = Schema.Struct({
  items: Schema.Array(AdminRequestSummary),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
});
export type AdminRequestList = typeof AdminRequestList.Type;

const RequestAttachmentInfo = Schema.Struct({
  /** Sniffed type stored at upload (image/jpeg, image/png, image/webp, application/pdf). */
  mime: Schema.String,
  size: Schema.Int,
  /** A safe file name for the download (server-made, never the uploaded name). */
  fileName: Schema.String,
  /** Where the download is: GET this path with the admin session. */
  url: Schema.String,
});

const RequestMessage = Schema.Struct({
  id: Schema.Int,
  author: Schema.Literals(['client', 'admin']),
  /** The administrator's or the client's user id (null for old rows and anonymous senders). */
  authorId: Schema.NullOr(Schema.Int),
  authorName: Schema.NullOr(Schema.String),
  text: Schema.String,
  createdAt: Schema.String,
});

/** A request with its full text, attachment and messages, oldest first. */
/**
 * What the sender filled in, read from the request's composed lines (shared-rules/request-text-rule.ts,
 * issue 25 item 11), so screens show fields rather than «Источник: … Клиент: № 2». Null when the text
 * is not in the composed shape (then `text` is shown as written).
 */
export const RequestFields = Schema.Struct({
  source: RequestKind,
  phone: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  /** Consultation only: whether a file was attached; null for feedback. */
  attachment: Schema.NullOr(Schema.Boolean),
  /** The comment (consultation) or message (feedback); null when left empty. */
  comment: Schema.NullOr(Schema.String),
});
export type RequestFields = typeof RequestFields.Type;

export const AdminRequestThread = Schema.Struct({
  ...AdminRequestSummary.fields,
  text: Schema.String,
  fields: Schema.NullOr(RequestFields),
  attachment: Schema.NullOr(RequestAttachmentInfo),
  messages: Schema.Array(RequestMessage),
});
export type AdminRequestThread = typeof AdminRequestThread.Type;

/** YYYY-MM-DD (a day in the shop's time zone, Europe/Moscow). */
const DayParam = IsoDate;

export const AdminRequestListQuery = Schema.Struct({
  type: Schema.optionalKey(RequestKind),
  status: Schema.optionalKey(RequestStatus),
  /** `true`: only requests waiting for the shop's answer (open, the client spoke last). */
  waiting: Schema.optionalKey(Schema.Literals(['true', 'false'])),
  /** Created on or after this day. */
  from: Schema.optionalKey(DayParam),
  /** Created on or before this day. */
  to: Schema.optionalKey(DayParam),
  /** An admin id, or `none` for unassigned requests. */
  assignee: Schema.optionalKey(
    Schema.Union([Schema.Literal('none'), Schema.String.pipe(Schema.check(Schema.isPattern(/^\d{1,9}$/)))]),
  ),
  /** Searches subject, text, e-mail, client name and phone (digits compared, 8… = +7…). */
  q: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(100)))),
  page: intParam(1, 100_000, 1),
  limit: intParam(1, 100, 20),
});
export type AdminRequestListQuery = typeof AdminRequestListQuery.Type;

export const listAdminRequests = defineEndpoint({
  area: 'requests',
  method: 'GET',
  path: '/api/admin/client-requests',
  summary: 'Client requests, unread first then newest, filtered by type, status, dates, assignee and text',
  tag: 'admin',
  query: AdminRequestListQuery,
  response: AdminRequestList,
  errorStatuses: [401, 403],
});

export const getAdminRequest = defineEndpoint({
  area: 'requests',
  method: 'GET',
  path: '/api/admin/client-requests/:id',
  summary: 'One request with its attachment and messages (oldest first); marks it read',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  response: AdminRequestThread,
  errorStatuses: [401, 403, 404],
});

const ReplyText = Schema.String.pipe(Schema.check(Schema.isPattern(/\S/), Schema.isMaxLength(4000)));

export const replyToRequest = defineEndpoint({
  area: 'requests',
  method: 'POST',
  path: '/api/admin/client-requests/:id/replies',
  summary: "Replies to the client (e-mailed; feeds the client's requestReplies counter); answers the thread",
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({ text: ReplyText }),
  response: AdminRequestThread,
  errorStatuses: [401, 403, 404, 415],
});

export const updateAdminRequest = defineEndpoint({
  area: 'requests',
  method: 'PATCH',
  path: '/api/admin/client-requests/:id',
  summary: 'Changes the status and/or the assignee (null unassigns); optionally only if unchanged since',
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({
    status: Schema.optionalKey(RequestStatus),
    assigneeId: Schema.optionalKey(Schema.NullOr(Id)),
    /**
     * The `updatedAt` the manager saw: when the request changed since (another manager), nothing is
     * applied and the answer is 409 `conflict` with a Russian message. Left out: applied as is.
     */
    expectedUpdatedAt: Schema.optionalKey(IsoDateTime),
  }),
  response: AdminRequestThread,
  errorStatuses: [401, 403, 404, 409, 415, 422],
});

export const listAdmins = defineEndpoint({
  area: 'common',
  method: 'GET',
  path: '/api/admin/admins',
  summary: 'Administrators (for assigning requests)',
  tag: 'admin',
  response: Schema.Array(AdminUser),
  errorStatuses: [401, 403],
});

/** The path of the attachment download (not JSON: see the module comment). */
export const ADMIN_REQUEST_ATTACHMENT_PATH = '/api/admin/client-requests/:id/attachment';
