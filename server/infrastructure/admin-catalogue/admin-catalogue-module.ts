import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CatalogueChangeBus } from '../../application/admin-catalogue.port';
import { AdminCatalogueService } from '../../application/admin-catalogue.service';
import type { FileStore } from '../../application/file-store.port';
import { SqlAuditLog } from '../audit/audit-log.repository';
import { foldLexiconChanges } from '../catalogue/sql-search-index';
import type { Database } from '../db/database';
import type { MediaUrls } from '../media/media-urls';
import { EXPORT_HEADERS } from './product-import';
import { SqlCategoryAdminStore } from './sql-category-admin';
import { SqlContentAdminStore } from './sql-content-admin';
import { SqlDictStore } from './sql-dicts';
import { SqlProductAdminStore } from './sql-product-admin';
import { SqlPromoAdminStore } from './sql-promo-admin';
import { RenderedPictureStore } from './uploaded-pictures';

export interface AdminCatalogueModule {
  readonly admin: AdminCatalogueService;
  readonly exportHeaders: readonly string[];
  /** Every redirect (from → to), loaded once and dropped with the catalogue caches. */
  readonly redirects: { readonly all: () => Promise<ReadonlyMap<string, string>> };
  /**
   * On PostgreSQL: drop this process's caches when another server process writes (LISTEN/NOTIFY).
   * Resolves to the function that stops listening (call it when the app closes).
   */
  listenForOtherProcesses(): Promise<() => Promise<void>>;
}

const CHANNEL = 'catalogue_changed';

/**
 * Tells every server process on this PostgreSQL database that the catalogue changed (NOTIFY); each
 * drops its catalogue caches unless `sender` is its own instance id. A no-op on PGlite (one process).
 * `npm run db:seed` calls it too, so a re-seed under running servers is seen at once.
 */
export async function announceCatalogueChange(database: Database, sender: string): Promise<void> {
  if (database.listen === undefined) return;
  await database.rows(sql`SELECT pg_notify(${CHANNEL}, ${sender})`);
}

/** Wires the back office's catalogue, promotion and content stores to their use cases (issue 11). */
export function createAdminCatalogueModule(
  database: Database,
  options: {
    /** Drops the catalogue read cache and the search words of this process (CatalogueModule.invalidate). */
    readonly invalidateCatalogue: () => void;
    readonly media: MediaUrls;
    /** Where uploaded pictures and their variants are stored (the media store served at /media/). */
    readonly mediaFiles: FileStore;
  },
): AdminCatalogueModule {
  let redirects: Promise<ReadonlyMap<string, string>> | null = null;
  const loadRedirects = async (): Promise<ReadonlyMap<string, string>> => {
    const rows = await database.rows<{ from_path: string; to_path: string }>(
      sql`SELECT from_path, to_path FROM redirects`,
    );
    return new Map(rows.map((row) => [row.from_path, row.to_path]));
  };
  const instance = randomBytes(8).toString('hex');
  const dropLocal = () => {
    options.invalidateCatalogue();
    redirects = null;
  };
  /**
   * Every write is announced to the other server processes sharing the database (several `npm start`
   * behind one PostgreSQL); each drops its caches at once. PGlite has a single process: nothing to tell.
   */
  const bus: CatalogueChangeBus = {
    publish: () => announceCatalogueChange(database, instance),
  };
  const admin = new AdminCatalogueService({
    products: new SqlProductAdminStore(database, options.media),
    categories: new SqlCategoryAdminStore(database, options.media),
    promo: new SqlPromoAdminStore(database),
    dicts: new SqlDictStore(database),
    content: new SqlContentAdminStore(database, options.media),
    pictures: new RenderedPictureStore(options.mediaFiles),
    audit: new SqlAuditLog(database.db),
    searchWords: { catchUp: () => foldLexiconChanges(database) },
    invalidate: dropLocal,
    bus,
  });
  return {
    admin,
    exportHeaders: EXPORT_HEADERS,
    listenForOtherProcesses: async () => {
      if (database.listen === undefined) return async () => undefined;
      return database.listen(
        CHANNEL,
        (payload) => {
          if (payload !== instance) dropLocal();
        },
        // Changes announced while the subscription was down were missed: start from fresh reads.
        dropLocal,
      );
    },
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
