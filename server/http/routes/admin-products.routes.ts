import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
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
import { apiError } from '../../../api/errors';
import type { AdminCatalogueService } from '../../application/admin-catalogue.service';
import { SHOP_CSV_OPTIONS } from '../../domain/csv-cell';
import type { RouteModule } from '../app';
import { ApiFailure, STREAMED } from '../contract';
import { drained } from '../stream-drain';
import { writeXlsx } from '../xlsx-stream';
import { adminActor, allowUploads, answer, readUpload, refusal } from './admin-catalogue-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

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
      if (!csv.write(row)) await drained(csv);
    }
    csv.end();
    return;
  }
  const stream = new PassThrough();
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="products-${date}.xlsx"`)
    .send(stream);
  // Streamed into the zip as rows arrive, at the pace the browser downloads (memory flat, issue 27).
  await writeXlsx(stream, [
    {
      name: 'Товары',
      columns: headers,
      columnWidth: 18,
      rows: (async function* () {
        for await (const row of rows) yield headers.map((header) => row[header] ?? null);
      })(),
    },
  ]);
}

/** Spec §7 Admin «Товары»: the product list and card, pictures, stock corrections, bulk edit, export and import. */
export function adminProductsRoutes(
  settings: SessionSettings,
  admin: AdminCatalogueService,
  exportHeaders: readonly string[],
): RouteModule {
  const guard = (request: FastifyRequest) => adminActor(request, settings);
  return {
    name: 'admin-products',
    async register(app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      await allowUploads(app);

      // ── Products ──
      router.route(listAdminProducts, async ({ raw, query }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return admin.products.list(query);
      });
      router.route(exportAdminProducts, async ({ raw, query, reply }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const { format, ...filters } = query;
        await streamExport(reply, format ?? 'csv', exportHeaders, admin.products.exportRows(filters));
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
    },
  };
}
