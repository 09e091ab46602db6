import {
  buildCategoryTree,
  type CategoryNode,
  findCategoryBySlugPath,
  indexCategories,
} from '../../domain/category-tree';
import { CATALOGUE_CRUMB, type Crumb, HOME_CRUMB } from '../../domain/crumbs';
import { categoryHref } from '../../domain/mega-menu';
import {
  CATALOGUE_PORT,
  type CatalogueCategory,
  type PopularTag,
  type ProductPage,
  type SeoText,
} from '../ports/catalogue.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';
import { type CategorySearch, productListQuery } from './category-search';
import { orFallback, PageNotFound } from './query-outcomes';

interface CategoryLink {
  readonly name: string;
  readonly href: string;
}

/** What the category page shows (spec §2 "/category/{slug path}"). */
export interface CategoryPageData {
  /** The category's full slug path (the canonical URL). */
  readonly slugPath: string;
  readonly name: string;
  readonly description: string;
  readonly image: string | null;
  readonly crumbs: readonly Crumb[];
  readonly subcategories: readonly CategoryLink[];
  readonly products: ProductPage;
  readonly seo: SeoText | null;
  readonly tags: readonly PopularTag[];
}

/** Home → Каталог → every ancestor → the category itself (without a link). */
function categoryCrumbs(node: CategoryNode, byId: ReadonlyMap<number, CategoryNode>): readonly Crumb[] {
  const chain: CategoryNode[] = [];
  const seen = new Set<number>();
  for (let current: CategoryNode | undefined = node; current !== undefined; ) {
    if (seen.has(current.category.id)) break;
    seen.add(current.category.id);
    chain.unshift(current);
    const parent: number | null = current.category.parent_id;
    current = parent === null ? undefined : byId.get(parent);
  }
  return [
    HOME_CRUMB,
    CATALOGUE_CRUMB,
    ...chain.map((item, index) =>
      index === chain.length - 1
        ? { label: item.category.name }
        : { label: item.category.name, href: categoryHref(item.slugPath) },
    ),
  ];
}

/**
 * Everything the category page shows: the category at the slug path (unknown → not-found page),
 * one page of its products with facets, its SEO text and the popular tags of its root section.
 * SEO text and tags are optional: their failure leaves them out.
 *
 * `knownCategories` is the category list the page already has (the root route's menu read: the
 * document's, or kept from an earlier page), so a client navigation asks only for the page's own three
 * reads, together (issue 27, item 4); without it, or when it is empty, the list is read here first. The
 * three are not asked for before the list has named the category: a path that is no category (a
 * crawler's guess) costs one read, not four.
 */
export const categoryPage = defineUseCase(
  'catalogue.categoryPage',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    async (
      splat: string,
      search: CategorySearch,
      options?: CallOptions,
      knownCategories?: Promise<readonly CatalogueCategory[] | undefined>,
    ): Promise<CategoryPageData> => {
      const known = await knownCategories;
      const categories: readonly CatalogueCategory[] =
        known !== undefined && known.length > 0 ? known : await catalogue.listCategories(options);
      const index = indexCategories(categories);
      const node = findCategoryBySlugPath(index, splat);
      if (node === null) throw new PageNotFound(`категория ${splat}`);
      // The index was built from these rows, so each node carries the CatalogueCategory it came from.
      const category = node.category as CatalogueCategory;
      const rootSlug = node.slugPath.split('/')[0] ?? category.slug;
      const [products, seo, tags] = await Promise.all([
        catalogue.listProducts(productListQuery(category.slug, search), options),
        orFallback(catalogue.seoText(category.slug, options), null),
        orFallback(catalogue.popularTags(rootSlug, options), []),
      ]);
      return {
        slugPath: node.slugPath,
        name: category.name,
        description: typeof category.description === 'string' ? category.description : '',
        image: category.image?.url ?? null,
        crumbs: categoryCrumbs(node, index.byId),
        subcategories: node.children.map((child) => ({
          name: child.category.name,
          href: categoryHref(child.slugPath),
        })),
        products,
        seo,
        tags: tags.filter((tag) => tag.href !== categoryHref(node.slugPath)),
      };
    },
);

/** The whole catalogue as a tree (/categories). */
export const catalogueTree = defineUseCase(
  'catalogue.tree',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    async (options?: CallOptions): Promise<readonly CategoryNode[]> =>
      buildCategoryTree(await catalogue.listCategories(options)),
);
