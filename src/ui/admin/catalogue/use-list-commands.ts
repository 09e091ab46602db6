import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type {
  ListCommand,
  ListCommandsEmitted,
  ListCommandsMachine,
} from '../../../application/admin/shared/list-commands.machine';
import type { UseCase } from '../../../application/use-case';
import { useUseCase } from '../../shell/shop-context';

/**
 * Starts a screen's list machine (a use case of src/application/admin/…) on the list the route read.
 * The screen shows the machine's list — each command's answer — and reacts to `list.changed` only for
 * what is not the list's (clearing a typed value, following an export link). A list the route reads
 * again replaces the machine's.
 */
export function useListCommands<Item>(
  useCase: UseCase<ListCommandsMachine<Item>>,
  items: readonly Item[],
  onChanged?: (event: ListCommandsEmitted<Item>) => void,
) {
  const actor = useActorRef(useUseCase(useCase), { input: { items } });
  useListChanged(actor, onChanged);
  useEffect(() => {
    if (actor.getSnapshot().context.items !== items) actor.send({ type: 'list.replaced', items });
  }, [actor, items]);
  const list = useSelector(actor, (snapshot) => snapshot.context.items);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const pending = useSelector(actor, (snapshot) => snapshot.context.command);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const output = useSelector(actor, (snapshot) => snapshot.context.output);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const request = (command: ListCommand) => actor.send({ type: 'list.commandRequested', command });
  return { actor, items: list, state, pending, error, output, busy, request };
}

export type ListCommands<Item> = ReturnType<typeof useListCommands<Item>>;

/**
 * Reacts to a command that worked — for what is the form's, not the list's (a typed value to clear).
 * The latest handler is used, so it may close over the render's state.
 */
export function useListChanged<Item>(
  actor: ActorRefFrom<ListCommandsMachine<Item>>,
  onChanged: ((event: ListCommandsEmitted<Item>) => void) | undefined,
) {
  const changedRef = useRef(onChanged);
  useEffect(() => {
    changedRef.current = onChanged;
  });
  useEffect(() => {
    const subscription = actor.on('list.changed', (event) => changedRef.current?.(event));
    return () => subscription.unsubscribe();
  }, [actor]);
}
