/**
 * A one-off admin action that changes data — moving an order to a status, allowing payment,
 * deleting an order, ending a client's sessions, sending a password reset, sending the pay link:
 * destructive ones ask first, and every one reports how it went.
 *
 * - `idle`       — nothing asked.
 * - `confirming` — `command.requested` with `confirm: true` opens the confirmation dialog
 *                  (what will happen, in words); cancel returns to idle.
 * - `running`    — the `run` actor carries the command out (a request without `confirm` starts here).
 * - `done`       — it worked; `command.succeeded` is emitted (the screen reloads) and the notice goes
 *                  away after `doneNotice` or when dismissed.
 * - `failed`     — it did not: the error shows, nothing else changed; retry or dismiss.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from './admin-failure';

/** A command by name with its arguments, e.g. { name: 'order.moveTo', args: { status: 'confirmed' } }. */
export interface AdminCommand {
  readonly name: string;
  readonly args?: Readonly<Record<string, string | number | boolean | null>>;
  /** Ask before running it (destructive or hard to undo). */
  readonly confirm?: boolean;
  /** The file an upload command sends (a picture); kept so a retry sends it again. */
  readonly file?: File;
}

export interface AdminCommandContext {
  readonly command: AdminCommand | null;
  readonly error: string | null;
  /** What the last successful run answered (shown in the notice, e.g. «завершено сессий: 3»). */
  readonly output: unknown;
}

export type AdminCommandEvent =
  | { readonly type: 'command.requested'; readonly command: AdminCommand }
  | { readonly type: 'command.confirmed' }
  | { readonly type: 'command.cancelled' }
  | { readonly type: 'command.retried' }
  | { readonly type: 'command.dismissed' };

export type AdminCommandEmitted = {
  readonly type: 'command.succeeded';
  readonly command: AdminCommand;
  readonly output: unknown;
};

export const adminCommandMachine = setup({
  types: {
    context: {} as AdminCommandContext,
    events: {} as AdminCommandEvent,
    emitted: {} as AdminCommandEmitted,
  },
  actors: {
    run: fromPromise<unknown, { command: AdminCommand }>(async () => {
      throw new Error('adminCommand machine: actor run not provided');
    }),
  },
  guards: {
    needsConfirmation: ({ event }) => event.type === 'command.requested' && event.command.confirm === true,
  },
  actions: {
    remember: assign({
      command: ({ context, event }) => (event.type === 'command.requested' ? event.command : context.command),
      error: null,
    }),
  },
  delays: {
    doneNotice: 3000,
  },
}).createMachine({
  id: 'adminCommand',
  context: { command: null, error: null, output: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'command.requested': [
          { guard: 'needsConfirmation', target: 'confirming', actions: 'remember' },
          { target: 'running', actions: 'remember' },
        ],
      },
    },
    confirming: {
      on: {
        'command.confirmed': 'running',
        'command.cancelled': { target: 'idle', actions: assign({ command: null }) },
      },
    },
    running: {
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => {
          if (context.command === null) throw new Error('adminCommand machine: running without a command');
          return { command: context.command };
        },
        onDone: {
          target: 'done',
          actions: [
            assign({ output: ({ event }) => event.output }),
            emit(({ context, event }) => ({
              type: 'command.succeeded' as const,
              command: context.command ?? { name: 'unknown' },
              output: event.output,
            })),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => adminFailureMessage(event.error) }),
        },
      },
    },
    done: {
      after: { doneNotice: 'idle' },
      on: {
        'command.dismissed': 'idle',
        'command.requested': [
          { guard: 'needsConfirmation', target: 'confirming', actions: 'remember' },
          { target: 'running', actions: 'remember' },
        ],
      },
    },
    failed: {
      on: {
        'command.retried': 'running',
        'command.dismissed': { target: 'idle', actions: assign({ command: null, error: null }) },
        'command.requested': [
          { guard: 'needsConfirmation', target: 'confirming', actions: 'remember' },
          { target: 'running', actions: 'remember' },
        ],
      },
    },
  },
});
