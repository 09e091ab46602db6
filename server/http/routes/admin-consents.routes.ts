import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  type AdminConsentQuery,
  CONSENT_EXPORT_COLUMNS,
  exportAdminConsents,
  listAdminConsents,
} from '../../../api/admin-consents';
import type { ConsentLedger, ConsentListFilter } from '../../application/consent/consent-ledger.port';
import { consentCsvCells, consentDayRange, consentSubjectFilter } from '../../domain/consent-ledger';
import { SHOP_CSV_OPTIONS } from '../../domain/csv-cell';
import type { RouteModule } from '../app';
import { STREAMED } from '../contract';
import { adminOnlyRouter, requireAdmin, type SessionSettings } from './session.hooks';

function filterOf(query: AdminConsentQuery): ConsentListFilter {
  return {
    ...consentDayRange(query.from, query.to),
    subject: consentSubjectFilter(query.subject),
    ...(query.purpose !== undefined ? { purpose: query.purpose } : {}),
  };
}

/**
 * The back office's «Согласия» (issue 26, item 3): the consent records as a page and as a CSV file
 * (`;`, BOM, every text cell through the CSV-injection neutraliser: a subject's e-mail or browser name
 * is the visitor's text). The file streams, so a year of records never sits in memory.
 */
export function adminConsentsRoutes(settings: SessionSettings, ledger: ConsentLedger): RouteModule {
  return {
    name: 'admin-consents',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(listAdminConsents, async ({ query, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const page = await ledger.list(filterOf(query), {
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        });
        return {
          items: page.items.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
          total: page.total,
          page: query.page,
          limit: query.limit,
        };
      });
      router.route(exportAdminConsents, async ({ query, raw, reply }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const stamp = new Date(settings.now()).toISOString().slice(0, 10);
        const body = new PassThrough();
        reply.header('cache-control', 'no-store');
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="consents-${stamp}.csv"`);
        const csv = stringify({ ...SHOP_CSV_OPTIONS, header: true, columns: [...CONSENT_EXPORT_COLUMNS] });
        csv.pipe(body);
        const writing = (async () => {
          for await (const row of ledger.stream(filterOf(query))) {
            if (!csv.write(consentCsvCells(row))) await new Promise((resolve) => csv.once('drain', resolve));
          }
          csv.end();
        })();
        writing.catch((error: unknown) => {
          raw.log.error({ event: 'consents_export_failed', error: String(error) }, 'export failed');
          body.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        reply.send(body);
        return STREAMED;
      });
    },
  };
}
