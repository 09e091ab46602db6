import { ADMIN_REQUESTS_PORT, type AdminRequestPage, type AdminUser } from '../../ports/admin-requests.port';
import { defineUseCase } from '../../use-case';
import { type RequestListSearch, requestQueryOf } from '../list-search';

/** The inbox of the URL's filters, with the administrators for the assignee filter (/admin/client-requests). */
export const listRequests = defineUseCase(
  'admin.requests.list',
  { requests: ADMIN_REQUESTS_PORT },
  ({ requests }) =>
    async (
      search: RequestListSearch,
      signal?: AbortSignal,
    ): Promise<{ readonly page: AdminRequestPage; readonly admins: readonly AdminUser[] }> => {
      const options = signal === undefined ? {} : { signal };
      const [page, admins] = await Promise.all([
        requests.list(requestQueryOf(search), options),
        // The assignee filter still works by id when the administrators cannot be read.
        requests.admins(options).catch((): readonly AdminUser[] => []),
      ]);
      return { page, admins };
    },
);
