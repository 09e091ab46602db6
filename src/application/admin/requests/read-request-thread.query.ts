import {
  ADMIN_REQUESTS_PORT,
  type AdminRequestThread,
  type AdminUser,
} from '../../ports/admin-requests.port';
import { defineUseCase } from '../../use-case';

/** One request's thread and the administrators it may be assigned to (opening it marks it read). */
export const readRequestThread = defineUseCase(
  'admin.requests.thread',
  { requests: ADMIN_REQUESTS_PORT },
  ({ requests }) =>
    async (
      requestId: string,
      signal?: AbortSignal,
    ): Promise<{ readonly thread: AdminRequestThread; readonly admins: readonly AdminUser[] }> => {
      const id = Number(requestId);
      if (!Number.isSafeInteger(id) || id < 1) throw new Error('Неверный номер заявки');
      const options = signal === undefined ? {} : { signal };
      const [thread, admins] = await Promise.all([
        requests.get(id, options),
        requests.admins(options).catch((): readonly AdminUser[] => []),
      ]);
      return { thread, admins };
    },
);
