import type { RequestKind, RequestStatus } from '../../../shared-rules/request-labels-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Consultation and feedback requests (spec §7 POST /api/requests). Consultation goes as multipart
 * (subject, text, email, attachment), feedback as JSON. Server codes such as
 * 'invalid_attachment_type' and 'file_too_large' arrive as `PortFailure.code`.
 */
export interface RequestPayload {
  readonly subject: string;
  /** The composed lines: source, phone, email, flags, comment or message. */
  readonly text: string;
  readonly email: string;
}

export interface ConsultationPayload extends RequestPayload {
  readonly attachment: Blob | null;
}

/**
 * What the answer says about the visitor's account — the input of the domain's
 * `resolveAccountStatus` (spec §4 "Account status after a request"). Absent flags are absent.
 */
export interface RequestAnswer {
  readonly requestId: number;
  readonly accountStatus?: string;
  readonly tempPassword?: string;
  readonly existingAccount?: boolean;
  readonly accountExists?: boolean;
  readonly clientExists?: boolean;
}

/**
 * What the sender filled in, read by the server from the request's composed lines
 * (shared-rules/request-text-rule.ts); screens show these instead of the raw text.
 */
export interface RequestFields {
  readonly source: 'consultation' | 'feedback';
  readonly phone: string | null;
  readonly email: string | null;
  /** Consultation only: whether a file was attached; null for feedback. */
  readonly attachment: boolean | null;
  /** The comment (consultation) or message (feedback); null when left empty. */
  readonly comment: string | null;
}

/** One of the signed-in client's own requests with the shop's replies, oldest reply first. */
export interface OwnRequest {
  readonly id: number;
  readonly kind: RequestKind;
  readonly subject: string;
  readonly text: string;
  /** The text as fields; null (or absent) when it is not in the composed shape: show `text`. */
  readonly fields?: RequestFields | null;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly hasAttachment: boolean;
  /** Where the shop is with it (the back office sets it; the account names it OWN_REQUEST_STATUS_LABELS). */
  readonly status: RequestStatus;
  readonly replies: readonly { readonly text: string; readonly at: string }[];
  /** The conversation after the request, oldest first: the shop's replies and the client's follow-ups. */
  readonly messages: readonly {
    readonly author: 'client' | 'admin';
    readonly text: string;
    readonly at: string;
  }[];
}

export interface RequestsPort {
  sendConsultation(payload: ConsultationPayload, options?: CallOptions): Promise<RequestAnswer>;
  sendFeedback(payload: RequestPayload, options?: CallOptions): Promise<RequestAnswer>;
  /** The client's own requests, newest first (spec §7 GET /api/requests/{clientId}). */
  listMine(clientId: number, options?: CallOptions): Promise<readonly OwnRequest[]>;
  /** The client writes again on their own request; answers the request with the new message. */
  followUp(clientId: number, requestId: number, text: string, options?: CallOptions): Promise<OwnRequest>;
}

export const REQUESTS_PORT: PortToken<RequestsPort> = portToken<RequestsPort>('RequestsPort');
