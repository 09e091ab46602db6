import { Effect, Schema, SchemaTransformation } from 'effect';
import { MAX_PRODUCTS_PER_READ } from '../shared-rules/cart-limits-rule';
import { defineEndpoint } from './endpoint';
import { Image } from './media';
import { amountFromString, FilterText, IdFromString, intParam, repeated, Slug } from './query-fields';

/** Badge shown on a product card (spec §3). */
export const ProductBadge = Schema.Literals(['trending', 'new', 'available', 'preorder']);
export type ProductBadge = typeof ProductBadge.Type;

/**
 * A product card (spec §3 "Product (as used)"). Field names follow the spec (`tovar_pic1_url_site`,
 * `price_old`); `specs` carries only the visible spec lines — hidden raw fields never leave the server.
 */
export const ProductSummary = Schema.Struct({
  id: Schema.Int,
  slug: Schema.String,
  name: Schema.String,
  tovar_pic1_url_site: Schema.NullOr(Schema.String),
  price: Schema.NullOr(Schema.Number),
  price_old: Schema.NullOr(Schema.Number),
  badge: Schema.NullOr(ProductBadge),
  width: Schema.NullOr(Schema.Number),
  depth: Schema.NullOr(Schema.Number),
  height: Schema.NullOr(Schema.Number),
  specs: Schema.Record(Schema.String, Schema.String),
  /**
   * False when the stock is tracked and nothing is left: the storefront shows «Нет в наличии» and
   * cannot add it to the cart. Absent in answers older than the stock count (treat as available).
   */
  in_stock: Schema.optionalKey(Schema.Boolean),
});
export type ProductSummary = typeof ProductSummary.Type;

const ProductCategoryRef = Schema.Struct({
  id: Schema.Int,
  slug: Schema.String,
  name: Schema.String,
  /** Slug path after /category/. */
  path: Schema.String,
});

export const ProductDetail = Schema.Struct({
  ...ProductSummary.fields,
  sku: Schema.String,
  description: Schema.String,
  category: ProductCategoryRef,
  collection: Schema.String,
  style: Schema.String,
  material: Schema.String,
  colour: Schema.String,
  brand: Schema.String,
  country: Schema.String,
  created_at: Schema.String,
  images: Schema.Array(Image),
});
export type ProductDetail = typeof ProductDetail.Type;

const ProductSort = Schema.Literals(['new', 'random', 'price_asc', 'price_desc', 'popular']);

const PRODUCT_LIST_MAX_LIMIT = 100;

/**
 * GET /api/products query. Lists repeat the parameter (`?material=a&material=b`, spec §5); ranges are
 * inclusive; sizes are centimetres; prices whole roubles.
 */
export const ProductListQuery = Schema.Struct({
  sort: ProductSort.pipe(Schema.withDecodingDefaultKey(Effect.succeed('new' as const))),
  limit: intParam(1, PRODUCT_LIST_MAX_LIMIT, 24),
  offset: intParam(0, 100_000, 0),
  category: Schema.optionalKey(Slug),
  price_min: Schema.optionalKey(amountFromString),
  price_max: Schema.optionalKey(amountFromString),
  width_min: Schema.optionalKey(amountFromString),
  width_max: Schema.optionalKey(amountFromString),
  depth_min: Schema.optionalKey(amountFromString),
  depth_max: Schema.optionalKey(amountFromString),
  height_min: Schema.optionalKey(amountFromString),
  height_max: Schema.optionalKey(amountFromString),
  material: Schema.optionalKey(repeated(FilterText)),
  color: Schema.optionalKey(repeated(FilterText)),
  style: Schema.optionalKey(repeated(FilterText)),
  badge: Schema.optionalKey(repeated(ProductBadge)),
});
export type ProductListQuery = typeof ProductListQuery.Type;

const FacetValue = Schema.Struct({ value: Schema.String, count: Schema.Int });
const NumericRange = Schema.Struct({
  min: Schema.NullOr(Schema.Number),
  max: Schema.NullOr(Schema.Number),
});

/**
 * The filter panel of the listed category: value counts and ranges over all of the category's
 * products, independent of the filters applied — picking a value never hides its siblings, and one
 * answer per category can be cached. `total` of the list counts the filtered products.
 */
export const ProductFacets = Schema.Struct({
  material: Schema.Array(FacetValue),
  color: Schema.Array(FacetValue),
  style: Schema.Array(FacetValue),
  badge: Schema.Array(FacetValue),
  price: NumericRange,
  width: NumericRange,
  depth: NumericRange,
  height: NumericRange,
});
export type ProductFacets = typeof ProductFacets.Type;

export const ProductList = Schema.Struct({
  items: Schema.Array(ProductSummary),
  total: Schema.Int,
  limit: Schema.Int,
  offset: Schema.Int,
  facets: ProductFacets,
});
export type ProductList = typeof ProductList.Type;

const ProductIdParams = Schema.Struct({ id: IdFromString });
const ProductSlugParams = Schema.Struct({ slug: Slug });

const PRODUCTS_BY_IDS_MAX = MAX_PRODUCTS_PER_READ;
/** Comma-separated (`ids=3,1,2`) or repeated (`ids=3&ids=1`) ids, flattened into one list of strings. */
const CommaSeparated = Schema.ArrayEnsure(Schema.String).pipe(
  Schema.decodeTo(
    Schema.Array(Schema.String),
    SchemaTransformation.transform<readonly string[], readonly string[]>({
      decode: (parts) => parts.flatMap((part) => part.split(',')).filter((part) => part !== ''),
      encode: (ids) => [ids.join(',')],
    }),
  ),
);

export const ProductsByIdsQuery = Schema.Struct({
  /** Order is kept and unknown ids are skipped; at most PRODUCTS_BY_IDS_MAX. */
  ids: CommaSeparated.pipe(
    Schema.decodeTo(Schema.Array(IdFromString).pipe(Schema.check(Schema.isMaxLength(PRODUCTS_BY_IDS_MAX)))),
  ),
});

export const listProducts = defineEndpoint({
  method: 'GET',
  path: '/api/products',
  tag: 'products',
  summary: 'Catalogue listing with filters, sorting, paging and facet counts',
  query: ProductListQuery,
  response: ProductList,
});

export const productsByIds = defineEndpoint({
  method: 'GET',
  path: '/api/products/by-ids',
  tag: 'products',
  summary: 'Products by ids, in the order given; unknown ids are skipped',
  query: ProductsByIdsQuery,
  response: Schema.Array(ProductSummary),
});

export const productBySlug = defineEndpoint({
  method: 'GET',
  path: '/api/products/slug/:slug',
  tag: 'products',
  summary: 'One product by its slug',
  params: ProductSlugParams,
  response: ProductDetail,
  errorStatuses: [404],
});

export const productById = defineEndpoint({
  method: 'GET',
  path: '/api/products/:id',
  tag: 'products',
  summary: 'One product by id',
  params: ProductIdParams,
  response: ProductDetail,
  errorStatuses: [404],
});

export const productImages = defineEndpoint({
  method: 'GET',
  path: '/api/products/:id/images',
  tag: 'products',
  summary: 'The pictures of a product in display order',
  params: ProductIdParams,
  response: Schema.Array(Image),
  errorStatuses: [404],
});
