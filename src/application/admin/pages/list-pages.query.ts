import { ADMIN_PAGES_PORT } from '../../ports/admin-pages.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** /admin/static-pages: every static page of the site, the spec's and the managers' own. */
export const listPages = defineUseCase(
  'admin.pages.list',
  { pages: ADMIN_PAGES_PORT },
  ({ pages }) =>
    (options?: CallOptions) =>
      pages.list(options),
);
