import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  ADMIN_RESET_GROUPS,
  adminCountersMachine,
  adminResetGroupForPath,
} from '../../src/application/machines/admin-counters.machine';
import {
  clientCountersMachine,
  clientResetTypeForTab,
} from '../../src/application/machines/client-counters.machine';
import {
  ADMIN_COUNTER_KEYS,
  type AdminCounterKey,
  CLIENT_COUNTER_KEYS,
  type ClientCounterKey,
  type ClientResetType,
  type Counters,
  type ServerTotals,
  zeroCounters,
} from '../../src/domain/notification-counters';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const START = Date.UTC(2026, 10, 22, 9, 0, 0);
const admin = { type: 'auth.changed', isAuthenticated: true, clientId: null } as const;
const client = { type: 'auth.changed', isAuthenticated: true, clientId: 12 } as const;
const guest = { type: 'auth.changed', isAuthenticated: false, clientId: null } as const;

function startAdmin(
  accumulated: Counters<AdminCounterKey> = zeroCounters(ADMIN_COUNTER_KEYS),
  lastSeen: number | null = null,
) {
  const fetchSummary = controlledActor<ServerTotals<AdminCounterKey>, { since: number }>('fetchSummary');
  const readClock = controlledActor<number>('readClock');
  const persisted: { accumulated: Counters<AdminCounterKey>; lastSeen: number | null }[] = [];
  const actor = createActor(
    adminCountersMachine.provide({
      actors: { fetchSummary: fetchSummary.logic, readClock: readClock.logic },
      actions: { persistCounters: (_, params) => persisted.push(params) },
    }),
    { input: { accumulated, lastSeen, startedAt: START } },
  ).start();
  return {
    actor,
    fetchSummary,
    readClock,
    persisted,
    counters: () => actor.getSnapshot().context.counters.accumulated,
  };
}

function startClient(accumulated: Counters<ClientCounterKey> = zeroCounters(CLIENT_COUNTER_KEYS)) {
  const fetchSummary = controlledActor<ServerTotals<ClientCounterKey>, { since: number }>('fetchSummary');
  const readClock = controlledActor<number>('readClock');
  const resetOnServer = controlledActor<void, { group: ClientResetType }>('resetOnServer');
  const persisted: { accumulated: Counters<ClientCounterKey>; lastSeen: number | null }[] = [];
  const actor = createActor(
    clientCountersMachine.provide({
      actors: {
        fetchSummary: fetchSummary.logic,
        readClock: readClock.logic,
        resetOnServer: resetOnServer.logic,
      },
      actions: { persistCounters: (_, params) => persisted.push(params) },
    }),
    { input: { accumulated, lastSeen: null, startedAt: START } },
  ).start();
  return {
    actor,
    fetchSummary,
    readClock,
    resetOnServer,
    persisted,
    counters: () => actor.getSnapshot().context.counters.accumulated,
  };
}

describe('unread counters machines', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admin counters poll only for an administrator, first since 3 min before start, then every 180 s', async () => {
    const { actor, fetchSummary } = startAdmin();
    actor.send(client);
    expect(actor.getSnapshot().value).toBe('inactive');
    actor.send(admin);
    expect(fetchSummary.next().input).toEqual({ since: START - 180_000 });
    fetchSummary.next().resolve({ newOrders: 1 });
    await flush();

    await vi.advanceTimersByTimeAsync(179_999);
    expect(fetchSummary.pendingCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSummary.pendingCount()).toBe(1);
  });

  it('accumulates only positive deltas and persists them', async () => {
    const { actor, fetchSummary, persisted, counters } = startAdmin();
    actor.send(admin);
    fetchSummary.next().resolve({ newOrders: 3, orderUpdates: 1 });
    await flush();
    await vi.advanceTimersByTimeAsync(180_000);
    fetchSummary.next().resolve({ newOrders: 2, orderUpdates: 4 });
    await flush();
    await vi.advanceTimersByTimeAsync(180_000);
    fetchSummary.next().resolve({ newOrders: 5 });
    await flush();

    expect(counters()).toEqual({ newOrders: 6, orderUpdates: 4, newRequests: 0, newRequestMessages: 0 });
    expect(persisted.at(-1)).toEqual({ accumulated: counters(), lastSeen: null });
  });

  it('a polling error is only skipped; the next poll comes 180 s later', async () => {
    const { actor, fetchSummary, counters } = startAdmin({
      newOrders: 2,
      orderUpdates: 0,
      newRequests: 0,
      newRequestMessages: 0,
    });
    actor.send(admin);
    fetchSummary.next().reject(new Error('500'));
    await flush();
    expect(counters().newOrders).toBe(2);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchSummary.pendingCount()).toBe(1);
  });

  it('opening /admin/orders resets the order counters and stores a new last-seen time, which later polls use', async () => {
    const { actor, fetchSummary, readClock, persisted, counters } = startAdmin();
    actor.send(admin);
    fetchSummary.next().resolve({ newOrders: 3, orderUpdates: 2, newRequests: 1, newRequestMessages: 1 });
    await flush();

    const group = adminResetGroupForPath('/admin/orders/');
    expect(group).toBe('orders');
    actor.send({ type: 'counters.resetRequested', group: group ?? 'orders' });
    expect(counters()).toEqual({ newOrders: 0, orderUpdates: 0, newRequests: 1, newRequestMessages: 1 });
    readClock.next().resolve(START + 60_000);
    await flush();
    expect(persisted.at(-1)).toEqual({ accumulated: counters(), lastSeen: START + 60_000 });

    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchSummary.next().input).toEqual({ since: START + 60_000 });
  });

  it('maps the admin paths and client tabs the spec names, and nothing else', () => {
    expect(adminResetGroupForPath('/admin/client-requests')).toBe('requests');
    expect(adminResetGroupForPath('/admin/orders/12')).toBeNull();
    expect(adminResetGroupForPath('/admin')).toBeNull();
    expect(ADMIN_RESET_GROUPS.requests).toEqual(['newRequests', 'newRequestMessages']);
    expect(clientResetTypeForTab('orders')).toBe('orders');
    expect(clientResetTypeForTab('requests')).toBe('requests');
    expect(clientResetTypeForTab('promo')).toBe('promos');
    expect(clientResetTypeForTab('promos')).toBeNull();
    expect(clientResetTypeForTab(undefined)).toBeNull();
  });

  it('a reset drops a poll in flight, which counted from the old last-seen time', async () => {
    const { actor, fetchSummary, readClock, counters } = startAdmin();
    actor.send(admin);
    const stale = fetchSummary.next();
    actor.send({ type: 'counters.resetRequested', group: 'requests' });
    expect(stale.aborted()).toBe(true);
    readClock.next().resolve(START + 1);
    await flush();
    expect(counters().newRequests).toBe(0);
  });

  it('client reset notifies the server with the tab’s type', async () => {
    const { actor, fetchSummary, readClock, resetOnServer, counters } = startClient();
    actor.send(client);
    fetchSummary.next().resolve({ orderStatusChanges: 2, requestReplies: 1, promoUpdates: 3 });
    await flush();
    actor.send({ type: 'counters.resetRequested', group: clientResetTypeForTab('promo') ?? 'promos' });
    readClock.next().resolve(START + 5);
    await flush();
    expect(resetOnServer.next().input).toEqual({ group: 'promos' });
    resetOnServer.next().reject(new Error('500'));
    await flush();
    expect(counters()).toEqual({ orderStatusChanges: 2, requestReplies: 1, promoUpdates: 0 });
    expect(actor.getSnapshot().value).toEqual({ active: 'waiting' });
  });

  it('client logout resets all client counters; a lapsed session clears stored ones', async () => {
    const { actor, fetchSummary, persisted, counters } = startClient();
    actor.send(client);
    fetchSummary.next().resolve({ orderStatusChanges: 2 });
    await flush();
    actor.send(guest);
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(counters()).toEqual({ orderStatusChanges: 0, requestReplies: 0, promoUpdates: 0 });
    expect(persisted.at(-1)).toEqual({ accumulated: counters(), lastSeen: null });

    const lapsed = startClient({ orderStatusChanges: 4, requestReplies: 0, promoUpdates: 1 });
    lapsed.actor.send(guest);
    expect(lapsed.counters()).toEqual({ orderStatusChanges: 0, requestReplies: 0, promoUpdates: 0 });
  });

  it('admin counters survive leaving the admin role (only client counters reset on logout)', async () => {
    const { actor, fetchSummary, counters } = startAdmin();
    actor.send(admin);
    fetchSummary.next().resolve({ newOrders: 1 });
    await flush();
    actor.send(guest);
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(counters().newOrders).toBe(1);
  });
});

describe('unread counters graphs', () => {
  it.each([
    ['admin', adminCountersMachine, admin, 'orders'],
    ['client', clientCountersMachine, client, 'promos'],
  ] as const)('every %s counters state is reachable', (_, machine, signIn, group) => {
    const events = [
      signIn,
      guest,
      { type: 'counters.resetRequested', group },
      doneEvent('fetchSummary', {}),
      errorEvent('fetchSummary'),
      doneEvent('readClock', START),
      doneEvent('resetOnServer', undefined),
      afterEvent('pollInterval', `${machine.id}.active.waiting`),
    ] as never[];
    expect(
      unreachableStates(machine, {
        events,
        input: { accumulated: {}, lastSeen: null, startedAt: START },
        serializeState: (snapshot) => JSON.stringify(snapshot.value),
      }),
    ).toEqual([]);
  });
});
