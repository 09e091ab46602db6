/**
 * A back-office list that is changed one command at a time — a dictionary's values, the category tree,
 * the redirects, the style categories: the list is the machine's, and each command's answer (the saved
 * record, or the list the server answers) becomes the list the screen shows, with no reload of the page
 * (issue 25 item 1; style.md rule 14).
 *
 * - `idle`       — the list as stored; nothing asked.
 * - `confirming` — a command asked with `confirm: true` (a delete) waits for the manager's yes.
 * - `running`    — the `run` actor carries the command out and answers the new list (busy).
 * - `done`       — it worked: the list is the answer, `list.changed` is emitted, the notice stays until
 *                  `doneNotice` or the next command.
 * - `failed`     — refused or unreachable: the server's Russian text shows, the list is as it was and
 *                  what the manager typed stays in the form; retry or dismiss.
 *
 * `list.replaced` puts a list read elsewhere (the route's loader, a sibling machine's answer) in place
 * whenever no command is running.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from '../../machines/admin/admin-failure';

/** A command by name with its arguments, e.g. { name: 'dicts.add', args: { value: 'Графит' } }. */
export interface ListCommand {
  readonly name: string;
  readonly args?: Readonly<Record<string, string | number | boolean | null>>;
  /** Ask before running it (destructive or hard to undo). */
  readonly confirm?: boolean;
  /** The file an upload command sends; kept so a retry sends it again. */
  readonly file?: File;
}

/** What a command answers: the list as it now is, and anything the notice reports. */
export interface ListAnswer<Item> {
  readonly items: readonly Item[];
  readonly output?: unknown;
}

interface ListCommandsContext<Item> {
  readonly items: readonly Item[];
  readonly command: ListCommand | null;
  readonly error: string | null;
  readonly output: unknown;
}

type ListCommandsEvent<Item> =
  | { readonly type: 'list.commandRequested'; readonly command: ListCommand }
  | { readonly type: 'list.confirmed' }
  | { readonly type: 'list.cancelled' }
  | { readonly type: 'list.retried' }
  | { readonly type: 'list.dismissed' }
  | { readonly type: 'list.replaced'; readonly items: readonly Item[] };

export type ListCommandsEmitted<Item> = {
  readonly type: 'list.changed';
  readonly command: ListCommand;
  readonly items: readonly Item[];
  readonly output: unknown;
};

interface ListCommandsInput<Item> {
  readonly items: readonly Item[];
}

/** The chart for one item type; each area provides `run` (its commands as port calls). */
export function listCommandsMachine<Item>() {
  const request = [
    {
      guard: 'needsConfirmation' as const,
      target: 'confirming' as const,
      actions: 'remember' as const,
    },
    { target: 'running' as const, actions: 'remember' as const },
  ];
  return setup({
    types: {
      context: {} as ListCommandsContext<Item>,
      events: {} as ListCommandsEvent<Item>,
      emitted: {} as ListCommandsEmitted<Item>,
      input: {} as ListCommandsInput<Item>,
      tags: {} as 'busy',
    },
    actors: {
      run: fromPromise<ListAnswer<Item>, { command: ListCommand; items: readonly Item[] }>(async () => {
        throw new Error('list commands machine: actor run not provided');
      }),
    },
    guards: {
      needsConfirmation: ({ event }) =>
        event.type === 'list.commandRequested' && event.command.confirm === true,
    },
    actions: {
      remember: assign({
        command: ({ context, event }) =>
          event.type === 'list.commandRequested' ? event.command : context.command,
        error: null,
      }),
      replace: assign({
        items: ({ context, event }) => (event.type === 'list.replaced' ? event.items : context.items),
      }),
    },
    delays: { doneNotice: 4000 },
  }).createMachine({
    id: 'listCommands',
    context: ({ input }) => ({ items: input.items, command: null, error: null, output: null }),
    initial: 'idle',
    states: {
      idle: {
        on: { 'list.commandRequested': request, 'list.replaced': { actions: 'replace' } },
      },
      confirming: {
        on: {
          'list.confirmed': 'running',
          'list.cancelled': { target: 'idle', actions: assign({ command: null }) },
        },
      },
      running: {
        tags: ['busy'],
        invoke: {
          id: 'run',
          src: 'run',
          input: ({ context }) => {
            if (context.command === null) throw new Error('list commands machine: running without a command');
            return { command: context.command, items: context.items };
          },
          onDone: {
            target: 'done',
            actions: [
              assign({
                items: ({ event }) => event.output.items,
                output: ({ event }) => event.output.output,
              }),
              emit(({ context, event }) => ({
                type: 'list.changed' as const,
                command: context.command ?? { name: 'unknown' },
                items: event.output.items,
                output: event.output.output,
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
          'list.dismissed': 'idle',
          'list.commandRequested': request,
          'list.replaced': { actions: 'replace' },
        },
      },
      failed: {
        on: {
          'list.retried': 'running',
          'list.dismissed': { target: 'idle', actions: assign({ command: null, error: null }) },
          'list.commandRequested': request,
          'list.replaced': { actions: 'replace' },
        },
      },
    },
  });
}

export type ListCommandsMachine<Item> = ReturnType<typeof listCommandsMachine<Item>>;

/** A command's text argument ('' when absent). */
export function textArg(command: ListCommand, key: string): string {
  const value = command.args?.[key];
  return typeof value === 'string' ? value : '';
}

/** A command's number argument; a command without it is a programming error, not a user's. */
export function numberArg(command: ListCommand, key: string): number {
  const value = command.args?.[key];
  if (typeof value !== 'number') throw new Error(`list command ${command.name} without ${key}`);
  return value;
}

/** The list with one item replaced (matched by `same`), or added at the end when it is new. */
export function withItem<Item>(items: readonly Item[], item: Item, same: (a: Item, b: Item) => boolean) {
  return items.some((current) => same(current, item))
    ? items.map((current) => (same(current, item) ? item : current))
    : [...items, item];
}

/** Builds the `run` actor of an area from its commands (each answers the new list). */
export function listRunner<Item>(
  run: (command: ListCommand, items: readonly Item[], signal: AbortSignal) => Promise<ListAnswer<Item>>,
) {
  return fromPromise<ListAnswer<Item>, { command: ListCommand; items: readonly Item[] }>(
    ({ input, signal }) => run(input.command, input.items, signal),
  );
}
