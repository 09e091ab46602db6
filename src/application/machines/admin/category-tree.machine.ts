/**
 * The category tree editor of the back office: drag a category onto another place in the tree (or
 * pick a new parent), switch it on or off. One change at a time goes to the server, which answers the
 * whole tree.
 *
 * - `idle`    — the tree as stored; `lastMove` tells which old address now answers 301 to which new one;
 * - `moving`  — a move is stored; the tree shows the new place at once and rolls back if refused;
 * - `toggling`— the active flag of one category is stored;
 * - `failed`  — the server refused (a stale version: someone else changed the tree; a loop); the
 *               stored tree is shown with the message.
 */
import { assign, fromPromise, setup } from 'xstate';
import { adminFailureMessage } from './admin-failure';

export interface TreeCategory {
  readonly id: number;
  readonly name: string;
  readonly parentId: number | null;
  readonly path: string;
  readonly sortOrder: number;
  readonly active: boolean;
  readonly version: number;
}

export interface TreeMove {
  readonly id: number;
  readonly parentId: number | null;
  /** 0-based position among the new siblings. */
  readonly position: number;
}

interface MovedAddress {
  readonly name: string;
  readonly fromPath: string;
  readonly toPath: string;
}

interface CategoryTreeContext<C extends TreeCategory> {
  readonly categories: readonly C[];
  /** The stored tree while a change is in flight (a refused move rolls back to it). */
  readonly confirmed: readonly C[];
  readonly lastMove: MovedAddress | null;
  readonly error: string | null;
}

type CategoryTreeEvent<C extends TreeCategory> =
  | { readonly type: 'tree.loaded'; readonly categories: readonly C[] }
  | { readonly type: 'tree.moved'; readonly move: TreeMove }
  | { readonly type: 'tree.activeToggled'; readonly id: number }
  | { readonly type: 'tree.dismissed' };

export interface MoveRequest extends TreeMove {
  readonly expectedVersion: number;
}

export interface ToggleRequest {
  readonly id: number;
  readonly active: boolean;
  readonly expectedVersion: number;
}

function notProvided(name: string): never {
  throw new Error(`category tree machine: actor ${name} not provided`);
}

/** Ids of a category and everything under it. */
export function subtreeIds<C extends TreeCategory>(categories: readonly C[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of categories) {
      if (category.parentId !== null && ids.has(category.parentId) && !ids.has(category.id)) {
        ids.add(category.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Whether a move is possible: not under itself or its own descendant. */
export function isMoveAllowed<C extends TreeCategory>(categories: readonly C[], move: TreeMove): boolean {
  if (!categories.some((category) => category.id === move.id)) return false;
  return move.parentId === null || !subtreeIds(categories, move.id).has(move.parentId);
}

/** The tree after a move, as the server will store it (siblings renumbered). */
export function applyMove<C extends TreeCategory>(categories: readonly C[], move: TreeMove): C[] {
  const moved = categories.find((category) => category.id === move.id);
  if (!moved) return [...categories];
  const siblings = categories
    .filter((category) => category.parentId === move.parentId && category.id !== move.id)
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const position = Math.max(0, Math.min(move.position, siblings.length));
  const ordered = [
    ...siblings.slice(0, position),
    { ...moved, parentId: move.parentId },
    ...siblings.slice(position),
  ];
  const order = new Map(ordered.map((category, index) => [category.id, index]));
  return categories.map((category) =>
    category.id === move.id
      ? { ...category, parentId: move.parentId, sortOrder: order.get(category.id) ?? 0 }
      : order.has(category.id)
        ? { ...category, sortOrder: order.get(category.id) ?? category.sortOrder }
        : category,
  );
}

export function categoryTreeMachine<C extends TreeCategory>() {
  return setup({
    types: {
      context: {} as CategoryTreeContext<C>,
      events: {} as CategoryTreeEvent<C>,
      tags: {} as 'busy',
    },
    actors: {
      moveCategory: fromPromise<readonly C[], MoveRequest>(async () => notProvided('moveCategory')),
      toggleCategory: fromPromise<readonly C[], ToggleRequest>(async () => notProvided('toggleCategory')),
    },
    guards: {
      moveAllowed: ({ context, event }) =>
        event.type === 'tree.moved' && isMoveAllowed(context.categories, event.move),
    },
  }).createMachine({
    id: 'categoryTree',
    context: { categories: [], confirmed: [], lastMove: null, error: null },
    initial: 'idle',
    states: {
      idle: {
        on: {
          'tree.loaded': {
            actions: assign({
              categories: ({ event }) => event.categories,
              confirmed: ({ event }) => event.categories,
            }),
          },
          'tree.moved': {
            guard: 'moveAllowed',
            target: 'moving',
            actions: assign({
              confirmed: ({ context }) => context.categories,
              categories: ({ context, event }) => applyMove(context.categories, event.move),
              error: null,
            }),
          },
          'tree.activeToggled': {
            target: 'toggling',
            actions: assign({ confirmed: ({ context }) => context.categories, error: null }),
          },
          'tree.dismissed': { actions: assign({ lastMove: null }) },
        },
      },
      moving: {
        tags: ['busy'],
        invoke: {
          id: 'moveCategory',
          src: 'moveCategory',
          input: ({ context, event }) => {
            const move = (event as Extract<CategoryTreeEvent<C>, { type: 'tree.moved' }>).move;
            const stored = context.confirmed.find((category) => category.id === move.id);
            return { ...move, expectedVersion: stored?.version ?? 0 };
          },
          onDone: {
            target: 'idle',
            actions: assign(({ context, event }) => {
              const before = context.confirmed;
              const after = event.output;
              const moved = after.find(
                (category) => before.find((old) => old.id === category.id)?.path !== category.path,
              );
              const old = moved ? before.find((category) => category.id === moved.id) : undefined;
              return {
                categories: after,
                confirmed: after,
                lastMove:
                  moved && old
                    ? {
                        name: moved.name,
                        fromPath: `/category/${old.path}`,
                        toPath: `/category/${moved.path}`,
                      }
                    : null,
              };
            }),
          },
          onError: {
            target: 'failed',
            actions: assign({
              categories: ({ context }) => context.confirmed,
              error: ({ event }) => adminFailureMessage(event.error),
            }),
          },
        },
      },
      toggling: {
        tags: ['busy'],
        invoke: {
          id: 'toggleCategory',
          src: 'toggleCategory',
          input: ({ context, event }) => {
            const id = (event as Extract<CategoryTreeEvent<C>, { type: 'tree.activeToggled' }>).id;
            const stored = context.categories.find((category) => category.id === id);
            return { id, active: !(stored?.active ?? true), expectedVersion: stored?.version ?? 0 };
          },
          onDone: {
            target: 'idle',
            actions: assign({
              categories: ({ event }) => event.output,
              confirmed: ({ event }) => event.output,
            }),
          },
          onError: {
            target: 'failed',
            actions: assign({
              categories: ({ context }) => context.confirmed,
              error: ({ event }) => adminFailureMessage(event.error),
            }),
          },
        },
      },
      failed: {
        on: {
          'tree.dismissed': { target: 'idle', actions: assign({ error: null }) },
          'tree.loaded': {
            target: 'idle',
            actions: assign({
              categories: ({ event }) => event.categories,
              confirmed: ({ event }) => event.categories,
              error: null,
            }),
          },
        },
      },
    },
  });
}
