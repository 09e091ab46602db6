import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { roleMayOpen, STAFF_ROLES } from '../../../shared-rules/staff-role-rule';
import type {
  AdminRequestFilter,
  AdminRequestRecord,
  AdminRequestsRepository,
  AdminUserRecord,
  RequestChanges,
  RequestMessageRecord,
} from '../../application/admin-requests.port';
import { likePattern } from '../../domain/contact-search';
import type { AppDb } from '../db/database';
import { users } from '../db/schema/accounts.schema';
import { clientRequests, requestMessages } from '../db/schema/requests.schema';

const client = alias(users, 'client');
const assignee = alias(users, 'assignee');

// Written out with table names: inside a subquery an unqualified "id" would be the subquery's own.
const messagesCount = sql<number>`(select count(*) from "request_messages" m where m."request_id" = "client_requests"."id")`;
const lastMessageAt = sql<
  Date | string
>`greatest("client_requests"."created_at", (select max(m."created_at") from "request_messages" m where m."request_id" = "client_requests"."id"))`;
const unread = sql`(${clientRequests.adminReadAt} is null or ${clientRequests.adminReadAt} < ${clientRequests.clientActivityAt})`;

const digitsOf = (column: SQL | typeof clientRequests.text) =>
  sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/** Timestamps from a raw subquery arrive as text on one driver and Date on the other. */
const toMs = (value: Date | string | null): number | null =>
  value === null ? null : value instanceof Date ? value.getTime() : Date.parse(value);

export class DrizzleAdminRequestsRepository implements AdminRequestsRepository {
  constructor(private readonly db: AppDb) {}

  private where(filter: AdminRequestFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.kind !== undefined) conditions.push(eq(clientRequests.kind, filter.kind));
    if (filter.status !== undefined) conditions.push(eq(clientRequests.status, filter.status));
    // The same rule as `waitingSince` (server/domain/request-inbox.ts): open, and the client spoke last.
    if (filter.waiting === true)
      conditions.push(ne(clientRequests.status, 'closed'), isNotNull(clientRequests.awaitingReplySince));
    if (filter.createdFrom !== undefined)
      conditions.push(gte(clientRequests.createdAt, new Date(filter.createdFrom)));
    if (filter.createdBefore !== undefined)
      conditions.push(lt(clientRequests.createdAt, new Date(filter.createdBefore)));
    if (filter.assignee === 'none') conditions.push(isNull(clientRequests.assigneeId));
    else if (filter.assignee !== undefined) conditions.push(eq(clientRequests.assigneeId, filter.assignee));
    const { text, phoneDigits } = filter.search;
    if (text !== null) {
      const pattern = likePattern(text);
      const matches: SQL[] = [
        sql`${clientRequests.subject} ilike ${pattern}`,
        sql`${clientRequests.text} ilike ${pattern}`,
        sql`coalesce(${clientRequests.email}, '') ilike ${pattern}`,
        sql`coalesce(${client.email}, '') ilike ${pattern}`,
        sql`coalesce(${client.name}, '') ilike ${pattern}`,
      ];
      if (phoneDigits !== null) {
        for (const variant of filter.search.phoneVariants) {
          const digits = likePattern(variant);
          matches.push(
            sql`${digitsOf(sql`coalesce(${client.phone}, '')`)} like ${digits}`,
            sql`${digitsOf(clientRequests.text)} like ${digits}`,
          );
        }
      }
      const any = or(...matches);
      if (any) conditions.push(any);
    }
    return conditions.length === 0 ? undefined : and(...conditions);
  }

  private select() {
    return this.db
      .select({
        request: clientRequests,
        clientName: client.name,
        clientPhone: client.phone,
        clientEmail: client.email,
        assigneeId: assignee.id,
        assigneeEmail: assignee.email,
        assigneeName: assignee.name,
        messagesCount,
        lastMessageAt,
      })
      .from(clientRequests)
      .leftJoin(client, eq(client.id, clientRequests.clientId))
      .leftJoin(assignee, eq(assignee.id, clientRequests.assigneeId));
  }

  async list(filter: AdminRequestFilter): Promise<{ items: AdminRequestRecord[]; total: number }> {
    const where = this.where(filter);
    const rows = await this.select()
      .where(where)
      .orderBy(desc(unread), desc(clientRequests.createdAt), desc(clientRequests.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [totalRow] = await this.db
      .select({ n: count() })
      .from(clientRequests)
      .leftJoin(client, eq(client.id, clientRequests.clientId))
      .where(where);
    return { items: rows.map(toRecord), total: Number(totalRow?.n ?? 0) };
  }

  async find(id: number): Promise<AdminRequestRecord | null> {
    const [row] = await this.select().where(eq(clientRequests.id, id)).limit(1);
    return row ? toRecord(row) : null;
  }

  async messages(requestId: number): Promise<RequestMessageRecord[]> {
    const rows = await this.db
      .select({
        id: requestMessages.id,
        author: requestMessages.author,
        authorId: requestMessages.authorId,
        authorName: users.name,
        authorEmail: users.email,
        text: requestMessages.text,
        createdAt: requestMessages.createdAt,
      })
      .from(requestMessages)
      .leftJoin(users, eq(users.id, requestMessages.authorId))
      .where(eq(requestMessages.requestId, requestId))
      .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id));
    return rows.map((row) => ({
      id: row.id,
      author: row.author,
      authorId: row.authorId,
      authorName: row.authorName ?? row.authorEmail,
      text: row.text,
      createdAt: row.createdAt.getTime(),
    }));
  }

  async markRead(requestId: number): Promise<void> {
    await this.db
      .update(clientRequests)
      .set({ adminReadAt: sql`now()` })
      .where(eq(clientRequests.id, requestId));
  }

  async addReply(
    requestId: number,
    reply: { adminId: number; text: string; status: AdminRequestRecord['status'] },
  ): Promise<boolean> {
    // One transaction: now() is the same instant for the message and the first-reply time.
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(clientRequests)
        .set({
          status: reply.status,
          firstReplyAt: sql`coalesce(${clientRequests.firstReplyAt}, now())`,
          awaitingReplySince: null,
        })
        .where(eq(clientRequests.id, requestId))
        .returning({ id: clientRequests.id });
      if (updated.length === 0) return false;
      await tx.insert(requestMessages).values({
        requestId,
        author: 'admin',
        authorId: reply.adminId,
        text: reply.text,
      });
      return true;
    });
  }

  async update(requestId: number, changes: RequestChanges): Promise<boolean> {
    const set: { status?: AdminRequestRecord['status']; assigneeId?: number | null } = {};
    if (changes.status !== undefined) set.status = changes.status;
    if (changes.assigneeId !== undefined) set.assigneeId = changes.assigneeId;
    if (Object.keys(set).length === 0) return true;
    // The trigger from migration 0006 moves updated_at; the stamp compared here is the one before.
    const updated = await this.db
      .update(clientRequests)
      .set(set)
      .where(
        and(
          eq(clientRequests.id, requestId),
          changes.expectedUpdatedAt === undefined
            ? undefined
            : eq(clientRequests.updatedAt, new Date(changes.expectedUpdatedAt)),
        ),
      )
      .returning({ id: clientRequests.id });
    return updated.length > 0;
  }

  async admins(): Promise<AdminUserRecord[]> {
    return (
      this.db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        // Assignees are the unblocked staff whose role opens the requests (docs/staff.md).
        .where(
          and(
            eq(users.role, 'admin'),
            isNull(users.blockedAt),
            inArray(
              users.staffRole,
              STAFF_ROLES.filter((role) => roleMayOpen(role, 'requests')),
            ),
          ),
        )
        .orderBy(asc(sql`coalesce(${users.name}, ${users.email})`))
    );
  }
}

function toRecord(row: {
  request: typeof clientRequests.$inferSelect;
  clientName: string | null;
  clientPhone: string | null;
  clientEmail: string | null;
  assigneeId: number | null;
  assigneeEmail: string | null;
  assigneeName: string | null;
  messagesCount: number;
  lastMessageAt: Date | string;
}): AdminRequestRecord {
  const request = row.request;
  return {
    id: request.id,
    kind: request.kind,
    status: request.status,
    subject: request.subject,
    text: request.text,
    email: request.email,
    clientId: request.clientId,
    clientName: row.clientName,
    clientPhone: row.clientPhone,
    clientEmail: row.clientEmail,
    assignee:
      row.assigneeId === null || row.assigneeEmail === null
        ? null
        : { id: row.assigneeId, email: row.assigneeEmail, name: row.assigneeName },
    adminReadAt: request.adminReadAt?.getTime() ?? null,
    clientActivityAt: request.clientActivityAt.getTime(),
    awaitingReplySince: request.awaitingReplySince?.getTime() ?? null,
    firstReplyAt: request.firstReplyAt?.getTime() ?? null,
    lastMessageAt: toMs(row.lastMessageAt) ?? request.createdAt.getTime(),
    updatedAt: request.updatedAt.getTime(),
    messagesCount: Number(row.messagesCount),
    attachment:
      request.attachmentKey !== null && request.attachmentType !== null
        ? { key: request.attachmentKey, mime: request.attachmentType, size: request.attachmentSize ?? 0 }
        : null,
    createdAt: request.createdAt.getTime(),
  };
}
