import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { apiError, ErrorCode } from '../../../api/errors';
import { createRequest, listClientRequests } from '../../../api/requests';
import type { AttachmentStore } from '../../application/attachment-store.port';
import { ownClient } from '../../application/client-data.service';
import type { RequestsService } from '../../application/requests.service';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '../../domain/attachment-type';
import { normaliseEmail } from '../../domain/contact-validation';
import type { RouteModule } from '../app';
import { callerOf, denied, ipOf, type SessionSettings, tooManyRequests } from './session.hooks';

/** Spec §8 texts for the two attachment errors. */
export const ATTACHMENT_MESSAGES = {
  invalid_attachment_type: 'Можно загрузить только JPG, PNG, WEBP или PDF.',
  file_too_large: 'Размер файла не должен превышать 5 МБ.',
} as const;

const ATTACHMENT_STATUS = { invalid_attachment_type: 415, file_too_large: 413 } as const;
const MULTIPART_FIELDS = new Set(['subject', 'text', 'email']);

interface Upload {
  readonly key: string;
  readonly mime: string;
  readonly size: number;
}
const uploads = new WeakMap<FastifyRequest, Upload>();

/**
 * Requests: consultation (multipart with an optional attachment) and feedback (JSON). A multipart
 * body is read in a preHandler: the file streams through the byte check and the 5 MB limit into the
 * store, and the text fields become the body the contract then decodes.
 */
export function requestsRoutes(
  settings: SessionSettings,
  requests: RequestsService,
  attachments: AttachmentStore,
): RouteModule {
  return {
    name: 'requests',
    async register(app, router) {
      if (!app.hasContentTypeParser('multipart/form-data')) {
        await app.register(multipart, {
          limits: {
            fileSize: ATTACHMENT_MAX_BYTES + 1,
            files: 1,
            fields: 10,
            fieldSize: 8 * 1024,
            parts: 12,
          },
        });
      }

      router.route(
        createRequest,
        async ({ body, raw, reply }) => {
          const caller = await callerOf(raw, settings);
          const email = body.email !== undefined && body.email !== '' ? normaliseEmail(body.email) : null;
          const upload = uploads.get(raw) ?? null;
          const result = await requests.submit(caller, {
            kind: raw.isMultipart() ? 'consultation' : 'feedback',
            subject: body.subject.trim(),
            text: body.text,
            email,
            attachment: upload,
          });
          if (!result.ok) {
            if (upload) await attachments.remove(upload.key);
            return tooManyRequests(reply, result.retryAfterSeconds);
          }
          const { ok: _ok, ...flags } = result;
          return { ok: true, ...flags };
        },
        {
          preHandler: async (request, reply) => {
            const decision = await requests.allowFrom(ipOf(request, settings));
            if (!decision.allowed) {
              reply.header('retry-after', String(decision.retryAfterSeconds));
              return reply.code(429).send(apiError(ErrorCode.tooManyRequests));
            }
            if (!request.isMultipart()) return;
            const fields: Record<string, string> = {};
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'attachment' || uploads.has(request)) {
                  part.file.resume();
                  continue;
                }
                const saved = await attachments.save(part.file);
                if (!saved.ok) {
                  return reply
                    .code(ATTACHMENT_STATUS[saved.error])
                    .send(apiError(saved.error, ATTACHMENT_MESSAGES[saved.error]));
                }
                uploads.set(request, {
                  key: saved.key,
                  mime: ATTACHMENT_TYPES[saved.kind].mime,
                  size: saved.size,
                });
              } else if (MULTIPART_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
                fields[part.fieldname] = part.value;
              }
            }
            request.body = fields;
          },
        },
      );

      router.route(listClientRequests, async ({ params, raw }) => {
        const access = ownClient(await callerOf(raw, settings), params.clientId);
        if (!access.ok) return denied(access.status);
        return (await requests.listForClient(access.clientId)).map((request) => ({
          id: request.id,
          kind: request.kind,
          subject: request.subject,
          text: request.text,
          createdAt: new Date(request.createdAt).toISOString(),
          hasAttachment: request.hasAttachment,
          replies: request.replies.map((reply) => ({
            text: reply.text,
            at: new Date(reply.at).toISOString(),
          })),
        }));
      });

      // Attachments: owner or admin only, always as a download that a browser will not render.
      app.get('/api/requests/:id/attachment', async (request, reply) => {
        const { id } = request.params as { id: string };
        if (!/^\d{1,9}$/.test(id)) return reply.code(404).send(apiError(ErrorCode.notFound));
        const found = await requests.attachmentFor(await callerOf(request, settings), Number(id));
        if (!found.ok) {
          return reply
            .code(found.status)
            .send(apiError(found.status === 401 ? ErrorCode.unauthorized : ErrorCode.notFound));
        }
        const file = await attachments.open(found.key);
        if (file === null) return reply.code(404).send(apiError(ErrorCode.notFound));
        return reply
          .header('content-type', found.mime)
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename="${found.key}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      });
    },
  };
}
