import type { FastifyRequest } from 'fastify';
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
import type { AdminCatalogueService } from '../../application/admin-catalogue.service';
import type { RouteModule } from '../app';
import { ApiFailure, STREAMED } from '../contract';
import { adminActor, answer, refusal } from './admin-catalogue-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

/** Spec §7 Admin «Справочники» (colours, materials, countries, styles). */
export function adminDictsRoutes(settings: SessionSettings, admin: AdminCatalogueService): RouteModule {
  const guard = (request: FastifyRequest) => adminActor(request, settings);
  return {
    name: 'admin-dicts',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
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
