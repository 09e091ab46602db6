/**
 * Helpers over xstate/graph shared by the machine tests: which atomic states a machine declares, and
 * which of them the shortest-path traversal reaches from the initial state with a given event set.
 */
import type { AnyStateMachine, AnyStateNode, EventFromLogic, SnapshotFrom, StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/**
 * Ids ("auth.client", "modal.open.editing") of every atomic or final state node a machine can rest in.
 * Transient states (an unguarded `always` transition leaves them in the same step) are left out: no
 * snapshot is ever in them.
 */
export function atomicStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: AnyStateNode): void => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (children.length === 0) {
      const transient = node.always?.some((transition) => !transition.guard) ?? false;
      if (node.type !== 'history' && !transient) ids.push(node.id);
      return;
    }
    for (const child of children) walk(child);
  };
  walk(machine.root);
  return ids.sort();
}

/** Ids of the atomic states a state value is in (one per parallel region). */
function activeLeafIds(machineId: string, value: StateValue): string[] {
  if (typeof value === 'string') return [`${machineId}.${value}`];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [] : activeLeafIds(`${machineId}.${key}`, child),
  );
}

export interface ReachabilityOptions<TMachine extends AnyStateMachine> {
  readonly events:
    | readonly EventFromLogic<TMachine>[]
    | ((snapshot: SnapshotFrom<TMachine>) => readonly EventFromLogic<TMachine>[]);
  readonly input?: unknown;
  /** Defaults to the state value plus the serialised context. */
  readonly serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
}

/** Atomic states that no generated path reaches; an empty list means every state is reachable. */
export function unreachableStates<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ReachabilityOptions<TMachine>,
): string[] {
  const paths = getShortestPaths(machine, {
    events: options.events as never,
    input: options.input as never,
    serializeState: (snapshot) =>
      options.serializeState
        ? options.serializeState(snapshot as SnapshotFrom<TMachine>)
        : JSON.stringify([snapshot.value, (snapshot as { context?: unknown }).context]),
  });
  const reached = new Set(
    paths.flatMap((path) => activeLeafIds(machine.id, (path.state as { value: StateValue }).value)),
  );
  return atomicStateIds(machine).filter((id) => !reached.has(id));
}

/** The synthetic events xstate sends when an invoked actor settles, for path generation. */
export function doneEvent<TOutput>(actorId: string, output: TOutput): { type: string; output: TOutput } {
  return { type: `xstate.done.actor.${actorId}`, output };
}

export function errorEvent(
  actorId: string,
  error: unknown = new Error('stub failure'),
): {
  type: string;
  error: unknown;
} {
  return { type: `xstate.error.actor.${actorId}`, error };
}

/** The event a named delayed transition (`after: { closeAnimation: ... }`) raises in a state. */
export function afterEvent(delay: string, stateId: string): { type: string } {
  return { type: `xstate.after.${delay}.${stateId}` };
}
