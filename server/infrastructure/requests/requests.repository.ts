import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type {
  AdminCounts,
  ClientCounts,
  ClientRequestRecord,
  NewClientRequest,
  NotificationsRepository,
  RequestsRepository,
  SubscriptionsRepository,
} from '../../application/requests.port';
import type { AppDb } from '../db/database';
import { clientPromoNotices, notificationResets, subscriptions } from '../db/schema/accounts.schema';
import { promoCodes } from '../db/schema/content.schema';
import { orderEvents, orders } from '../db/schema/orders.schema';
import { clientRequests, requestMessages } from '../db/schema/requests.schema';

export class DrizzleRequestsRepository implements RequestsRepository {
  constructor(private readonly db: AppDb) {}

  async create(request: NewClientRequest): Promise<number> {
    const [row] = await this.db
      .insert(clientRequests)
      .values({
        clientId: request.clientId,
        kind: request.kind,
        subject: request.subject,
        text: request.text,
        email: request.email,
        attachmentKey: request.attachment?.key ?? null,
        attachmentType: request.attachment?.mime ?? null,
        attachmentSize: request.attachment?.size ?? null,
        // The request itself is the client's first word: unread, and waiting for the shop's reply.
        awaitingReplySince: sql`now()`,
      })
      .returning({ id: clientRequests.id });
    if (!row) throw new Error('request insert returned nothing');
    return row.id;
  }

  async listByClient(clientId: number): Promise<ClientRequestRecord[]> {
    const rows = await this.db
      .select()
      .from(clientRequests)
      .where(eq(clientRequests.clientId, clientId))
      .orderBy(desc(clientRequests.createdAt), desc(clientRequests.id));
    const ids = rows.map((row) => row.id);
    const messages =
      ids.length === 0
        ? []
        : await this.db
            .select()
            .from(requestMessages)
            .where(inArray(requestMessages.requestId, ids))
            .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id));
    const replies = messages.filter((message) => message.author === 'admin');
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      text: row.text,
      createdAt: row.createdAt.getTime(),
      hasAttachment: row.attachmentKey !== null,
      status: row.status,
      replies: replies
        .filter((reply) => reply.requestId === row.id)
        .map((reply) => ({ text: reply.text, at: reply.createdAt.getTime() })),
      messages: messages
        .filter((message) => message.requestId === row.id)
        .map((message) => ({ author: message.author, text: message.text, at: message.createdAt.getTime() })),
    }));
  }

  async attachment(requestId: number) {
    const [row] = await this.db
      .select({
        clientId: clientRequests.clientId,
        key: clientRequests.attachmentKey,
        mime: clientRequests.attachmentType,
      })
      .from(clientRequests)
      .where(eq(clientRequests.id, requestId))
      .limit(1);
    if (!row || row.key === null || row.mime === null) return null;
    return { clientId: row.clientId, key: row.key, mime: row.mime };
  }
  async addClientMessage(clientId: number, requestId: number, text: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(clientRequests)
        .set({
          clientActivityAt: sql`now()`,
          awaitingReplySince: sql`coalesce(${clientRequests.awaitingReplySince}, now())`,
          status: sql`case when ${clientRequests.status} = 'new' then 'new' else 'in_work' end`,
        })
        .where(and(eq(clientRequests.id, requestId), eq(clientRequests.clientId, clientId)))
        .returning({ id: clientRequests.id });
      if (updated.length === 0) return false;
      await tx.insert(requestMessages).values({ requestId, author: 'client', authorId: clientId, text });
      return true;
    });
  }
}

export class DrizzleSubscriptionsRepository implements SubscriptionsRepository {
  constructor(private readonly db: AppDb) {}

  async find(email: string) {
    const [row] = await this.db
      .select({ promoCode: subscriptions.promoCode })
      .from(subscriptions)
      .where(eq(subscriptions.email, email))
      .limit(1);
    return row ?? null;
  }

  async createIfAbsent(email: string, clientId: number | null, promoCode: string): Promise<boolean> {
    const inserted = await this.db
      .insert(subscriptions)
      .values({ email, clientId, promoCode })
      .onConflictDoNothing()
      .returning({ email: subscriptions.email });
    return inserted.length === 1;
  }

  async addPromoNotice(clientId: number, promoCode: string): Promise<void> {
    await this.db.insert(clientPromoNotices).values({ clientId, promoCode });
  }

  async ensurePromoCode(code: string, percent: number): Promise<void> {
    await this.db
      .insert(promoCodes)
      .values({ code, discountPercent: percent, description: 'Промокод за подписку на новости' })
      .onConflictDoNothing();
  }
}

const since = (ms: number) => new Date(ms);

export class DrizzleNotificationsRepository implements NotificationsRepository {
  constructor(private readonly db: AppDb) {}

  async resets(clientId: number) {
    const rows = await this.db
      .select()
      .from(notificationResets)
      .where(eq(notificationResets.clientId, clientId));
    return Object.fromEntries(rows.map((row) => [row.type, row.resetAt.getTime()]));
  }

  async setReset(clientId: number, type: 'orders' | 'requests' | 'promos', at: number): Promise<void> {
    await this.db
      .insert(notificationResets)
      .values({ clientId, type, resetAt: new Date(at) })
      .onConflictDoUpdate({
        target: [notificationResets.clientId, notificationResets.type],
        set: { resetAt: new Date(at) },
      });
  }

  async clientCounts(
    clientId: number,
    starts: { orders: number; requests: number; promos: number },
  ): Promise<ClientCounts> {
    // Status changes the client did not make themselves (shop or payment), on the client's orders.
    const [statusRow] = await this.db
      .select({ n: count() })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(
        and(
          eq(orders.clientId, clientId),
          eq(orderEvents.kind, 'status'),
          ne(orderEvents.actor, 'client'),
          gt(orderEvents.at, since(starts.orders)),
        ),
      );
    const [replyRow] = await this.db
      .select({ n: count() })
      .from(requestMessages)
      .innerJoin(clientRequests, eq(clientRequests.id, requestMessages.requestId))
      .where(
        and(
          eq(clientRequests.clientId, clientId),
          eq(requestMessages.author, 'admin'),
          gt(requestMessages.createdAt, since(starts.requests)),
        ),
      );
    const [promoRow] = await this.db
      .select({ n: count() })
      .from(clientPromoNotices)
      .where(
        and(
          eq(clientPromoNotices.clientId, clientId),
          gt(clientPromoNotices.createdAt, since(starts.promos)),
        ),
      );
    return {
      orderStatusChanges: Number(statusRow?.n ?? 0),
      requestReplies: Number(replyRow?.n ?? 0),
      promoUpdates: Number(promoRow?.n ?? 0),
    };
  }

  async adminCounts(from: number): Promise<AdminCounts> {
    const at = since(from);
    const [newOrders] = await this.db.select({ n: count() }).from(orders).where(gt(orders.createdAt, at));
    // Changes the shop did not make itself: client edits and payments.
    const [orderUpdates] = await this.db
      .select({ n: count() })
      .from(orderEvents)
      .where(and(ne(orderEvents.kind, 'created'), ne(orderEvents.actor, 'admin'), gt(orderEvents.at, at)));
    const [newRequests] = await this.db
      .select({ n: count() })
      .from(clientRequests)
      .where(gt(clientRequests.createdAt, at));
    const [newMessages] = await this.db
      .select({ n: count() })
      .from(requestMessages)
      .where(and(eq(requestMessages.author, 'client'), gt(requestMessages.createdAt, at)));
    return {
      newOrders: Number(newOrders?.n ?? 0),
      orderUpdates: Number(orderUpdates?.n ?? 0),
      newRequests: Number(newRequests?.n ?? 0),
      newRequestMessages: Number(newMessages?.n ?? 0),
    };
  }
}
