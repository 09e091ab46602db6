import type { ContactSearch } from '../domain/contact-search';
import type { RequestStatus } from '../domain/request-inbox';
import type { RequestKind } from './requests.port';

/** Times are epoch milliseconds. */
export interface AdminUserRecord {
  readonly id: number;
  readonly email: string;
  readonly name: string | null;
}

export interface AdminRequestRecord {
  readonly id: number;
  readonly kind: RequestKind;
  readonly status: RequestStatus;
  readonly subject: string;
  readonly text: string;
  readonly email: string | null;
  readonly clientId: number | null;
  readonly clientName: string | null;
  readonly clientPhone: string | null;
  readonly clientEmail: string | null;
  readonly assignee: AdminUserRecord | null;
  readonly adminReadAt: number | null;
  readonly clientActivityAt: number;
  readonly awaitingReplySince: number | null;
  readonly firstReplyAt: number | null;
  readonly lastMessageAt: number;
  readonly messagesCount: number;
  readonly attachment: { readonly key: string; readonly mime: string; readonly size: number } | null;
  readonly createdAt: number;
  /** When the status or the assignee last changed (whole ms, strictly rising): the compare-and-set stamp. */
  readonly updatedAt: number;
}

export interface RequestMessageRecord {
  readonly id: number;
  readonly author: 'client' | 'admin';
  readonly authorId: number | null;
  readonly authorName: string | null;
  readonly text: string;
  readonly createdAt: number;
}

export interface AdminRequestFilter {
  readonly kind?: RequestKind;
  readonly status?: RequestStatus;
  /** Only requests waiting for the shop's answer: not closed, the client spoke last. */
  readonly waiting?: boolean;
  /** Created at or after (epoch ms). */
  readonly createdFrom?: number;
  /** Created strictly before (epoch ms). */
  readonly createdBefore?: number;
  readonly assignee?: number | 'none';
  readonly search: ContactSearch;
  readonly page: number;
  readonly limit: number;
}

export interface RequestChanges {
  readonly status?: RequestStatus;
  readonly assigneeId?: number | null;
  /** The `updatedAt` (epoch ms) the manager saw; a different stored one means someone changed it. */
  readonly expectedUpdatedAt?: number;
}

export interface AdminRequestsRepository {
  /** Unread first, then newest. */
  list(filter: AdminRequestFilter): Promise<{ items: AdminRequestRecord[]; total: number }>;
  find(id: number): Promise<AdminRequestRecord | null>;
  messages(requestId: number): Promise<RequestMessageRecord[]>;
  /** Stamped with the database clock, like the request and message times it is compared with. */
  markRead(requestId: number): Promise<void>;
  /**
   * Adds the shop's reply and, in the same transaction, sets the first-reply time (once), clears the
   * waiting marker and moves the status. False when the request does not exist.
   */
  addReply(
    requestId: number,
    reply: { readonly adminId: number; readonly text: string; readonly status: RequestStatus },
  ): Promise<boolean>;
  /**
   * Applies status/assignee; with `expectedUpdatedAt` only while the stored stamp still equals it
   * (one statement, so two managers cannot both win). False when nothing matched.
   */
  update(requestId: number, changes: RequestChanges): Promise<boolean>;
  admins(): Promise<AdminUserRecord[]>;
}
