import type {
  AdminRequestList,
  AdminRequestListQuery,
  AdminRequestSummary,
  AdminRequestThread,
  AdminUser,
} from '../../api/admin-requests';
import { parseContactSearch } from '../domain/contact-search';
import { requestFieldsOf, requestWords } from '../domain/request-fields';
import {
  excerptOf,
  isUnread,
  type RequestStatus,
  shopDayRange,
  statusAfterReply,
  waitingSince,
} from '../domain/request-inbox';
import type {
  AdminRequestFilter,
  AdminRequestRecord,
  AdminRequestsRepository,
  RequestChanges,
} from './admin-requests.port';
import type { AuditLog } from './audit-log.port';
import { requestReplyMail, type ShopIdentity } from './mail-templates';
import type { Mailer } from './mailer.port';

export interface AdminRequestsDeps {
  readonly requests: AdminRequestsRepository;
  readonly audit: AuditLog;
  readonly mailer: Mailer;
  readonly shop: ShopIdentity;
  readonly now: () => number;
}

/** Who makes an admin write, for the audit log. */
export interface AdminActor {
  readonly adminId: number;
  readonly ip: string;
}

export type AdminRequestResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly error: 'not_found' | 'bad_dates' | 'unknown_assignee' | 'stale';
      readonly message: string;
    };

const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

const ATTACHMENT_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The download name: made by the server from the request id and the sniffed type, never uploaded text. */
function attachmentFileName(requestId: number, mime: string): string {
  return `zayavka-${requestId}.${ATTACHMENT_EXTENSIONS[mime] ?? 'bin'}`;
}

const attachmentUrl = (requestId: number): string => `/api/admin/client-requests/${requestId}/attachment`;

function summaryOf(record: AdminRequestRecord): AdminRequestSummary {
  return {
    id: record.id,
    kind: record.kind,
    status: record.status,
    subject: record.subject,
    excerpt: excerptOf(requestWords(record.text)),
    email: record.email ?? record.clientEmail,
    phone: record.clientPhone,
    clientId: record.clientId,
    clientName: record.clientName,
    assignee: record.assignee,
    unread: isUnread(record.adminReadAt, record.clientActivityAt),
    hasAttachment: record.attachment !== null,
    messagesCount: record.messagesCount,
    createdAt: iso(record.createdAt),
    firstReplyAt: isoOrNull(record.firstReplyAt),
    lastMessageAt: iso(record.lastMessageAt),
    waitingSince: isoOrNull(waitingSince(record.status, record.awaitingReplySince)),
    updatedAt: iso(record.updatedAt),
  };
}

/**
 * The back office's client-requests inbox: list, thread, reply, status and assignee. Every write is
 * recorded in the audit log with the administrator and the address it came from.
 */
export class AdminRequestsService {
  constructor(private readonly deps: AdminRequestsDeps) {}

  async list(query: AdminRequestListQuery): Promise<AdminRequestResult<AdminRequestList>> {
    const from = query.from === undefined ? undefined : shopDayRange(query.from);
    const to = query.to === undefined ? undefined : shopDayRange(query.to);
    if (from === null || to === null)
      return { ok: false, error: 'bad_dates', message: 'Некорректная дата в фильтре.' };
    if (from !== undefined && to !== undefined && from.start >= to.end)
      return { ok: false, error: 'bad_dates', message: 'Дата «с» позже даты «по».' };
    const filter: AdminRequestFilter = {
      ...(query.type !== undefined ? { kind: query.type } : {}),
      ...(query.status !== undefined ? { status: query.status } : {}),
      ...(query.waiting === 'true' ? { waiting: true } : {}),
      ...(from !== undefined ? { createdFrom: from.start } : {}),
      ...(to !== undefined ? { createdBefore: to.end } : {}),
      ...(query.assignee !== undefined
        ? { assignee: query.assignee === 'none' ? 'none' : Number(query.assignee) }
        : {}),
      search: parseContactSearch(query.q),
      page: query.page,
      limit: query.limit,
    };
    const { items, total } = await this.deps.requests.list(filter);
    return { ok: true, value: { items: items.map(summaryOf), total, page: query.page, limit: query.limit } };
  }

  /** The thread; opening it marks the request read for the administrators. */
  async open(requestId: number): Promise<AdminRequestResult<AdminRequestThread>> {
    const found = await this.deps.requests.find(requestId);
    if (found === null) return notFound();
    await this.deps.requests.markRead(requestId);
    return this.thread(requestId);
  }

  async reply(
    actor: AdminActor,
    requestId: number,
    rawText: string,
  ): Promise<AdminRequestResult<AdminRequestThread>> {
    const text = rawText.trim();
    const found = await this.deps.requests.find(requestId);
    if (found === null) return notFound();
    const status = statusAfterReply(found.status);
    if (!(await this.deps.requests.addReply(requestId, { adminId: actor.adminId, text, status })))
      return notFound();
    // Replying is reading: the administrator saw the thread.
    await this.deps.requests.markRead(requestId);
    await this.deps.audit.record({
      actorKind: 'admin',
      actorId: actor.adminId,
      action: 'request.replied',
      entityType: 'request',
      entityId: String(requestId),
      before: found.status === status ? null : { status: found.status },
      after: { reply: text, ...(found.status === status ? {} : { status }) },
      ip: actor.ip,
    });
    const to = found.email ?? found.clientEmail;
    if (to !== null && found.clientId !== null) {
      await this.deps.mailer.send(requestReplyMail(this.deps.shop, to, requestId, text, found.clientId));
    }
    return this.thread(requestId);
  }

  async update(
    actor: AdminActor,
    requestId: number,
    changes: RequestChanges,
  ): Promise<AdminRequestResult<AdminRequestThread>> {
    const found = await this.deps.requests.find(requestId);
    if (found === null) return notFound();
    const stale = {
      ok: false,
      error: 'stale',
      message: 'Заявку только что изменил другой менеджер. Обновите страницу и повторите.',
    } as const;
    if (changes.expectedUpdatedAt !== undefined && changes.expectedUpdatedAt !== found.updatedAt)
      return stale;
    if (changes.assigneeId !== undefined && changes.assigneeId !== null) {
      const admins = await this.deps.requests.admins();
      if (!admins.some((admin) => admin.id === changes.assigneeId))
        return { ok: false, error: 'unknown_assignee', message: 'Такого администратора нет.' };
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const applied: { status?: RequestStatus; assigneeId?: number | null } = {};
    if (changes.status !== undefined && changes.status !== found.status) {
      before.status = found.status;
      after.status = changes.status;
      applied.status = changes.status;
    }
    const currentAssignee = found.assignee?.id ?? null;
    if (changes.assigneeId !== undefined && changes.assigneeId !== currentAssignee) {
      before.assigneeId = currentAssignee;
      after.assigneeId = changes.assigneeId;
      applied.assigneeId = changes.assigneeId;
    }
    if (Object.keys(after).length > 0) {
      const done = await this.deps.requests.update(requestId, {
        ...applied,
        ...(changes.expectedUpdatedAt !== undefined ? { expectedUpdatedAt: changes.expectedUpdatedAt } : {}),
      });
      if (!done) return stale;
      await this.deps.audit.record({
        actorKind: 'admin',
        actorId: actor.adminId,
        action: 'request.updated',
        entityType: 'request',
        entityId: String(requestId),
        before,
        after,
        ip: actor.ip,
      });
    }
    return this.thread(requestId);
  }

  admins(): Promise<AdminUser[]> {
    return this.deps.requests.admins();
  }

  /** The stored file of a request, for the admin download. */
  async attachment(requestId: number): Promise<{
    readonly key: string;
    readonly mime: string;
    readonly size: number;
    readonly fileName: string;
  } | null> {
    const found = await this.deps.requests.find(requestId);
    if (found === null || found.attachment === null) return null;
    return { ...found.attachment, fileName: attachmentFileName(requestId, found.attachment.mime) };
  }

  private async thread(requestId: number): Promise<AdminRequestResult<AdminRequestThread>> {
    const record = await this.deps.requests.find(requestId);
    if (record === null) return notFound();
    const messages = await this.deps.requests.messages(requestId);
    return {
      ok: true,
      value: {
        ...summaryOf(record),
        text: record.text,
        fields: requestFieldsOf(record.text),
        attachment:
          record.attachment === null
            ? null
            : {
                mime: record.attachment.mime,
                size: record.attachment.size,
                fileName: attachmentFileName(requestId, record.attachment.mime),
                url: attachmentUrl(requestId),
              },
        messages: messages.map((message) => ({
          id: message.id,
          author: message.author,
          authorId: message.authorId,
          authorName: message.authorName,
          text: message.text,
          createdAt: iso(message.createdAt),
        })),
      },
    };
  }
}

const notFound = (): { ok: false; error: 'not_found'; message: string } => ({
  ok: false,
  error: 'not_found',
  message: 'Заявка не найдена.',
});
