import { CatalogueService } from '../../application/catalogue.service';
import { ReadCache } from '../../application/read-cache';
import { SearchService } from '../../application/search.service';
import type { Database } from '../db/database';
import { createMediaUrls, type MediaUrls } from '../media/media-urls';
import { IMAGE_WIDTHS, imageFileName } from '../seed/product-images';
import { SqlCatalogueReader } from './sql-catalogue-reader';
import { SqlContentReader } from './sql-content-reader';
import { SqlSearchIndex } from './sql-search-index';

/** Media URLs of the rendered demo pictures: the 640 px file by default, all widths in `sources`. */
export const demoMediaUrls: MediaUrls = createMediaUrls({
  widths: IMAGE_WIDTHS,
  defaultWidth: 640,
  fileName: imageFileName,
});

export interface CatalogueModule {
  readonly catalogue: CatalogueService;
  readonly search: SearchService;
  /**
   * Call after any catalogue or content write (here, or announced by another server process): drops
   * the read cache and the words held for suggestions.
   */
  readonly invalidate: () => void;
}

/** Wires the catalogue and search use cases to their SQL adapters. */
export function createCatalogueModule(
  database: Database,
  options: { readonly cacheEntries: number; readonly cacheTtlMs: number; readonly cacheBytes?: number },
): CatalogueModule {
  const cache = new ReadCache(options.cacheEntries, options.cacheTtlMs, Date.now, options.cacheBytes);
  const catalogue = new CatalogueService(
    new SqlCatalogueReader(database, demoMediaUrls),
    new SqlContentReader(database, demoMediaUrls),
    cache,
  );
  const search = new SearchService(new SqlSearchIndex(database, demoMediaUrls), cache);
  return {
    catalogue,
    search,
    invalidate: () => {
      catalogue.invalidate();
      search.forgetLexicon();
    },
  };
}
