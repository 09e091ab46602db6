import type { Category } from '../../domain/category-tree';
import type { ProductBadge, ProductSummary } from '../../domain/product';
import type { ImageData } from './media.model';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The storefront's read side of the catalogue (spec §7 "Catalogue"): products, categories, style
 * categories, SEO texts, popular tags, recommendations and search. Route loaders call it.
 * Query parameters follow spec §5 in the adapter: empty or null values are dropped, lists repeat.
 */

export type ProductSort = 'new' | 'random' | 'price_asc' | 'price_desc' | 'popular';

export interface ProductListQuery {
  readonly sort?: ProductSort;
  readonly limit?: number;
  readonly offset?: number;
  /** A category slug. */
  readonly category?: string | null;
  readonly price_min?: number | null;
  readonly price_max?: number | null;
  readonly width_min?: number | null;
  readonly width_max?: number | null;
  readonly depth_min?: number | null;
  readonly depth_max?: number | null;
  readonly height_min?: number | null;
  readonly height_max?: number | null;
  readonly material?: readonly string[];
  readonly color?: readonly string[];
  readonly style?: readonly string[];
  readonly badge?: readonly ProductBadge[];
}

export interface FacetValue {
  readonly value: string;
  readonly count: number;
}

export interface NumericRange {
  readonly min: number | null;
  readonly max: number | null;
}

export interface ProductFacets {
  readonly material: readonly FacetValue[];
  readonly color: readonly FacetValue[];
  readonly style: readonly FacetValue[];
  readonly badge: readonly FacetValue[];
  readonly price: NumericRange;
  readonly width: NumericRange;
  readonly depth: NumericRange;
  readonly height: NumericRange;
}

export interface ProductPage {
  readonly items: readonly ProductSummary[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly facets: ProductFacets;
}

export interface ProductDetail extends ProductSummary {
  readonly sku: string;
  readonly description: string;
  readonly category: {
    readonly id: number;
    readonly slug: string;
    readonly name: string;
    readonly path: string;
  };
  readonly collection: string;
  readonly style: string;
  readonly material: string;
  readonly colour: string;
  readonly brand: string;
  readonly country: string;
  readonly created_at: string;
  readonly images: readonly ImageData[];
}

/** A category as GET /api/categories lists it (active ones only), with the server's slug path. */
export interface CatalogueCategory extends Category {
  readonly refs: readonly number[];
  readonly path: string;
  readonly level: number;
  readonly sort_order: number;
  readonly image: ImageData | null;
  readonly description: string;
}

export interface StyleCategory {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly image: ImageData | null;
  readonly sort_order: number;
  readonly product_count: number;
}

export interface SeoText {
  readonly key: string;
  readonly title: string;
  readonly html: string;
  /** The page's own <title> and meta description; '' — the page's name and description. */
  readonly meta_title: string;
  readonly meta_description: string;
}

export interface PopularTag {
  readonly label: string;
  readonly href: string;
}

export interface SearchPage {
  readonly query: string;
  readonly corrected_query: string | null;
  readonly items: readonly ProductSummary[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

/** Spec §9: search defaults page 1, limit 50; recommendations 4 per collection, 12 per style. */
export const SEARCH_DEFAULTS = { page: 1, limit: 50 } as const;
export const RECOMMENDATION_LIMITS = { collection: 4, style: 12 } as const;

/** A product in the suggestions while typing (tracker issue 13). */
interface SuggestedProduct {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  /** The product page, /product/{slug}. */
  readonly url: string;
  readonly price: number | null;
  readonly price_old: number | null;
  readonly thumb_url: string | null;
}

interface SuggestedCategory {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  /** The category page, /category/{slug path}. */
  readonly url: string;
}

export interface SearchSuggestions {
  readonly query: string;
  /** What the server read the typed text as (typo, keyboard layout), when it differs. */
  readonly corrected_query: string | null;
  readonly products: readonly SuggestedProduct[];
  readonly categories: readonly SuggestedCategory[];
}

/** Spec §7 "a failed search throws 'Search failed'": the exact message of every search rejection. */
export const SEARCH_FAILED_MESSAGE = 'Search failed';

export interface CataloguePort {
  listProducts(query?: ProductListQuery, options?: CallOptions): Promise<ProductPage>;
  productsByIds(ids: readonly number[], options?: CallOptions): Promise<readonly ProductSummary[]>;
  productBySlug(slug: string, options?: CallOptions): Promise<ProductDetail>;
  productById(id: number, options?: CallOptions): Promise<ProductDetail>;
  productImages(id: number, options?: CallOptions): Promise<readonly ImageData[]>;
  listCategories(options?: CallOptions): Promise<readonly CatalogueCategory[]>;
  listStyleCategories(options?: CallOptions): Promise<readonly StyleCategory[]>;
  styleCategoryBySlug(slug: string, options?: CallOptions): Promise<StyleCategory>;
  seoText(key: string, options?: CallOptions): Promise<SeoText>;
  popularTags(key: string, options?: CallOptions): Promise<readonly PopularTag[]>;
  recommendationsByCollection(
    request: { readonly collection: string; readonly excludeSlug?: string | null; readonly limit?: number },
    options?: CallOptions,
  ): Promise<readonly ProductSummary[]>;
  recommendationsByStyle(
    request: { readonly style: string; readonly excludeSlug?: string | null; readonly limit?: number },
    options?: CallOptions,
  ): Promise<readonly ProductSummary[]>;
  /** Rejects with a PortFailure whose message is exactly 'Search failed' (its kind says why). */
  search(
    request: { readonly q: string; readonly page?: number; readonly limit?: number },
    options?: CallOptions,
  ): Promise<SearchPage>;
  /** Suggestions for a query being typed (GET /api/search/suggestions); the signal cancels it. */
  suggestSearch(q: string, options?: CallOptions): Promise<SearchSuggestions>;
}

export const CATALOGUE_PORT: PortToken<CataloguePort> = portToken<CataloguePort>('CataloguePort');
