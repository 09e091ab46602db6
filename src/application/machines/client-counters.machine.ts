/**
 * A signed-in client's unread counters (spec §4 "Notification counters", §2 /orders/{clientId}):
 * order-status changes, request replies and promo updates, polled every 180 s. Opening the account
 * tab orders, requests or promo resets the matching counter and tells the server
 * (PATCH /api/client/unread-summary/reset {type: orders|requests|promos}); logging out resets all of
 * them. States are those of unread-counters.machine.ts: `inactive`, or `active` (`fetching`,
 * `waiting`, `resetting`, `notifyingServer`).
 */
import {
  CLIENT_COUNTER_KEYS,
  CLIENT_RESET_KEYS,
  type ClientCounterKey,
  type ClientResetType,
} from '../../domain/notification-counters';
import { createUnreadCountersMachine } from './unread-counters.machine';

/** The server reset type of an account tab; any other value resets nothing. */
export function clientResetTypeForTab(tab: string | null | undefined): ClientResetType | null {
  if (tab === 'orders') return 'orders';
  if (tab === 'requests') return 'requests';
  if (tab === 'promo') return 'promos';
  return null;
}

export const clientCountersMachine = createUnreadCountersMachine<ClientCounterKey, ClientResetType>({
  id: 'clientCounters',
  keys: CLIENT_COUNTER_KEYS,
  groups: CLIENT_RESET_KEYS,
  belongsTo: (auth) =>
    auth.isAuthenticated &&
    typeof auth.clientId === 'number' &&
    Number.isSafeInteger(auth.clientId) &&
    auth.clientId > 0,
  notifiesServer: true,
  resetWhenLeaving: true,
});
