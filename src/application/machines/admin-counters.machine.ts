/**
 * The administrator's unread counters (spec §4 "Notification counters", §2 admin area): new orders,
 * order updates, new requests and new request messages, polled every 180 s while an administrator is
 * signed in. Opening /admin/orders resets newOrders and orderUpdates; opening /admin/client-requests
 * resets newRequests and newRequestMessages. States are those of unread-counters.machine.ts:
 * `inactive`, or `active` (`fetching`, `waiting`, `resetting`).
 */
import { ADMIN_COUNTER_KEYS, type AdminCounterKey } from '../../domain/notification-counters';
import { createUnreadCountersMachine } from './unread-counters.machine';

export const ADMIN_RESET_GROUPS = {
  /** /admin/orders */
  orders: ['newOrders', 'orderUpdates'],
  /** /admin/client-requests */
  requests: ['newRequests', 'newRequestMessages'],
} as const satisfies Record<string, readonly AdminCounterKey[]>;

export type AdminResetGroup = keyof typeof ADMIN_RESET_GROUPS;

/** The reset group an admin path opens, if any (spec §2). */
export function adminResetGroupForPath(pathname: string): AdminResetGroup | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/admin/orders') return 'orders';
  if (path === '/admin/client-requests') return 'requests';
  return null;
}

export const adminCountersMachine = createUnreadCountersMachine<AdminCounterKey, AdminResetGroup>({
  id: 'adminCounters',
  keys: ADMIN_COUNTER_KEYS,
  groups: ADMIN_RESET_GROUPS,
  // An administrator is authenticated without a clientId (spec §3, §6).
  belongsTo: (auth) => auth.isAuthenticated && auth.clientId === null,
  notifiesServer: false,
  resetWhenLeaving: false,
});
