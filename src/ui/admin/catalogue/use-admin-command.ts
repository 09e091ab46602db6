import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { AdminCommand } from '../../../application/machines/admin/admin-command.machine';
import { commandMachine } from '../../../application/machines/admin/admin-machines';

/**
 * A screen's one-off commands through H6's admin-command machine: `run` maps a command's name to a
 * port call (it runs inside the machine's actor, never in an event handler), `onSucceeded` reacts
 * (reload, clear a field). The latest `run`/`onSucceeded` are used, so props may change freely.
 */
export function useAdminCommand(
  run: (command: AdminCommand, signal: AbortSignal) => Promise<unknown>,
  onSucceeded: (command: AdminCommand, output: unknown) => void,
) {
  const runRef = useRef(run);
  const succeededRef = useRef(onSucceeded);
  useEffect(() => {
    runRef.current = run;
    succeededRef.current = onSucceeded;
  });
  const machine = useMemo(() => commandMachine((command, signal) => runRef.current(command, signal)), []);
  const actor = useActorRef(machine);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const pending = useSelector(actor, (snapshot) => snapshot.context.command);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const output = useSelector(actor, (snapshot) => snapshot.context.output);
  useEffect(() => {
    const subscription = actor.on('command.succeeded', ({ command, output: answer }) =>
      succeededRef.current(command, answer),
    );
    return () => subscription.unsubscribe();
  }, [actor]);
  const request = (command: AdminCommand) => actor.send({ type: 'command.requested', command });
  return { actor, state, pending, error, output, request, running: state === 'running' };
}
