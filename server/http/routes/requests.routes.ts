import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { apiError, ErrorCode } from '../../../api/errors';
import { createRequest, listClientRequests, postClientRequestMessage } from '../../../api/requests';
import { ABUSE_MESSAGES, type AbuseLimits } from '../../application/abuse-limits';
import type { AttachmentStore } from '../../application/attachment-store.port';
import { ownClient } from '../../application/client-data.service';
import type { ClientRequestRecord } from '../../application/requests.port';
import type { RequestsService } from '../../application/requests.service';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '../../domain/attachment-type';
import { normaliseEmail } from '../../domain/contact-validation';
import { requestFieldsOf } from '../../domain/request-fields';
import type { RouteModule } from '../app';
import { failure, notFound } from '../contract';
import { callerOf, denied, ipOf, type SessionSettings, tooManyRequests } from './session.hooks';

/** Spec §8 texts for the two attachment errors. */
const ATTACHMENT_MESSAGES = {
  invalid_attachment_type: 'Можно загрузить только JPG, PNG, WEBP или PDF.',
  file_too_large: 'Размер файла не должен превышать 5 МБ.',
} as const;

/** A request as its client reads it (api/requests.ts ClientRequest). */
function clientRequestJson(request: ClientRequestRecord) {
  return {
    id: request.id,
    kind: request.kind,
    subject: request.subject,
    text: request.text,
    fields: requestFieldsOf(request.text),
    createdAt: new Date(request.createdAt).toISOString(),
    hasAttachment: request.hasAttachment,
    status: request.status,
    replies: request.replies.map((reply) => ({ text: reply.text, at: new Date(reply.at).toISOString() })),
    messages: request.messages.map((message) => ({
      author: message.author,
      text: message.text,
      at: new Date(message.at).toISOString(),
    })),
  };
}

const ATTACHMENT_STATUS = { invalid_attachment_type: 415, file_too_large: 413 } as const;
const MULTIPART_FIELDS = new Set(['subject', 'text', 'email']);

interface Upload {
  readonly key: string;
  readonly mime: string;
  readonly size: number;
  /** Set once a request row refers to the file; until then any ending of the request deletes it. */
  committed: boolean;
}
const uploads = new WeakMap<FastifyRequest, Upload>();
const refusals = new WeakMap<FastifyRequest, 'invalid_attachment_type' | 'file_too_large'>();

/**
 * Requests: consultation (multipart with an optional attachment) and feedback (JSON). A multipart
 * body is read in a preHandler: the file streams through the byte check and the 5 MB limit into the
 * store, and the text fields become the body the contract then decodes.
 */
export function requestsRoutes(
  settings: SessionSettings,
  requests: RequestsService,
  attachments: AttachmentStore,
  abuse: AbuseLimits,
): RouteModule {
  /**
   * No orphans: a stored file that no request row refers to is deleted however the request ends — an
   * invalid form (the contract refuses the fields after the file was read), a rate limit, an error,
   * or a client that went away.
   */
  const discardUncommitted = async (request: FastifyRequest): Promise<void> => {
    const upload = uploads.get(request);
    if (upload === undefined || upload.committed) return;
    uploads.delete(request);
    await attachments.remove(upload.key);
  };
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
          // An anonymous request with an e-mail may create an account: the per-address account budget.
          if (email !== null) {
            const creation = await abuse.accountCreation(caller, ipOf(raw, settings));
            if (!creation.allowed) {
              reply.header('retry-after', String(creation.retryAfterSeconds));
              return failure(ErrorCode.tooManyRequests, ABUSE_MESSAGES.account_creation);
            }
          }
          const result = await requests.submit(caller, {
            kind: raw.isMultipart() ? 'consultation' : 'feedback',
            subject: body.subject.trim(),
            text: body.text,
            email,
            attachment: upload === null ? null : { key: upload.key, mime: upload.mime, size: upload.size },
          });
          if (!result.ok) return tooManyRequests(reply, result.retryAfterSeconds);
          if (upload !== null) upload.committed = true;
          const { ok: _ok, ...flags } = result;
          return { ok: true, ...flags };
        },
        {
          // Before the answer leaves (so a client never sees a refusal while its file still exists),
          // and again if the connection is gone.
          onSend: async (request, _reply, payload) => {
            await discardUncommitted(request);
            return payload;
          },
          onResponse: discardUncommitted,
          onRequestAbort: discardUncommitted,
          preHandler: async (request, reply) => {
            const decision = await requests.allowFrom(ipOf(request, settings));
            if (!decision.allowed) {
              reply.header('retry-after', String(decision.retryAfterSeconds));
              return reply.code(429).send(apiError(ErrorCode.tooManyRequests));
            }
            if (!request.isMultipart()) return;
            const fields: Record<string, string> = {};
            try {
              await readParts(request, fields);
            } catch (error) {
              // A truncated or aborted body: nothing it carried is kept.
              await discardUncommitted(request);
              throw error;
            }
            const refused = refusals.get(request);
            if (refused !== undefined) {
              return reply
                .code(ATTACHMENT_STATUS[refused])
                .send(apiError(refused, ATTACHMENT_MESSAGES[refused]));
            }
            request.body = fields;
          },
        },
      );
      /** Streams the parts: the file through the byte check into the store, the text fields aside. */
      async function readParts(request: FastifyRequest, fields: Record<string, string>): Promise<void> {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'attachment' || uploads.has(request)) {
              part.file.resume();
              continue;
            }
            const saved = await attachments.save(part.file);
            if (!saved.ok) {
              refusals.set(request, saved.error);
              return;
            }
            uploads.set(request, {
              key: saved.key,
              mime: ATTACHMENT_TYPES[saved.kind].mime,
              size: saved.size,
              committed: false,
            });
          } else if (MULTIPART_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      }

      router.route(listClientRequests, async ({ params, raw }) => {
        const access = ownClient(await callerOf(raw, settings), params.clientId);
        if (!access.ok) return denied(access.status);
        return (await requests.listForClient(access.clientId)).map(clientRequestJson);
      });

      router.route(postClientRequestMessage, async ({ params, body, raw, reply }) => {
        const access = ownClient(await callerOf(raw, settings), params.clientId);
        if (!access.ok) return denied(access.status);
        const result = await requests.followUp(access.clientId, params.id, body.text);
        if (result.ok) return clientRequestJson(result.request);
        if (result.error === 'not_found') return notFound('Заявка не найдена.');
        return tooManyRequests(reply, result.retryAfterSeconds);
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
