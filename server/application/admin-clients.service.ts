import type {
  AdminClientDetail,
  AdminClientList,
  AdminClientListQuery,
  AdminClientSummary,
} from '../../api/admin-clients';
import { clientTotals } from '../domain/client-totals';
import { parseContactSearch } from '../domain/contact-search';
import { isOrderStatus, ORDER_STATUS_LABELS } from '../domain/order-lifecycle.machine';
import { sessionVerdict } from '../domain/session-policy';
import type { AdminClientsRepository, ClientSummaryRecord } from './admin-clients.port';
import type { AdminActor } from './admin-requests.service';
import type { AuditLog } from './audit-log.port';
import type { AuthService } from './auth.service';

export interface AdminClientsDeps {
  readonly clients: AdminClientsRepository;
  readonly auth: AuthService;
  readonly audit: AuditLog;
  readonly now: () => number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

function summaryOf(record: ClientSummaryRecord): AdminClientSummary {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    phone: record.phone,
    createdAt: iso(record.createdAt),
    lastSeenAt: record.lastSeenAt === null ? null : iso(record.lastSeenAt),
    ordersCount: record.ordersCount,
    requestsCount: record.requestsCount,
  };
}

export type PasswordResetOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly error: 'not_found' }
  | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number };

/**
 * The back office's clients: list and search, one client's card, ending the client's sessions and
 * sending a password reset. The two writes are recorded in the audit log; no password ever leaves
 * the server except in the client's own mailbox.
 */
export class AdminClientsService {
  constructor(private readonly deps: AdminClientsDeps) {}

  async list(query: AdminClientListQuery): Promise<AdminClientList> {
    const { items, total } = await this.deps.clients.list({
      search: parseContactSearch(query.q),
      sort: query.sort ?? 'created_desc',
      page: query.page,
      limit: query.limit,
    });
    return { items: items.map(summaryOf), total, page: query.page, limit: query.limit };
  }

  async detail(clientId: number): Promise<AdminClientDetail | null> {
    const record = await this.deps.clients.find(clientId);
    if (record === null) return null;
    const now = this.deps.now();
    return {
      ...summaryOf(record),
      mustChangePassword: record.mustChangePassword,
      sessionsCount: record.sessions.filter((session) => sessionVerdict('user', session, now) === 'alive')
        .length,
      subscription:
        record.subscription === null
          ? null
          : { email: record.subscription.email, since: iso(record.subscription.since) },
      orders: record.orders.map((order) => ({
        id: order.id,
        status: order.status,
        statusLabel: isOrderStatus(order.status) ? ORDER_STATUS_LABELS[order.status] : order.status,
        total: order.total,
        createdAt: iso(order.createdAt),
      })),
      requests: record.requests.map((request) => ({ ...request, createdAt: iso(request.createdAt) })),
      favourites: record.favourites.map((favourite) => ({ ...favourite, addedAt: iso(favourite.addedAt) })),
      cart: record.cart.map((line) => ({ ...line, lineTotal: line.price * line.quantity })),
      totals: clientTotals(record.orderMoney),
      notes: record.notes,
      tags: [...record.tags],
    };
  }

  /** Signs the client out everywhere. Null when there is no such client. */
  async endSessions(actor: AdminActor, clientId: number): Promise<{ ended: number } | null> {
    const record = await this.deps.clients.find(clientId);
    if (record === null) return null;
    const ended = await this.deps.clients.endSessions(clientId);
    await this.deps.audit.record({
      actorKind: 'admin',
      actorId: actor.adminId,
      action: 'client.sessionsEnded',
      entityType: 'client',
      entityId: String(clientId),
      before: { sessions: record.sessions.length },
      after: { sessions: 0 },
      ip: actor.ip,
    });
    return { ended };
  }

  async sendPasswordReset(actor: AdminActor, clientId: number): Promise<PasswordResetOutcome> {
    const result = await this.deps.auth.sendPasswordResetFor(clientId);
    if (!result.ok) return result;
    await this.deps.audit.record({
      actorKind: 'admin',
      actorId: actor.adminId,
      action: 'client.passwordResetSent',
      entityType: 'client',
      entityId: String(clientId),
      // What happened, never the password: the mailbox it went to.
      after: { temporaryPasswordMailedTo: result.email },
      ip: actor.ip,
    });
    return { ok: true };
  }
}
