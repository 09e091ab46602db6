import { categoryAncestry } from '../../domain/category-tree';
import { CATALOGUE_CRUMB, type Crumb, HOME_CRUMB } from '../../domain/crumbs';
import { categoryHref } from '../../domain/mega-menu';
import type { CatalogueCategory, ProductDetail } from '../ports/catalogue.port';

// Apart from the page query (product-page.query.ts): the loader's module sits in the app's first chunk,
// the crumbs only in the product page's own.

/** The crumbs of the product's category: the chain from the flat list, else the leaf the product names. */
function productCategoryCrumbs(
  product: ProductDetail,
  categories: readonly CatalogueCategory[],
): readonly Crumb[] {
  const chain = categoryAncestry(categories, product.category.id);
  if (chain.length === 0) {
    const leaf = product.category;
    return leaf.path.trim() === '' ? [] : [{ label: leaf.name, href: categoryHref(leaf.path) }];
  }
  // The server's path is the canonical URL; the walked slug path stands in should a row lack one.
  return chain.map((category, index) => ({
    label: category.name,
    href: categoryHref(
      category.path.trim() !== '' ? category.path : chain.slice(0, index + 1).map((item) => item.slug),
    ),
  }));
}

/**
 * Главная → Каталог → the product's root category → … → its own category → the product (no link),
 * like the category page's crumbs. The ancestors come from the flat category list the root route
 * has already loaded; without it (a failed load, or a category newer than the list) only the
 * product's own category is shown.
 */
export function productCrumbs(
  product: ProductDetail,
  categories: readonly CatalogueCategory[] = [],
): readonly Crumb[] {
  return [
    HOME_CRUMB,
    CATALOGUE_CRUMB,
    ...productCategoryCrumbs(product, categories),
    { label: product.name },
  ];
}
