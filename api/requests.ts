import { Schema } from 'effect';
import { RequestFields, RequestKind, RequestStatus } from './admin-requests';
import { Email } from './auth';
import { defineEndpoint } from './endpoint';
import { IdFromString } from './query-fields';
import { MultiLineText, SingleLineText } from './text';

/**
 * Consultation (multipart: subject, text, email, attachment) and feedback (JSON: subject, text, email)
 * requests. Attachment errors: `invalid_attachment_type`, `file_too_large` (spec §8).
 *
 * The answer's account flags follow docs/security.md: a signed-in client gets accountStatus
 * 'existing'; an anonymous sender gets no flags whatever the e-mail, so the browser's five-step rule
 * falls to step 4 ("created": access details or a reminder arrive by e-mail). No temporary password is
 * ever returned — it is sent to the mailbox only.
 */
export const RequestBody = Schema.Struct({
  subject: SingleLineText(200, 1),
  /** Composed lines (source, phone, email, flags, comment); the comment part is ≤ 500 characters. */
  text: MultiLineText(4000),
  email: Schema.optionalKey(Schema.Union([Email, Schema.Literal('')])),
});
export type RequestBody = typeof RequestBody.Type;

export const RequestCreated = Schema.Struct({
  ok: Schema.Boolean,
  requestId: Schema.Int,
  accountStatus: Schema.optionalKey(Schema.Literals(['created', 'existing'])),
  existingAccount: Schema.optionalKey(Schema.Boolean),
});
export type RequestCreated = typeof RequestCreated.Type;

const ClientRequest = Schema.Struct({
  id: Schema.Int,
  kind: RequestKind,
  subject: Schema.String,
  text: Schema.String,
  /** The composed lines read as fields (api/admin-requests.ts RequestFields); null when not composed. */
  fields: Schema.NullOr(RequestFields),
  createdAt: Schema.String,
  hasAttachment: Schema.Boolean,
  /** Where the shop is with it: new, in_work, waiting_client (the shop waits for the client), closed. */
  status: RequestStatus,
  replies: Schema.Array(Schema.Struct({ text: Schema.String, at: Schema.String })),
  /** The conversation after the request, oldest first: the shop's replies and the client's follow-ups. */
  messages: Schema.Array(
    Schema.Struct({ author: Schema.Literals(['client', 'admin']), text: Schema.String, at: Schema.String }),
  ),
});

export const createRequest = defineEndpoint({
  method: 'POST',
  path: '/api/requests',
  summary: 'A consultation (multipart/form-data with an optional attachment) or feedback (JSON) request',
  tag: 'requests',
  body: RequestBody,
  response: RequestCreated,
  successStatus: 201,
  errorStatuses: [413, 415, 422, 429],
});

/** The client's follow-up on one of their own requests (the shop sees the request unread again). */
const FollowUpText = Schema.String.pipe(Schema.check(Schema.isPattern(/\S/), Schema.isMaxLength(2000)));

export const postClientRequestMessage = defineEndpoint({
  method: 'POST',
  path: '/api/requests/:clientId/:id/messages',
  summary: 'The client writes again on one of their own requests; answers the request with its replies',
  tag: 'requests',
  params: Schema.Struct({ clientId: IdFromString, id: IdFromString }),
  body: Schema.Struct({ text: FollowUpText }),
  response: ClientRequest,
  successStatus: 201,
  errorStatuses: [401, 403, 404, 415, 429],
});

export const listClientRequests = defineEndpoint({
  method: 'GET',
  path: '/api/requests/:clientId',
  summary: "The client's requests with replies (own requests only)",
  tag: 'requests',
  params: Schema.Struct({ clientId: IdFromString }),
  response: Schema.Array(ClientRequest),
  errorStatuses: [401, 403],
});
