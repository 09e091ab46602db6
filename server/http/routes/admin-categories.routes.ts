import type { FastifyRequest } from 'fastify';
import {
  createCategory,
  createCategoryRef,
  deleteCategory,
  deleteCategoryImage,
  deleteCategoryRef,
  listAdminCategories,
  moveCategory,
  updateCategory,
  uploadCategoryImage,
} from '../../../api/admin-categories';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../api/admin-products';
import type { AdminCatalogueService } from '../../application/admin-catalogue.service';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActor, allowUploads, answer, readUpload, refusal } from './admin-catalogue-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

/** Spec §7 Admin «Категории»: the catalogue tree, its pictures and the cross-links between categories (issue 11). */
export function adminCategoriesRoutes(settings: SessionSettings, admin: AdminCatalogueService): RouteModule {
  const guard = (request: FastifyRequest) => adminActor(request, settings);
  return {
    name: 'admin-categories',
    async register(app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      await allowUploads(app);

      // ── Categories, cross-links ──
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
    },
  };
}
