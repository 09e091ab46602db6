import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../api/admin-products';
import { apiError } from '../../../api/errors';
import { isCleanSingleLineText } from '../../../api/text';
import type { AdminRefusal, AdminWrite } from '../../application/admin-catalogue.port';
import type { AdminActor } from '../../application/admin-catalogue.service';
import { ApiFailure } from '../contract';
import { callerOf, ipOf, requireAdmin, type SessionSettings } from './session.hooks';

// What the catalogue's and content's admin route files share (admin-products, admin-categories,
// admin-redirects, admin-promo, admin-dicts, admin-content): the administrator of a request, a store's
// refusal as the contract's answer, and the one multipart reader for uploads.

/** A refusal of a store as the contract's error answer. */
export const refusal = (result: AdminRefusal): ApiFailure =>
  new ApiFailure(result.status, apiError(result.code, result.message));

/** The value of a write, or its refusal. */
export const answer = <T>(result: AdminWrite<T>): T | ApiFailure =>
  result.ok ? result.value : refusal(result);

/** The administrator of this request, or the 401/403 answer. */
export async function adminActor(
  request: FastifyRequest,
  settings: SessionSettings,
): Promise<AdminActor | ApiFailure> {
  const denied = await requireAdmin(request, settings);
  if (denied) return denied;
  const caller = await callerOf(request, settings);
  return { adminId: caller.kind === 'admin' ? caller.adminId : 0, ip: ipOf(request, settings) };
}

const FILE_TOO_LARGE = (megabytes: number): ApiFailure =>
  new ApiFailure(413, apiError('file_too_large', `Размер файла не должен превышать ${megabytes} МБ.`));

/** Reads the single `file` part of a multipart upload (plus the text fields sent before it). */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ bytes: Buffer; fields: Record<string, string> } | ApiFailure> {
  if (!request.isMultipart()) {
    return new ApiFailure(
      415,
      apiError('unsupported_media_type', 'Отправьте файл формой multipart/form-data.'),
    );
  }
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  if (part === undefined) return new ApiFailure(400, apiError('bad_request', 'Файл не получен.'));
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    return FILE_TOO_LARGE(Math.round(maxBytes / 1024 / 1024));
  }
  if (part.file.truncated) return FILE_TOO_LARGE(Math.round(maxBytes / 1024 / 1024));
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string') {
      // The contract's rule for text (api/text.ts) holds for form fields too: PostgreSQL refuses NUL,
      // so an unchecked picture label was a 500 (issue 12, item 8).
      if (!isCleanSingleLineText(field.value)) {
        return new ApiFailure(
          400,
          apiError('bad_request', `Поле «${name}» содержит недопустимые управляющие символы.`),
        );
      }
      fields[name] = field.value;
    }
  }
  return { bytes, fields };
}

/**
 * Installs the multipart parser once for the whole app (whichever upload route module registers first:
 * the requests', the products' or the categories'); a second registration would throw.
 */
export async function allowUploads(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { files: 1, fileSize: PRODUCT_IMAGE_MAX_BYTES } });
  }
}
