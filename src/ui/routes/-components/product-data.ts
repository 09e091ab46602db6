import type { CataloguePort, ProductDetail } from '../../../application/ports/catalogue.port';
import { RECOMMENDATION_LIMITS } from '../../../application/ports/catalogue.port';
import type { CallOptions } from '../../../application/ports/port-failure';
import { categoryHref } from '../../../domain/mega-menu';
import type { ProductSummary } from '../../../domain/product';
import { formatDimensions, productDimensions, productHref } from '../../../domain/product-presentation';
import type { Crumb } from '../../components/breadcrumbs';
import { CATALOGUE_CRUMB, HOME_CRUMB } from './category-data';
import { orFallback, orNotFound } from './route-data';

export interface ProductPageData {
  readonly product: ProductDetail;
  readonly crumbs: readonly Crumb[];
  /**
   * Recommendations are deferred: the page renders with the product at once and the two rows
   * arrive when ready (spec §9: 4 by collection, 12 by style). A failure shows no row.
   */
  readonly byCollection: Promise<readonly ProductSummary[]>;
  readonly byStyle: Promise<readonly ProductSummary[]>;
}

export function productCrumbs(product: ProductDetail): readonly Crumb[] {
  const category = product.category;
  return [
    HOME_CRUMB,
    CATALOGUE_CRUMB,
    ...(category.path.trim() === '' ? [] : [{ label: category.name, href: categoryHref(category.path) }]),
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
    crumbs: productCrumbs(product),
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

/** Product and BreadcrumbList structured data (issue 6: "on product pages"). */
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
