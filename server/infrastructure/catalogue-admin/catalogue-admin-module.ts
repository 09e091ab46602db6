import { sql } from 'drizzle-orm';
import type { CatalogueService } from '../../application/catalogue.service';
import type { CatalogueChangeBus } from '../../application/catalogue-admin.port';
import { CatalogueAdminService } from '../../application/catalogue-admin.service';
import { SqlAuditLog } from '../audit/audit-log.repository';
import type { Database } from '../db/database';
import type { MediaUrls } from '../media/media-urls';
import { EXPORT_HEADERS } from './product-import';
import { SqlCategoryAdminStore } from './sql-category-admin';
import { SqlContentAdminStore } from './sql-content-admin';
import { SqlDictStore } from './sql-dicts';
import { SqlProductAdminStore } from './sql-product-admin';
import { SqlPromoAdminStore } from './sql-promo-admin';
import { DiskPictureStore } from './uploaded-pictures';

export interface CatalogueAdminModule {
  readonly admin: CatalogueAdminService;
  readonly exportHeaders: readonly string[];
  /** Every redirect (from → to), loaded once and dropped with the catalogue caches. */
  readonly redirects: { readonly all: () => Promise<ReadonlyMap<string, string>> };
}

/**
 * Cross-process invalidation is not wired yet: each server process drops its own caches on its own
 * writes, and another process (several `npm start` behind one PostgreSQL) sees a write after its
 * cache entries expire (CACHE_TTL_SECONDS). docs/architecture.md "Catalogue writes and caches".
 */
const localOnly: CatalogueChangeBus = { publish: async () => undefined };

/** Wires the back office's catalogue, promotion and content stores to their use cases (issue 11). */
export function createCatalogueAdminModule(
  database: Database,
  options: { readonly catalogue: CatalogueService; readonly media: MediaUrls; readonly mediaDir: string },
): CatalogueAdminModule {
  let redirects: Promise<ReadonlyMap<string, string>> | null = null;
  const loadRedirects = async (): Promise<ReadonlyMap<string, string>> => {
    const rows = await database.rows<{ from_path: string; to_path: string }>(
      sql`SELECT from_path, to_path FROM redirects`,
    );
    return new Map(rows.map((row) => [row.from_path, row.to_path]));
  };
  const admin = new CatalogueAdminService({
    products: new SqlProductAdminStore(database, options.media),
    categories: new SqlCategoryAdminStore(database, options.media),
    promo: new SqlPromoAdminStore(database),
    dicts: new SqlDictStore(database),
    content: new SqlContentAdminStore(database, options.media),
    pictures: new DiskPictureStore(options.mediaDir),
    audit: new SqlAuditLog(database.db),
    invalidate: () => {
      options.catalogue.invalidate();
      redirects = null;
    },
    bus: localOnly,
  });
  return {
    admin,
    exportHeaders: EXPORT_HEADERS,
    redirects: {
      all: () => {
        if (redirects === null) {
          const loading = loadRedirects();
          redirects = loading;
          loading.catch(() => {
            if (redirects === loading) redirects = null;
          });
        }
        return redirects;
      },
    },
  };
}
