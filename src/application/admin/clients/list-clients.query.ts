import { ADMIN_CLIENTS_PORT, type AdminClientPage } from '../../ports/admin-clients.port';
import { defineUseCase } from '../../use-case';
import { type ClientListSearch, clientQueryOf } from '../list-search';

/** The clients list of the URL's search, sort and page (/admin/clients). */
export const listClients = defineUseCase(
  'admin.clients.list',
  { clients: ADMIN_CLIENTS_PORT },
  ({ clients }) =>
    (search: ClientListSearch, signal?: AbortSignal): Promise<AdminClientPage> =>
      clients.list(clientQueryOf(search), signal === undefined ? {} : { signal }),
);
