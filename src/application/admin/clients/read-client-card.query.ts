import { ADMIN_CLIENTS_PORT, type AdminClientDetail } from '../../ports/admin-clients.port';
import { defineUseCase } from '../../use-case';

/** One client's card (/admin/clients/{id}); a number that is no client id fails in Russian. */
export const readClientCard = defineUseCase(
  'admin.clients.card',
  { clients: ADMIN_CLIENTS_PORT },
  ({ clients }) =>
    (clientId: string, signal?: AbortSignal): Promise<AdminClientDetail> => {
      const id = Number(clientId);
      if (!Number.isSafeInteger(id) || id < 1) return Promise.reject(new Error('Неверный номер клиента'));
      return clients.get(id, signal === undefined ? {} : { signal });
    },
);
