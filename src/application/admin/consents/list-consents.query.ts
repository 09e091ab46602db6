import { ADMIN_CONSENTS_PORT, type AdminConsentFilter } from '../../ports/admin-consents.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** /admin/consents: one page of consent records for the filter, and the CSV address of the same filter. */
export const listConsents = defineUseCase(
  'admin.consents.list',
  { consents: ADMIN_CONSENTS_PORT },
  ({ consents }) =>
    async (filter: AdminConsentFilter, options?: CallOptions) => ({
      page: await consents.list(filter, options),
      exportUrl: await consents.exportUrl(filter),
    }),
);
