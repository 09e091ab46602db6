/**
 * The back-office machines with their work provided by the admin ports — the admin counterpart of
 * the shop system's provided machines. Screens start these with `useActorRef`; nothing here runs
 * before a screen asks for it, and only admin route chunks import this module.
 */
import { fromPromise } from 'xstate';
import { type AdminCommand, adminCommandMachine } from './admin-command.machine';
import { type AdminFormOptions, createAdminFormMachine } from './admin-form.machine';

/** One-off commands, carried out by `run` (the screen maps a command's name to a port call). */
export function commandMachine(run: (command: AdminCommand, signal: AbortSignal) => Promise<unknown>) {
  return adminCommandMachine.provide({
    actors: {
      run: fromPromise<unknown, { command: AdminCommand }>(({ input, signal }) => run(input.command, signal)),
    },
  });
}

/** An edit form whose save is `save` (a port call that answers the saved record). */
export function formMachine<D extends object, R>(
  options: AdminFormOptions<D>,
  save: (draft: D, signal: AbortSignal) => Promise<R>,
) {
  return createAdminFormMachine<D, R>(options).provide({
    actors: { save: fromPromise<R, { draft: D }>(({ input, signal }) => save(input.draft, signal)) },
  });
}
