import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createCategory,
  createCategoryRef,
  createRedirect,
  deleteCategory,
  deleteCategoryImage,
  deleteCategoryRef,
  deleteRedirect,
  listAdminCategories,
  listRedirects,
  moveCategory,
  updateCategory,
  uploadCategoryImage,
} from '../../../api/admin-categories';
import {
  type AdminProductListQuery,
  bulkEditAdminProducts,
  confirmAdminProductImport,
  correctProductStock,
  createAdminProduct,
  deleteAdminProduct,
  deleteAdminProductImage,
  exportAdminProducts,
  getAdminProduct,
  IMPORT_MAX_BYTES,
  imageKeyFromParam,
  importAdminProducts,
  listAdminProducts,
  listProductStockMovements,
  PRODUCT_IMAGE_MAX_BYTES,
  reorderAdminProductImages,
  restoreAdminProduct,
  setAdminProductVisibility,
  undoBulkEdit,
  updateAdminProduct,
  updateAdminProductImage,
  uploadAdminProductImage,
} from '../../../api/admin-products';
import {
  createAdminPromo,
  deleteAdminPromo,
  getAdminPromo,
  listAdminPromo,
  updateAdminPromo,
} from '../../../api/admin-promo';
import {
  createDictEntry,
  deleteDictEntry,
  exportDicts,
  getDictEntry,
  listDict,
  refreshDicts,
  updateDictEntry,
  upsertDictEntries,
} from '../../../api/dicts';
import { apiError } from '../../../api/errors';
import { isCleanSingleLineText } from '../../../api/text';
import type { AdminRefusal, AdminWrite } from '../../application/admin-catalogue.port';
import type { AdminActor, AdminCatalogueService } from '../../application/admin-catalogue.service';
import { SHOP_CSV_OPTIONS } from '../../domain/csv-cell';
import type { RouteModule } from '../app';
import { ApiFailure, STREAMED } from '../contract';
import { adminOnlyRouter, callerOf, ipOf, requireAdmin, type SessionSettings } from './session.hooks';

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

const categoryIdsOf = async (
  admin: AdminCatalogueService,
  query: AdminProductListQuery,
): Promise<readonly number[] | undefined> => {
  if (query.category === undefined) return undefined;
  const all = await admin.categories.list();
  const ids = new Set<number>([query.category]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of all) {
      if (category.parent_id !== null && ids.has(category.parent_id) && !ids.has(category.id)) {
        ids.add(category.id);
        grew = true;
      }
    }
  }
  return [...ids];
};

async function streamExport(
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  headers: readonly string[],
  rows: AsyncIterable<Record<string, string | number | null>>,
): Promise<void> {
  const date = new Date().toISOString().slice(0, 10);
  if (format === 'csv') {
    const csv = stringify({ ...SHOP_CSV_OPTIONS, header: true, columns: [...headers] });
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="products-${date}.csv"`)
      .send(csv);
    for await (const row of rows) {
      if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
    }
    csv.end();
    return;
  }
  const stream = new PassThrough();
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="products-${date}.xlsx"`)
    .send(stream);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Товары');
  sheet.columns = headers.map((header) => ({ header, key: header, width: 18 }));
  for await (const row of rows) sheet.addRow(row).commit();
  await workbook.commit();
}

/** Spec §7 Admin "Products", "Promo", "Dictionaries" and the catalogue's category writes (issue 11). */
export function adminCatalogueRoutes(
  settings: SessionSettings,
  admin: AdminCatalogueService,
  exportHeaders: readonly string[],
): RouteModule {
  const guard = (request: FastifyRequest) => adminActor(request, settings);
  return {
    name: 'admin-catalogue',
    async register(app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      if (!app.hasContentTypeParser('multipart/form-data')) {
        await app.register(multipart, { limits: { files: 1, fileSize: PRODUCT_IMAGE_MAX_BYTES } });
      }

      // ── Products ──
      router.route(listAdminProducts, async ({ raw, query }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return admin.products.list(query, await categoryIdsOf(admin, query));
      });
      router.route(exportAdminProducts, async ({ raw, query, reply }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const { format, ...filters } = query;
        await streamExport(
          reply,
          format ?? 'csv',
          exportHeaders,
          admin.products.exportRows(filters, await categoryIdsOf(admin, filters)),
        );
        return STREAMED;
      });
      router.route(getAdminProduct, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const product = await admin.products.get(params.id);
        return product ?? new ApiFailure(404, apiError('not_found', 'Товар не найден.'));
      });
      router.route(createAdminProduct, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'product.created', 'product', () => admin.products.create(body)),
        );
      });
      router.route(updateAdminProduct, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'product.updated', 'product', () =>
            admin.products.update(params.id, body, { reason: 'manual_correction', actorId: actor.adminId }),
          ),
        );
      });
      // The stock ledger (issue 22, docs/stock.md).
      router.route(listProductStockMovements, async ({ raw, params, query }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const movements = await admin.products.stockMovements(params.id, query.page, query.limit);
        return movements ?? new ApiFailure(404, apiError('not_found', 'Товар не найден.'));
      });
      router.route(correctProductStock, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const change =
          body.delta !== undefined && body.balance === undefined
            ? { delta: body.delta }
            : body.balance !== undefined && body.delta === undefined
              ? { balance: body.balance }
              : null;
        if (change === null)
          return new ApiFailure(
            400,
            apiError('bad_request', 'Укажите либо изменение остатка (+/−), либо новый остаток.'),
          );
        return answer(
          await admin.write(actor, 'product.stockCorrected', 'product', () =>
            admin.products.correctStock(params.id, {
              change,
              note: body.note?.trim() || null,
              actorId: actor.adminId,
            }),
          ),
        );
      });
      router.route(deleteAdminProduct, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'product.deleted', 'product', () =>
            admin.products.setDeleted(params.id, true),
          ),
        );
      });
      router.route(restoreAdminProduct, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'product.restored', 'product', () =>
            admin.products.setDeleted(params.id, false),
          ),
        );
      });
      router.route(setAdminProductVisibility, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, body.hidden ? 'product.hidden' : 'product.shown', 'product', () =>
            admin.products.update(params.id, { hidden: body.hidden }),
          ),
        );
      });

      // ── Pictures ──
      router.route(uploadAdminProductImage, async ({ raw, params, reply }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const upload = await readUpload(raw, PRODUCT_IMAGE_MAX_BYTES);
        if (upload instanceof ApiFailure) return upload;
        const alt = (upload.fields.alt ?? '').slice(0, 300);
        const result = await admin.withPicture(
          actor,
          'product.imageAdded',
          'product',
          upload.bytes,
          `p${params.id}`,
          (key) => admin.products.addImage(params.id, key, alt),
        );
        reply.code(201);
        return answer(result);
      });
      router.route(reorderAdminProductImages, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'product.imagesReordered', 'product', () =>
            admin.products.reorderImages(params.id, body.keys),
          ),
        );
      });
      router.route(updateAdminProductImage, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'product.imageAltChanged', 'product', () =>
            admin.products.setImageAlt(params.id, imageKeyFromParam(params.key), body.alt),
          ),
        );
      });
      router.route(deleteAdminProductImage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const key = imageKeyFromParam(params.key);
        const result = await admin.write(actor, 'product.imageRemoved', 'product', () =>
          admin.products.removeImage(params.id, key),
        );
        if (!result.ok) return refusal(result);
        if (result.value.deleteFiles) await admin.removePictureFiles(key);
        return result.value.images;
      });

      // ── Bulk edit, import ──
      router.route(bulkEditAdminProducts, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        if (body.price !== undefined && body.price_percent !== undefined) {
          return new ApiFailure(
            400,
            apiError('bad_request', 'Укажите либо новую цену, либо изменение в процентах.'),
          );
        }
        const result = await admin.products.bulkEdit(body, actor.adminId);
        const { ids: _ids, ...change } = body;
        await admin.changed(actor, 'product.bulkEdited', 'product-bulk', {
          audit: {
            entityId: result.operation,
            before: null,
            after: { ...change, ids: result.results.filter((row) => row.ok).map((row) => row.id) },
          },
        });
        return { operation: result.operation, results: [...result.results] };
      });
      router.route(undoBulkEdit, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const result = await admin.products.undoBulk(params.operation);
        if (!result.ok) return refusal(result);
        await admin.changed(actor, 'product.bulkUndone', 'product-bulk', {
          audit: { entityId: params.operation, before: null, after: { results: result.results } },
        });
        return { results: [...result.results] };
      });
      router.route(importAdminProducts, async ({ raw }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const upload = await readUpload(raw, IMPORT_MAX_BYTES);
        if (upload instanceof ApiFailure) return upload;
        const result = await admin.products.importDryRun(upload.bytes, actor.adminId);
        return result.ok ? result.report : refusal(result);
      });
      router.route(confirmAdminProductImport, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        // Progress in the log: a long import is visibly under way (and, if the process dies, visibly
        // not committed: the transaction leaves the catalogue as it was).
        const result = await admin.products.importConfirm(params.token, (written, total) =>
          raw.log.info({ event: 'product_import_progress', token: params.token, written, total }, 'import'),
        );
        if (!result.ok) return refusal(result);
        raw.log.info(
          { event: 'product_import_committed', token: params.token, created: result.report.created },
          'import committed',
        );
        await admin.changed(actor, 'product.imported', 'product-import', {
          audit: {
            entityId: params.token,
            before: null,
            after: {
              created: result.report.created,
              updated: result.report.updated,
              errors: result.report.errors,
            },
          },
        });
        return result.report;
      });

      // ── Categories, cross-links, redirects ──
      router.route(listAdminCategories, async ({ raw }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return [...(await admin.categories.list())];
      });
      router.route(createCategory, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'category.created', 'category', () => admin.categories.create(body)),
        );
      });
      router.route(updateCategory, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'category.updated', 'category', () =>
            admin.categories.update(params.id, body),
          ),
        );
      });
      router.route(deleteCategory, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'category.deleted', 'category', () => admin.categories.remove(params.id)),
        );
      });
      router.route(moveCategory, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const result = await admin.write(actor, 'category.moved', 'category', () =>
          admin.categories.move(params.id, body.parent_id, body.position, body.expected_version),
        );
        return result.ok ? [...result.value] : refusal(result);
      });
      router.route(uploadCategoryImage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const upload = await readUpload(raw, PRODUCT_IMAGE_MAX_BYTES);
        if (upload instanceof ApiFailure) return upload;
        const result = await admin.withPicture(
          actor,
          'category.imageSet',
          'category',
          upload.bytes,
          `c${params.id}`,
          (key) => admin.categories.setImage(params.id, key),
        );
        if (!result.ok) return refusal(result);
        await admin.removePictureFiles(result.value.oldKey);
        return result.value.category;
      });
      router.route(deleteCategoryImage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const result = await admin.write(actor, 'category.imageRemoved', 'category', () =>
          admin.categories.setImage(params.id, null),
        );
        if (!result.ok) return refusal(result);
        await admin.removePictureFiles(result.value.oldKey);
        return result.value.category;
      });
      router.route(createCategoryRef, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'category.linked', 'category-ref', () =>
            admin.categories.link(params.a, params.b, true),
          ),
        );
      });
      router.route(deleteCategoryRef, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'category.unlinked', 'category-ref', () =>
            admin.categories.link(params.a, params.b, false),
          ),
        );
      });
      router.route(listRedirects, async ({ raw, query }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const page = await admin.categories.listRedirects(query.q, query.page, query.limit);
        return { ...page, page: query.page, limit: query.limit };
      });
      router.route(createRedirect, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'redirect.created', 'redirect', () =>
            admin.categories.createRedirect(body.from_path, body.to_path),
          ),
        );
      });
      router.route(deleteRedirect, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'redirect.deleted', 'redirect', () =>
            admin.categories.deleteRedirect(params.id),
          ),
        );
      });

      // ── Promo codes ──
      router.route(listAdminPromo, async ({ raw, query }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const active = query.active === undefined ? undefined : query.active === 'true';
        const page = await admin.promo.list(query.q, active, query.page, query.limit);
        return { ...page, page: query.page, limit: query.limit };
      });
      router.route(createAdminPromo, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await admin.write(actor, 'promo.created', 'promo', () => admin.promo.create(body)));
      });
      router.route(getAdminPromo, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return (
          (await admin.promo.get(params.code)) ??
          new ApiFailure(404, apiError('not_found', 'Промокод не найден.'))
        );
      });
      router.route(updateAdminPromo, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'promo.updated', 'promo', () => admin.promo.update(params.code, body)),
        );
      });
      router.route(deleteAdminPromo, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'promo.deleted', 'promo', () => admin.promo.remove(params.code)),
        );
      });

      // ── Dictionaries ──
      router.route(listDict, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return [...(await admin.dicts.list(params.name))];
      });
      router.route(exportDicts, async ({ raw, query, reply }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const csv = await admin.dicts.exportCsv(query.name);
        reply
          .code(200)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="dicts-${query.name ?? 'all'}.csv"`)
          .send(csv);
        return STREAMED;
      });
      router.route(refreshDicts, async ({ raw }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await admin.write(actor, 'dict.refreshed', 'dict', () => admin.dicts.refresh()));
      });
      router.route(createDictEntry, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'dict.created', 'dict', () => admin.dicts.create(params.name, body)),
        );
      });
      router.route(upsertDictEntries, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const result = await admin.write(actor, 'dict.saved', 'dict', () =>
          admin.dicts.upsert(params.name, body.entries),
        );
        return result.ok ? [...result.value] : refusal(result);
      });
      router.route(getDictEntry, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return (
          (await admin.dicts.get(params.name, params.key)) ??
          new ApiFailure(404, apiError('not_found', 'Запись справочника не найдена.'))
        );
      });
      router.route(updateDictEntry, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'dict.updated', 'dict', () =>
            admin.dicts.update(params.name, params.key, body),
          ),
        );
      });
      router.route(deleteDictEntry, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'dict.deleted', 'dict', () => admin.dicts.remove(params.name, params.key)),
        );
      });
    },
  };
}
