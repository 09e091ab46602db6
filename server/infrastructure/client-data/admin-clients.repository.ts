import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type {
  AdminClientsRepository,
  ClientDetailRecord,
  ClientListFilter,
  ClientSummaryRecord,
} from '../../application/admin-clients.port';
import { likePattern } from '../../domain/contact-search';
import type { AppDb } from '../db/database';
import { sessions, subscriptions, users } from '../db/schema/accounts.schema';
import { products } from '../db/schema/catalog.schema';
import { cartItems, favorites } from '../db/schema/client-data.schema';
import { clientNotes } from '../db/schema/client-notes.schema';
import { orders } from '../db/schema/orders.schema';
import { clientRequests } from '../db/schema/requests.schema';

// Written out with table names: drizzle leaves columns unqualified in a one-table query, and inside a
// subquery an unqualified "id" would be the subquery's own.
const lastSeenAt = sql<
  Date | string | null
>`(select max(s."last_seen_at") from "sessions" s where s."user_id" = "users"."id")`;
const ordersCount = sql<number>`(select count(*) from "orders" o where o."client_id" = "users"."id" and o."deleted_at" is null)`;
const requestsCount = sql<number>`(select count(*) from "client_requests" r where r."client_id" = "users"."id")`;

const toMs = (value: Date | string | null): number | null =>
  value === null ? null : value instanceof Date ? value.getTime() : Date.parse(value);

const ORDER_BY: Readonly<Record<ClientListFilter['sort'], SQL[]>> = {
  created_desc: [desc(users.createdAt), desc(users.id)],
  created_asc: [asc(users.createdAt), asc(users.id)],
  last_seen_desc: [sql`${lastSeenAt} desc nulls last`, desc(users.id)],
  email_asc: [asc(users.email), asc(users.id)],
  name_asc: [sql`${users.name} asc nulls last`, asc(users.id)],
};

export class DrizzleAdminClientsRepository implements AdminClientsRepository {
  constructor(private readonly db: AppDb) {}

  private where(filter: ClientListFilter): SQL | undefined {
    const conditions: SQL[] = [eq(users.role, 'user')];
    const { text, phoneDigits } = filter.search;
    if (text !== null) {
      const pattern = likePattern(text);
      const matches: SQL[] = [
        sql`${users.email} ilike ${pattern}`,
        sql`coalesce(${users.name}, '') ilike ${pattern}`,
      ];
      if (phoneDigits !== null) {
        // The account's phone, or one the client gave on an order; each spelling («8921…», «7921…»).
        for (const variant of filter.search.phoneVariants) {
          const digits = likePattern(variant);
          matches.push(
            sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${digits}`,
            sql`exists (select 1 from "orders" o where o."client_id" = "users"."id" and regexp_replace(o."contact_phone", '[^0-9]', '', 'g') like ${digits})`,
          );
        }
      } else {
        matches.push(sql`coalesce(${users.phone}, '') ilike ${pattern}`);
      }
      conditions.push(sql`(${sql.join(matches, sql` or `)})`);
    }
    return and(...conditions);
  }

  async list(filter: ClientListFilter): Promise<{ items: ClientSummaryRecord[]; total: number }> {
    const where = this.where(filter);
    const rows = await this.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        phone: users.phone,
        createdAt: users.createdAt,
        lastSeenAt,
        ordersCount,
        requestsCount,
      })
      .from(users)
      .where(where)
      .orderBy(...ORDER_BY[filter.sort])
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [totalRow] = await this.db.select({ n: sql<number>`count(*)` }).from(users).where(where);
    return {
      items: rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        phone: row.phone,
        createdAt: row.createdAt.getTime(),
        lastSeenAt: toMs(row.lastSeenAt),
        ordersCount: Number(row.ordersCount),
        requestsCount: Number(row.requestsCount),
      })),
      total: Number(totalRow?.n ?? 0),
    };
  }

  async find(clientId: number): Promise<ClientDetailRecord | null> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, clientId), eq(users.role, 'user')))
      .limit(1);
    if (!user) return null;
    const [
      sessionRows,
      subscriptionRows,
      orderRows,
      requestRows,
      favouriteRows,
      moneyRows,
      cartRows,
      noteRows,
    ] = await Promise.all([
      this.db
        .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.userId, clientId)),
      this.db
        .select({ email: subscriptions.email, since: subscriptions.createdAt })
        .from(subscriptions)
        .where(sql`${subscriptions.clientId} = ${clientId} or ${subscriptions.email} = ${user.email}`)
        .limit(1),
      this.db
        .select({ id: orders.id, status: orders.status, total: orders.total, createdAt: orders.createdAt })
        .from(orders)
        // Orders in the bin (soft-deleted) are not the client's orders any more.
        .where(and(eq(orders.clientId, clientId), isNull(orders.deletedAt)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(100),
      this.db
        .select({
          id: clientRequests.id,
          kind: clientRequests.kind,
          status: clientRequests.status,
          subject: clientRequests.subject,
          createdAt: clientRequests.createdAt,
          repliesCount: sql<number>`(select count(*) from "request_messages" m where m."request_id" = "client_requests"."id" and m."author" = 'admin')`,
        })
        .from(clientRequests)
        .where(eq(clientRequests.clientId, clientId))
        .orderBy(desc(clientRequests.createdAt), desc(clientRequests.id))
        .limit(100),
      this.db
        .select({
          productId: favorites.productId,
          name: products.name,
          slug: products.slug,
          addedAt: favorites.createdAt,
        })
        .from(favorites)
        .innerJoin(products, eq(products.id, favorites.productId))
        .where(eq(favorites.clientId, clientId))
        .orderBy(desc(favorites.createdAt))
        .limit(200),
      this.db
        .select({
          status: orders.status,
          total: orders.total,
          paidAmount: orders.paidAmount,
          refundedAmount: orders.refundedAmount,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .where(and(eq(orders.clientId, clientId), isNull(orders.deletedAt))),
      this.db
        .select({
          productId: cartItems.productId,
          name: products.name,
          slug: products.slug,
          quantity: cartItems.quantity,
          price: products.price,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.clientId, clientId))
        .orderBy(asc(cartItems.position)),
      this.db
        .select({ notes: clientNotes.notes, tags: clientNotes.tags })
        .from(clientNotes)
        .where(eq(clientNotes.clientId, clientId)),
    ]);
    const lastSeen = sessionRows.reduce<number | null>(
      (latest, session) => Math.max(latest ?? 0, session.lastSeenAt.getTime()),
      null,
    );
    const subscription = subscriptionRows[0];
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      phone: user.phone,
      createdAt: user.createdAt.getTime(),
      lastSeenAt: lastSeen,
      ordersCount: orderRows.length,
      requestsCount: requestRows.length,
      mustChangePassword: user.mustChangePassword,
      sessions: sessionRows.map((session) => ({
        createdAt: session.createdAt.getTime(),
        lastSeenAt: session.lastSeenAt.getTime(),
      })),
      subscription: subscription ? { email: subscription.email, since: subscription.since.getTime() } : null,
      orders: orderRows.map((order) => ({ ...order, createdAt: order.createdAt.getTime() })),
      requests: requestRows.map((request) => ({
        ...request,
        createdAt: request.createdAt.getTime(),
        repliesCount: Number(request.repliesCount),
      })),
      favourites: favouriteRows.map((favourite) => ({ ...favourite, addedAt: favourite.addedAt.getTime() })),
      orderMoney: moneyRows.map((order) => ({
        status: order.status,
        total: Number(order.total),
        paidAmount: Number(order.paidAmount),
        refundedAmount: Number(order.refundedAmount),
        paidAt: order.paidAt === null ? null : order.paidAt.getTime(),
      })),
      // Catalogue prices are whole roubles (docs/money.md); the card speaks kopecks.
      cart: cartRows.map((line) => ({ ...line, price: Number(line.price) * 100 })),
      notes: noteRows[0]?.notes ?? '',
      tags: noteRows[0]?.tags ?? [],
    };
  }

  async endSessions(clientId: number): Promise<number> {
    const ended = await this.db
      .delete(sessions)
      .where(eq(sessions.userId, clientId))
      .returning({ tokenHash: sessions.tokenHash });
    return ended.length;
  }
}
