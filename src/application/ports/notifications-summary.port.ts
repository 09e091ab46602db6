import type { AdminCounters, ClientCounters, ClientResetType } from '../../domain/notification-counters';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Unread summaries polled every 180 s (spec §7: GET /api/admin/unread-summary and
 * /api/client/unread-summary with since={timestamp}; PATCH /api/client/unread-summary/reset).
 * `since` is epoch milliseconds.
 */
export interface NotificationsSummaryPort {
  adminSummary(since: number, options?: CallOptions): Promise<AdminCounters>;
  clientSummary(since: number, options?: CallOptions): Promise<ClientCounters>;
  /** Spec §4: "Client resets also notify the server". */
  resetClient(type: ClientResetType, options?: CallOptions): Promise<void>;
}

export const NOTIFICATIONS_SUMMARY_PORT: PortToken<NotificationsSummaryPort> =
  portToken<NotificationsSummaryPort>('NotificationsSummaryPort');
