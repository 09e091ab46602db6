import { CATALOGUE_PORT, type CatalogueCategory, type SeoText } from '../ports/catalogue.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';

const NO_CATEGORIES: readonly CatalogueCategory[] = [];

/**
 * The mega menu's categories, read by the root route on every page. Spec §8: a failed category load
 * is not shown to the visitor; the header simply has no menu row.
 */
export const menuCategories = defineUseCase(
  'catalogue.menuCategories',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    async (options?: CallOptions): Promise<{ readonly categories: readonly CatalogueCategory[] }> => ({
      categories: await catalogue.listCategories(options).catch(() => NO_CATEGORIES),
    }),
);

/** The SEO welcome text of the home page (spec §2); without it the page keeps its default text. */
export const homeWelcome = defineUseCase(
  'home.welcome',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    async (options?: CallOptions): Promise<{ readonly seo: SeoText | null }> => ({
      seo: await catalogue.seoText('home', options).catch((): SeoText | null => null),
    }),
);
