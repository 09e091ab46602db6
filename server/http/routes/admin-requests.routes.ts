import {
  ADMIN_REQUEST_ATTACHMENT_PATH,
  getAdminRequest,
  listAdminRequests,
  listAdmins,
  replyToRequest,
  updateAdminRequest,
} from '../../../api/admin-requests';
import { apiError, ErrorCode } from '../../../api/errors';
import type { AdminRequestResult, AdminRequestsService } from '../../application/admin-requests.service';
import type { AttachmentStore } from '../../application/attachment-store.port';
import type { RouteModule } from '../app';
import { type ApiFailure, failure, notFound } from '../contract';
import { adminOnlyRouter, callerOf, ipOf, requireAdmin, type SessionSettings } from './session.hooks';

/** RFC 6266 / RFC 5987: a plain ASCII fallback and the UTF-8 form, so no browser guesses the name. */
function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function answer<T>(result: AdminRequestResult<T>): T | ApiFailure {
  if (result.ok) return result.value;
  if (result.error === 'not_found') return notFound(result.message);
  if (result.error === 'unknown_assignee') return failure(ErrorCode.badRequest, result.message, 422);
  if (result.error === 'stale') return failure(ErrorCode.conflict, result.message, 409);
  return failure(ErrorCode.badRequest, result.message);
}

/** The back office's client-requests inbox (admin session only; writes audited by the service). */
export function adminRequestsRoutes(
  settings: SessionSettings,
  requests: AdminRequestsService,
  attachments: AttachmentStore,
): RouteModule {
  const actorOf = async (raw: Parameters<typeof callerOf>[0]) => {
    const caller = await callerOf(raw, settings);
    return { adminId: caller.kind === 'admin' ? caller.adminId : 0, ip: ipOf(raw, settings) };
  };
  return {
    name: 'admin-requests',
    register(app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(listAdminRequests, async ({ query, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return answer(await requests.list(query));
      });
      router.route(listAdmins, async ({ raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return requests.admins();
      });
      router.route(getAdminRequest, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return answer(await requests.open(params.id));
      });
      router.route(replyToRequest, async ({ params, body, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        return answer(await requests.reply(await actorOf(raw), params.id, body.text));
      });
      router.route(updateAdminRequest, async ({ params, body, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const { expectedUpdatedAt, ...changes } = body;
        return answer(
          await requests.update(await actorOf(raw), params.id, {
            ...changes,
            ...(expectedUpdatedAt !== undefined ? { expectedUpdatedAt: Date.parse(expectedUpdatedAt) } : {}),
          }),
        );
      });

      // The file itself: never rendered by the browser (download, sniffed type, nosniff, sandbox).
      app.get(
        ADMIN_REQUEST_ATTACHMENT_PATH,
        { config: { adminArea: 'requests' } },
        async (request, reply) => {
          const refused = await requireAdmin(request, settings);
          if (refused) return reply.code(refused.status).send(refused.body);
          const { id } = request.params as { id: string };
          if (!/^\d{1,9}$/.test(id)) return reply.code(404).send(apiError(ErrorCode.notFound));
          const found = await requests.attachment(Number(id));
          const file = found === null ? null : await attachments.open(found.key);
          if (found === null || file === null) {
            return reply.code(404).send(apiError(ErrorCode.notFound, 'Вложение не найдено.'));
          }
          return reply
            .header('content-type', found.mime)
            .header('content-length', String(file.size))
            .header('content-disposition', attachmentDisposition(found.fileName))
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "sandbox; default-src 'none'")
            .header('cache-control', 'private, no-store')
            .send(file.stream);
        },
      );
    },
  };
}
