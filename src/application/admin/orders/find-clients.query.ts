import { commandMachine } from '../../machines/admin/admin-machines';
import { ADMIN_CLIENTS_PORT, type AdminClientSummary } from '../../ports/admin-clients.port';
import { defineUseCase } from '../../use-case';

/**
 * The phone order's client search (phone, e-mail or name; `args.q`): a few matches to pick from. It
 * runs as an admin command, so its progress and failure are the machine's.
 */
export const findClients = defineUseCase(
  'admin.orders.findClients',
  { clients: ADMIN_CLIENTS_PORT },
  ({ clients }) =>
    commandMachine(
      async (command, signal): Promise<readonly AdminClientSummary[]> =>
        (await clients.list({ q: String(command.args?.q ?? ''), limit: 6 }, { signal })).items,
    ),
);
