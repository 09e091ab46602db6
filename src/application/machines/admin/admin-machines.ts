/**
 * The back-office machines with their work provided by the admin ports — the admin counterpart of
 * the shop system's provided machines. Screens start these with `useActorRef`; nothing here runs
 * before a screen asks for it, and only admin route chunks import this module.
 */
import { fromPromise } from 'xstate';
import type { AdminOrderStatus, AdminOrdersPort } from '../../ports/admin-orders.port';
import { isAdminOrderStatus } from '../../ports/admin-orders.port';
import { type AdminCommand, adminCommandMachine } from './admin-command.machine';
import { type AdminFormOptions, createAdminFormMachine } from './admin-form.machine';
import { type BulkAction, type BulkRowResult, bulkSelectionMachine } from './bulk-selection.machine';

/**
 * The orders list's selection and bulk flow: one bulk call per action, answered per order. A status
 * change sends each order with the status the list showed (`seenStatus`), so an order someone moved
 * meanwhile fails on its own with «Статус заказа уже изменён…» instead of being moved from a status
 * the manager never saw.
 */
export function orderBulkMachine(
  orders: AdminOrdersPort,
  seenStatus: (id: number) => AdminOrderStatus | undefined,
) {
  return bulkSelectionMachine.provide({
    actors: {
      apply: fromPromise<readonly BulkRowResult[], { action: BulkAction; ids: readonly number[] }>(
        async ({ input, signal }) => {
          const { action, ids } = input;
          if (action.kind === 'delete') return (await orders.bulkDelete(ids, { signal })).results;
          if (action.kind === 'allowPayment')
            return (await orders.bulkAllowPayment(ids, true, { signal })).results;
          if (!isAdminOrderStatus(action.status)) throw new Error(`Unknown order status ${action.status}`);
          const seen = ids.flatMap((id) => {
            const expectedStatus = seenStatus(id);
            return expectedStatus === undefined ? [] : [{ id, expectedStatus }];
          });
          return (await orders.bulkUpdateStatus(seen, action.status, { signal })).results;
        },
      ),
    },
  });
}

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
