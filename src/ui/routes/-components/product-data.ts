import type {
  CatalogueCategory,
  CataloguePort,
  ProductDetail,
} from '../../../application/ports/catalogue.port';
import { RECOMMENDATION_LIMITS } from '../../../application/ports/catalogue.port';
import type { CallOptions } from '../../../application/ports/port-failure';
import { categoryAncestry } from '../../../domain/category-tree';
import { categoryHref } from '../../../domain/mega-menu';
import type { ProductSummary } from '../../../domain/product';
import { formatDimensions, productDimensions, productHref } from '../../../domain/product-presentation';
import type { Crumb } from '../../components/breadcrumbs';
import { CATALOGUE_CRUMB, HOME_CRUMB } from './category-data';
import { orFallback, orNotFound } from './route-data';

/** What the product route loads; the crumbs are built in the view from the root's category list. */
export interface ProductPageData {
  readonly product: ProductDetail;
  /**
   * Recommendations are deferred: the page renders with the product at once and the two rows
   * arrive when ready (spec §9: 4 by collection, 12 by style). A failure shows no row.
   */
  readonly byCollection: Promise<readonly ProductSummary[]>;
  readonly byStyle: Promise<readonly ProductSummary[]>;
}

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

function recommendations(
  call: () => Promise<readonly ProductSummary[]>,
  key: string,
  exclude: number,
): Promise<readonly ProductSummary[]> {
  if (key.trim() === '') return Promise.resolve([]);
  return orFallback(call(), []).then((items) => items.filter((item) => item.id !== exclude));
}

/** The product at /product/{slug} (unknown → not-found page) and its deferred recommendations. */
export async function loadProductPage(
  catalogue: CataloguePort,
  slug: string,
  options: CallOptions = {},
): Promise<ProductPageData> {
  const product = await orNotFound(catalogue.productBySlug(slug, options));
  return {
    product,
    byCollection: recommendations(
      () =>
        catalogue.recommendationsByCollection(
          {
            collection: product.collection,
            excludeSlug: product.slug,
            limit: RECOMMENDATION_LIMITS.collection,
          },
          options,
        ),
      product.collection,
      product.id,
    ),
    byStyle: recommendations(
      () =>
        catalogue.recommendationsByStyle(
          { style: product.style, excludeSlug: product.slug, limit: RECOMMENDATION_LIMITS.style },
          options,
        ),
      product.style,
      product.id,
    ),
  };
}

/** An absolute URL for structured data; an unusable one is left out. */
function absoluteUrl(url: string, origin: string): string[] {
  try {
    return [new URL(url, `${origin}/`).href];
  } catch {
    return [];
  }
}

/**
 * Product and BreadcrumbList structured data (issue 6: "on product pages"). The list repeats the
 * visible crumbs (every ancestor category included), each with an absolute URL; the product's own
 * crumb points at the product page.
 */
export function productJsonLd(product: ProductDetail, crumbs: readonly Crumb[], origin: string): unknown[] {
  const url = `${origin}${productHref(product)}`;
  const images = product.images.flatMap((image) => absoluteUrl(image.url, origin));
  const size = formatDimensions(productDimensions(product));
  const productData: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    url,
    description: product.description,
    ...(images.length > 0 ? { image: images } : {}),
    ...(product.brand.trim() !== '' ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.colour.trim() !== '' ? { color: product.colour } : {}),
    ...(product.material.trim() !== '' ? { material: product.material } : {}),
    ...(size !== null ? { size } : {}),
  };
  if (product.price !== null && Number.isFinite(product.price)) {
    productData.offers = {
      '@type': 'Offer',
      url,
      priceCurrency: 'RUB',
      price: product.price,
      availability:
        product.badge === 'preorder' ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock',
    };
  }
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: `${origin}${crumb.href ?? productHref(product)}`,
    })),
  };
  return [productData, breadcrumbs];
}
