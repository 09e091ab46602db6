import type { ProductDetail } from '../../../application/ports/catalogue.port';
import type { Crumb } from '../../../domain/crumbs';
import type { ProductSummary } from '../../../domain/product';
import { formatDimensions, productDimensions, productHref } from '../../../domain/product-presentation';

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
  return [productData, breadcrumbListJsonLd(crumbs, origin, productHref(product))];
}

/** BreadcrumbList: the visible crumbs with absolute URLs; the last (current) one points at `currentHref`. */
function breadcrumbListJsonLd(crumbs: readonly Crumb[], origin: string, currentHref: string): unknown {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: `${origin}${crumb.href ?? currentHref}`,
    })),
  };
}

/**
 * Category structured data (issue 15: "BreadcrumbList and ItemList on category pages"): the crumbs,
 * and the products of the listing shown, in their order on the page.
 */
export function categoryJsonLd(
  category: {
    readonly name: string;
    readonly crumbs: readonly Crumb[];
    readonly products: { readonly items: readonly ProductSummary[]; readonly offset?: number };
  },
  canonicalHref: string,
  origin: string,
): unknown[] {
  const start = category.products.offset ?? 0;
  const list = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: category.name,
    url: `${origin}${canonicalHref}`,
    numberOfItems: category.products.items.length,
    itemListElement: category.products.items.map((product, index) => ({
      '@type': 'ListItem',
      position: start + index + 1,
      url: `${origin}${productHref(product)}`,
      name: product.name,
    })),
  };
  return [breadcrumbListJsonLd(category.crumbs, origin, canonicalHref), list];
}
