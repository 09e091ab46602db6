/**
 * The back office's client requests (consultation and feedback; api/admin-requests.ts): the inbox,
 * a thread, replies (mailed to the client, feeding their «Заявки» counter), status and assignee.
 */
import type { RequestKind, RequestStatus } from '../../../shared-rules/request-labels-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';
import type { RequestFields } from './requests.port';

export type { RequestKind, RequestStatus };

export interface AdminUser {
  readonly id: number;
  readonly email: string;
  readonly name: string | null;
}

export interface AdminRequestSummary {
  readonly id: number;
  readonly kind: RequestKind;
  readonly status: RequestStatus;
  readonly subject: string;
  readonly excerpt: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly clientId: number | null;
  readonly clientName: string | null;
  readonly assignee: AdminUser | null;
  readonly unread: boolean;
  readonly hasAttachment: boolean;
  readonly messagesCount: number;
  readonly createdAt: string;
  readonly firstReplyAt: string | null;
  readonly lastMessageAt: string;
  readonly waitingSince: string | null;
}

interface RequestMessage {
  readonly id: number;
  readonly author: 'client' | 'admin';
  readonly authorName: string | null;
  readonly text: string;
  readonly createdAt: string;
}

export interface AdminRequestThread extends AdminRequestSummary {
  readonly text: string;
  /** The text as fields; null (or absent) when it is not in the composed shape: show `text`. */
  readonly fields?: RequestFields | null;
  readonly attachment: {
    readonly mime: string;
    readonly size: number;
    readonly fileName: string;
    /** Where to download it (with the admin session); a plain link. */
    readonly url: string;
  } | null;
  readonly messages: readonly RequestMessage[];
}

export interface AdminRequestQuery {
  readonly type?: RequestKind;
  readonly status?: RequestStatus;
  /** Only requests waiting for the shop's answer. */
  readonly waiting?: boolean;
  readonly from?: string;
  readonly to?: string;
  /** An admin id, or 'none' for unassigned. */
  readonly assignee?: number | 'none';
  readonly q?: string;
  readonly page?: number;
  readonly limit?: number;
}

export interface AdminRequestPage {
  readonly items: readonly AdminRequestSummary[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

export interface AdminRequestsPort {
  list(query?: AdminRequestQuery, options?: CallOptions): Promise<AdminRequestPage>;
  /** Opening a thread marks it read. */
  get(requestId: number, options?: CallOptions): Promise<AdminRequestThread>;
  reply(requestId: number, text: string, options?: CallOptions): Promise<AdminRequestThread>;
  update(
    requestId: number,
    change: { readonly status?: RequestStatus; readonly assigneeId?: number | null },
    options?: CallOptions,
  ): Promise<AdminRequestThread>;
  admins(options?: CallOptions): Promise<readonly AdminUser[]>;
}

export const ADMIN_REQUESTS_PORT: PortToken<AdminRequestsPort> =
  portToken<AdminRequestsPort>('AdminRequestsPort');
