/**
 * Unread notification counters, shared by the admin counters and the client counters (spec §4
 * "Notification counters", §2 routes that reset them, §7 unread-summary calls, §9 polling). The two
 * concrete machines are admin-counters.machine.ts and client-counters.machine.ts; this file holds
 * the lifecycle they share. The counting rule itself (only positive deltas, resets) is the domain's
 * notification-counters.ts.
 *
 * Top-level states model whether the counters are live:
 * - `inactive` — the visitor is not of the role these counters belong to: no polling;
 * - `active`   — polling: `fetching` the unread summary since the last-seen time, `waiting` 180 s
 *                for the next poll, or `resetting` (reading the clock for the new last-seen time and,
 *                for the client, telling the server which counters were reset).
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  applyServerTotals,
  type CounterState,
  type Counters,
  resetCounters,
  restoreCounterState,
  type ServerTotals,
  unreadSince,
} from '../../domain/notification-counters';

export interface UnreadCountersInput<K extends string> {
  /** The persisted accumulated counts (adminAggCounts / clientAggCounts), decoded. */
  readonly accumulated: Counters<K>;
  /** The persisted last-seen time (adminLastSeen / clientLastSeen), or null when never reset. */
  readonly lastSeen: number | null;
  /** When the page started (epoch ms): the first 'since' is three minutes before it. */
  readonly startedAt: number;
}

export interface UnreadCountersContext<K extends string, G extends string> {
  readonly counters: CounterState<K>;
  readonly lastSeen: number | null;
  readonly startedAt: number;
  /** The group being reset, whose type the server is told. */
  readonly resetGroup: G | null;
}

type UnreadCountersEvent<G extends string> =
  | { readonly type: 'auth.changed'; readonly isAuthenticated: boolean; readonly clientId: number | null }
  /** A page or tab that shows these notifications was opened. */
  | { readonly type: 'counters.resetRequested'; readonly group: G };

export interface UnreadCountersOptions<K extends string, G extends string> {
  readonly id: string;
  readonly keys: readonly K[];
  /** Which counters each reset group zeroes. */
  readonly groups: Readonly<Record<G, readonly K[]>>;
  /** Whether the signed-in visitor owns these counters. */
  readonly belongsTo: (auth: { isAuthenticated: boolean; clientId: number | null }) => boolean;
  /** Spec §4: client resets also notify the server. */
  readonly notifiesServer: boolean;
  /** Spec §4: client logout or a change to unauthenticated resets all client counters. */
  readonly resetWhenLeaving: boolean;
}

export function createUnreadCountersMachine<K extends string, G extends string>(
  options: UnreadCountersOptions<K, G>,
) {
  const notProvided = (kind: string, name: string): never => {
    throw new Error(`${options.id} machine: ${kind} ${name} not provided`);
  };
  const isGroup = (value: string): value is G => Object.hasOwn(options.groups, value);
  /** `notifyingServer` is entered only from a reset, which sets the group. */
  const resetGroupOf = (group: G | null): G => {
    if (group === null) throw new Error(`${options.id} machine: notifying the server without a reset group`);
    return group;
  };

  const countersSetup = setup({
    types: {
      context: {} as UnreadCountersContext<K, G>,
      events: {} as UnreadCountersEvent<G>,
      input: {} as UnreadCountersInput<K>,
    },
    actors: {
      /** GET …/unread-summary?since=: the decoded totals. */
      fetchSummary: fromPromise<ServerTotals<K>, { since: number }>(async () =>
        notProvided('actor', 'fetchSummary'),
      ),
      /** The time of a reset: the new last-seen time. */
      readClock: fromPromise<number, void>(async () => notProvided('actor', 'readClock')),
      /** PATCH /api/client/unread-summary/reset {type}. */
      resetOnServer: fromPromise<void, { group: G }>(async () => notProvided('actor', 'resetOnServer')),
    },
    actions: {
      /** Writes the accumulated counts and the last-seen time to local storage. */
      persistCounters: (_, _params: { accumulated: Counters<K>; lastSeen: number | null }) =>
        notProvided('action', 'persistCounters'),
    },
    guards: {
      belongsToVisitor: (_, params: { isAuthenticated: boolean; clientId: number | null }) =>
        options.belongsTo(params),
      resetsWhenLeaving: () => options.resetWhenLeaving,
    },
    delays: {
      pollInterval: 180_000,
    },
  });

  return countersSetup
    .extend({
      actions: {
        /** Zeroes every counter and forgets the last-seen time, persisting both. */
        resetAll: countersSetup.enqueueActions(({ context, enqueue }) => {
          const counters = resetCounters(context.counters);
          enqueue.assign({ counters, lastSeen: null });
          enqueue({ type: 'persistCounters', params: { accumulated: counters.accumulated, lastSeen: null } });
        }),
      },
    })
    .createMachine({
      id: options.id,
      context: ({ input }) => ({
        counters: restoreCounterState(options.keys, input.accumulated),
        lastSeen: input.lastSeen,
        startedAt: input.startedAt,
        resetGroup: null,
      }),
      initial: 'inactive',
      states: {
        inactive: {
          on: {
            'auth.changed': [
              {
                guard: {
                  type: 'belongsToVisitor',
                  params: ({ event }) => ({
                    isAuthenticated: event.isAuthenticated,
                    clientId: event.clientId,
                  }),
                },
                target: 'active',
              },
              // Counters stored by an earlier session whose sign-in has since lapsed are cleared too.
              { guard: 'resetsWhenLeaving', actions: 'resetAll' },
            ],
          },
        },
        active: {
          initial: 'fetching',
          on: {
            'auth.changed': [
              {
                guard: {
                  type: 'belongsToVisitor',
                  params: ({ event }) => ({
                    isAuthenticated: event.isAuthenticated,
                    clientId: event.clientId,
                  }),
                },
              },
              {
                guard: 'resetsWhenLeaving',
                target: 'inactive',
                actions: 'resetAll',
              },
              { target: 'inactive' },
            ],
            // Spec §4: a reset zeroes the group's counters at once and starts a new last-seen time; a
            // poll in flight is dropped, since it counted from the old one.
            'counters.resetRequested': {
              guard: ({ event }) => isGroup(event.group),
              target: '.resetting',
              reenter: true,
              actions: assign({
                counters: ({ context, event }) =>
                  resetCounters(context.counters, options.groups[event.group]),
                resetGroup: ({ event }) => event.group,
              }),
            },
          },
          states: {
            fetching: {
              invoke: {
                id: 'fetchSummary',
                src: 'fetchSummary',
                input: ({ context }) => ({ since: unreadSince(context.lastSeen, context.startedAt) }),
                onDone: {
                  target: 'waiting',
                  actions: [
                    assign({
                      counters: ({ context, event }) => applyServerTotals(context.counters, event.output),
                    }),
                    {
                      type: 'persistCounters',
                      params: ({ context }) => ({
                        accumulated: context.counters.accumulated,
                        lastSeen: context.lastSeen,
                      }),
                    },
                  ],
                },
                // Spec §8: polling errors are only logged; the next poll tries again.
                onError: { target: 'waiting' },
              },
            },
            waiting: {
              after: { pollInterval: 'fetching' },
            },
            resetting: {
              invoke: {
                id: 'readClock',
                src: 'readClock',
                onDone: {
                  // Spec §4: only client resets notify the server; the admin machine has no such state.
                  target: options.notifiesServer ? 'notifyingServer' : 'waiting',
                  actions: [
                    assign({ lastSeen: ({ event }) => event.output }),
                    {
                      type: 'persistCounters',
                      params: ({ context }) => ({
                        accumulated: context.counters.accumulated,
                        lastSeen: context.lastSeen,
                      }),
                    },
                  ],
                },
                onError: { target: 'waiting' },
              },
            },
            ...(options.notifiesServer
              ? {
                  notifyingServer: {
                    invoke: {
                      id: 'resetOnServer',
                      src: 'resetOnServer',
                      input: ({ context }: { context: UnreadCountersContext<K, G> }) => ({
                        group: resetGroupOf(context.resetGroup),
                      }),
                      onDone: { target: 'waiting' },
                      onError: { target: 'waiting' },
                    },
                  },
                }
              : {}),
          },
        },
      },
    });
}
