import type { AdminCategory, CategoryRedirect } from '../../ports/admin-categories.port';
import { ADMIN_CATEGORIES_PORT } from '../../ports/admin-categories.port';
import {
  ADMIN_CONTENT_PORT,
  type AdminStyleCategory,
  type PopularTagsEntry,
  type SeoTextListing,
} from '../../ports/admin-content.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

export type ContentTab = 'categories' | 'redirects' | 'seo' | 'tags' | 'styles';

export interface ContentTabData {
  readonly tree: readonly AdminCategory[];
  readonly redirects: readonly CategoryRedirect[];
  readonly seo: readonly SeoTextListing[];
  readonly tags: readonly PopularTagsEntry[];
  readonly styles: readonly AdminStyleCategory[];
}

/**
 * /admin/content: the category tree (every tab names categories) and the open tab's own list; the
 * other tabs' lists are not read.
 */
export const loadContentTab = defineUseCase(
  'admin.content.loadTab',
  { categories: ADMIN_CATEGORIES_PORT, content: ADMIN_CONTENT_PORT },
  ({ categories, content }) =>
    async (tab: ContentTab, options: CallOptions = {}): Promise<ContentTabData> => {
      const [tree, redirects, seo, tags, styles] = await Promise.all([
        categories.list(options),
        tab === 'redirects' ? categories.redirects({}, options) : [],
        tab === 'seo' ? content.seoTexts(options) : [],
        tab === 'tags' ? content.popularTags(options) : [],
        tab === 'styles' ? content.styleCategories(options) : [],
      ]);
      return { tree, redirects, seo, tags, styles };
    },
);
