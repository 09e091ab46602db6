import type { FastifyRequest } from 'fastify';
import {
  createAdminStyleCategory,
  createSeoText,
  deleteAdminStyleCategory,
  deleteAdminStyleCategoryImage,
  deleteSeoText,
  getAdminStyleCategory,
  listAdminStyleCategories,
  listPopularTags,
  listSeoTexts,
  savePopularTags,
  updateAdminStyleCategory,
  updateSeoText,
  uploadAdminStyleCategoryImage,
} from '../../../api/admin-content';
import {
  createAdminNews,
  deleteAdminNews,
  deleteAdminNewsImage,
  getAdminNews,
  listAdminNews,
  updateAdminNews,
  uploadAdminNewsImage,
} from '../../../api/admin-news';
import {
  createAdminPage,
  deleteAdminPage,
  getAdminPage,
  listAdminPages,
  updateAdminPage,
} from '../../../api/admin-pages';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../api/admin-products';
import { apiError } from '../../../api/errors';
import type { AdminCatalogueService } from '../../application/admin-catalogue.service';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActor, allowUploads, answer, readUpload, refusal } from './admin-catalogue-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

const notFound = (message: string) => new ApiFailure(404, apiError('not_found', message));

/** Spec §7 News admin, static pages, SEO texts, popular tags and style categories (issue 11). */
export function adminContentRoutes(settings: SessionSettings, admin: AdminCatalogueService): RouteModule {
  const guard = (request: FastifyRequest) => adminActor(request, settings);
  const content = admin.content;
  return {
    name: 'admin-content',
    async register(app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      // News and style-category pictures are uploads too; not left to another module's registration.
      await allowUploads(app);
      // ── News ──
      router.route(listAdminNews, async ({ raw, query }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const page = await content.listNews({
          page: query.page,
          limit: query.limit,
          ...(query.q ? { q: query.q } : {}),
          ...(query.type ? { type: query.type } : {}),
          ...(query.published ? { published: query.published === 'true' } : {}),
        });
        return { ...page, page: query.page, limit: query.limit };
      });
      router.route(getAdminNews, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return (await content.getNews(params.id)) ?? notFound('Новость не найдена.');
      });
      router.route(createAdminNews, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await admin.write(actor, 'news.created', 'news', () => content.createNews(body)));
      });
      router.route(updateAdminNews, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'news.updated', 'news', () => content.updateNews(params.id, body)),
        );
      });
      router.route(deleteAdminNews, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await admin.write(actor, 'news.deleted', 'news', () => content.deleteNews(params.id)));
      });
      router.route(uploadAdminNewsImage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const upload = await readUpload(raw, PRODUCT_IMAGE_MAX_BYTES);
        if (upload instanceof ApiFailure) return upload;
        const result = await admin.withPicture(
          actor,
          'news.imageSet',
          'news',
          upload.bytes,
          `n${params.id}`,
          (key) => content.setNewsImage(params.id, key),
        );
        if (!result.ok) return refusal(result);
        await admin.removePictureFiles(result.value.oldKey);
        return result.value.item;
      });
      router.route(deleteAdminNewsImage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const result = await admin.write(actor, 'news.imageRemoved', 'news', () =>
          content.setNewsImage(params.id, null),
        );
        if (!result.ok) return refusal(result);
        await admin.removePictureFiles(result.value.oldKey);
        return result.value.item;
      });

      // ── Static pages ──
      router.route(listAdminPages, async ({ raw }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return content.listPages();
      });
      router.route(getAdminPage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return (await content.getPage(params.id)) ?? notFound('Страница не найдена.');
      });
      router.route(createAdminPage, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await admin.write(actor, 'page.created', 'page', () => content.createPage(body)));
      });
      router.route(updateAdminPage, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'page.updated', 'page', () => content.updatePage(params.id, body)),
        );
      });
      router.route(deleteAdminPage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await admin.write(actor, 'page.deleted', 'page', () => content.deletePage(params.id)));
      });

      // ── SEO texts ──
      router.route(listSeoTexts, async ({ raw }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return content.listSeo();
      });
      router.route(createSeoText, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'seo.created', 'seo', () => content.saveSeo(params.key, body, 'create')),
        );
      });
      router.route(updateSeoText, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'seo.saved', 'seo', () => content.saveSeo(params.key, body, 'upsert')),
        );
      });
      router.route(deleteSeoText, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await admin.write(actor, 'seo.deleted', 'seo', () => content.deleteSeo(params.key)));
      });

      // ── Popular tags ──
      router.route(listPopularTags, async ({ raw }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return content.listTags();
      });
      router.route(savePopularTags, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'tags.saved', 'popular-tags', () =>
            content.saveTags(params.key, body.tags),
          ),
        );
      });

      // ── Style categories ──
      router.route(listAdminStyleCategories, async ({ raw }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return content.listStyles();
      });
      router.route(getAdminStyleCategory, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return (await content.getStyle(params.id)) ?? notFound('Стиль не найден.');
      });
      router.route(createAdminStyleCategory, async ({ raw, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'style.created', 'style-category', () => content.createStyle(body)),
        );
      });
      router.route(updateAdminStyleCategory, async ({ raw, params, body }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'style.updated', 'style-category', () =>
            content.updateStyle(params.id, body),
          ),
        );
      });
      router.route(deleteAdminStyleCategory, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await admin.write(actor, 'style.deleted', 'style-category', () => content.deleteStyle(params.id)),
        );
      });
      router.route(uploadAdminStyleCategoryImage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const upload = await readUpload(raw, PRODUCT_IMAGE_MAX_BYTES);
        if (upload instanceof ApiFailure) return upload;
        const result = await admin.withPicture(
          actor,
          'style.imageSet',
          'style-category',
          upload.bytes,
          `s${params.id}`,
          (key) => content.setStyleImage(params.id, key),
        );
        if (!result.ok) return refusal(result);
        await admin.removePictureFiles(result.value.oldKey);
        return result.value.item;
      });
      router.route(deleteAdminStyleCategoryImage, async ({ raw, params }) => {
        const actor = await guard(raw);
        if (actor instanceof ApiFailure) return actor;
        const result = await admin.write(actor, 'style.imageRemoved', 'style-category', () =>
          content.setStyleImage(params.id, null),
        );
        if (!result.ok) return refusal(result);
        await admin.removePictureFiles(result.value.oldKey);
        return result.value.item;
      });
    },
  };
}

/**
 * 301 for storefront paths recorded in the redirects table (a category moved or renamed, a product
 * slug changed, or a manual entry). Runs before the page document and the static files, so an old
 * /category/… or /product/… address answers the new one however the app is served. The table is
 * held in memory and reloaded after any catalogue write (`invalidate`).
 */
export function redirectRoutes(lookup: {
  readonly all: () => Promise<ReadonlyMap<string, string>>;
}): RouteModule {
  return {
    name: 'redirects',
    register(app) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return;
        const [path = '/', search] = request.url.split('?', 2);
        if (path.startsWith('/api/') || path.startsWith('/media/') || path.startsWith('/assets/')) return;
        // Health and readiness must answer without the database: a liveness probe that failed with it
        // would have the orchestrator restart a process that only waits for PostgreSQL to come back.
        if (path === '/healthz' || path === '/readyz') return;
        const target = (await lookup.all()).get(path.length > 1 ? path.replace(/\/+$/, '') : path);
        if (target === undefined) return;
        return reply
          .code(301)
          .header('location', search === undefined ? target : `${target}?${search}`)
          .header('cache-control', 'no-cache')
          .send();
      });
    },
  };
}
