import { type ClientSummaryType, countingStart } from '../domain/unread-summary';
import type { AdminCounts, ClientCounts, NotificationsRepository } from './requests.port';

/** When the browser sends no `since`, count the last 3 minutes (spec §9: the first poll's default). */
const DEFAULT_SINCE_MS = 3 * 60_000;

export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly now: () => number,
  ) {}

  async clientSummary(clientId: number, since: number | null): Promise<ClientCounts> {
    const from = since ?? this.now() - DEFAULT_SINCE_MS;
    const resets = await this.repository.resets(clientId);
    return this.repository.clientCounts(clientId, {
      orders: countingStart(from, resets.orders ?? null),
      requests: countingStart(from, resets.requests ?? null),
      promos: countingStart(from, resets.promos ?? null),
    });
  }

  reset(clientId: number, type: ClientSummaryType): Promise<void> {
    return this.repository.setReset(clientId, type, this.now());
  }

  adminSummary(since: number | null): Promise<AdminCounts> {
    return this.repository.adminCounts(since ?? this.now() - DEFAULT_SINCE_MS);
  }
}
