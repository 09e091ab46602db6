import * as Notifications from '../../../api/notifications';
import type { NotificationsSummaryPort } from '../../application/ports/notifications-summary.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { AdminCounters, ClientCounters, ClientResetType } from '../../domain/notification-counters';
import type { HttpApiClient } from './api-client';

/** `since` goes as epoch milliseconds in digits; a value that is not a time is left out (server: everything unseen). */
function sinceQuery(since: number): { readonly since: string | null } {
  return { since: Number.isSafeInteger(since) && since >= 0 ? String(since) : null };
}

export class NotificationsSummaryHttpAdapter implements NotificationsSummaryPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async adminSummary(since: number, options: CallOptions = {}): Promise<AdminCounters> {
    return this.api.call(Notifications.getAdminUnreadSummary, { ...options, query: sinceQuery(since) });
  }

  async clientSummary(since: number, options: CallOptions = {}): Promise<ClientCounters> {
    return this.api.call(Notifications.getClientUnreadSummary, { ...options, query: sinceQuery(since) });
  }

  async resetClient(type: ClientResetType, options: CallOptions = {}): Promise<void> {
    await this.api.call(Notifications.resetClientUnreadSummary, { ...options, body: { type } });
  }
}
