import type { Category } from '../../api/categories';
import type { Image } from '../../api/media';
import type { InspirationTopic, NewsItem, NewsList, NewsType } from '../../api/news';
import type { StaticPage } from '../../api/pages';
import type { PopularTags } from '../../api/popular-tags';
import type { ProductDetail, ProductFacets, ProductListQuery, ProductSummary } from '../../api/products';
import type { SuggestedCategory, SuggestedProduct } from '../../api/search';
import type { SeoText } from '../../api/seo';
import type { StyleCategory } from '../../api/style-categories';
import type { LexiconEntry } from '../domain/search-text';

/**
 * What the catalogue and content calls need from storage. Adapters return the contract's shapes
 * directly: the catalogue is read-mostly and has no rules between storage and the wire beyond
 * filtering hidden fields, which the adapter does when it maps rows.
 */

/** A product listing whose category has already been resolved to ids (descendants included). */
export interface ProductListCriteria extends Omit<ProductListQuery, 'category'> {
  readonly categoryIds?: readonly number[];
  /** Only for sort=random: where on the [0, 1) random_key circle the page starts. */
  readonly randomStart?: number;
}

export interface CatalogueReader {
  allCategories(): Promise<readonly Category[]>;
  /** One page of products; `total` is counted only when `withTotal` (otherwise null). */
  listProducts(
    criteria: ProductListCriteria,
    withTotal: boolean,
  ): Promise<{ readonly items: readonly ProductSummary[]; readonly total: number | null }>;
  /**
   * The filter panel of a category (all products when no ids): value counts and ranges, in one pass,
   * independent of the shopper's filters so one cached answer serves every filter combination.
   */
  categoryFacets(
    categoryIds: readonly number[] | undefined,
  ): Promise<{ readonly facets: ProductFacets; readonly total: number }>;
  productById(id: number): Promise<ProductDetail | null>;
  productBySlug(slug: string): Promise<ProductDetail | null>;
  productImages(id: number): Promise<readonly Image[] | null>;
  /** Existing products among `ids`, in any order. */
  productsByIds(ids: readonly number[]): Promise<readonly ProductSummary[]>;
  /** Products sharing a collection or style, most popular first, without `excludeSlug`. */
  productsAlike(
    field: 'collection' | 'style',
    value: string,
    excludeSlug: string | undefined,
    limit: number,
  ): Promise<readonly ProductSummary[]>;
}

export interface NewsCriteria {
  readonly limit: number;
  readonly offset: number;
  readonly type?: NewsType;
  readonly topic?: string;
}

export interface ContentReader {
  styleCategories(): Promise<readonly StyleCategory[]>;
  seoText(key: string): Promise<SeoText | null>;
  popularTags(key: string): Promise<PopularTags | null>;
  listNews(criteria: NewsCriteria): Promise<NewsList>;
  newsBySlug(slug: string): Promise<NewsItem | null>;
  inspirationTopics(): Promise<readonly InspirationTopic[]>;
  staticPage(slug: string): Promise<StaticPage | null>;
}

/** A lexicon entry close to a looked-up spelling. */
export interface LexiconMatch {
  readonly variant: string;
  readonly word: string;
  readonly similarity: number;
  readonly frequency: number;
}

/** What products are looked up by: words (a tsquery text) and article keys (none: words only). */
export interface ProductQuery {
  readonly tsQuery: string;
  readonly articles: readonly string[];
}

export interface SearchIndex {
  /** For each spelling, the closest catalogue word (exact first, then by trigram similarity). */
  closestWords(variants: readonly string[]): Promise<readonly LexiconMatch[]>;
  /**
   * Products matching a tsquery text (russian config) or whose article holds one of `articles`
   * (articleSearchForms), ranked: the article typed in full first, then a part of one, then by text;
   * `total` is capped at `cap`.
   */
  search(
    query: ProductQuery,
    limit: number,
    offset: number,
    cap: number,
  ): Promise<{ readonly items: readonly ProductSummary[]; readonly total: number }>;
  /**
   * Every word of the lexicon with its frequency (suggestions hold them in memory), after folding in
   * the word changes of committed catalogue writes.
   */
  lexiconWords(): Promise<readonly LexiconEntry[]>;
  /** Products for the suggestions list, matched as by `search`: the best `limit` of at most `cap` candidates. */
  suggestProducts(query: ProductQuery, limit: number, cap: number): Promise<readonly SuggestedProduct[]>;
  /** Active categories whose name matches a tsquery text, top levels first. */
  categoriesMatching(tsQuery: string, limit: number): Promise<readonly SuggestedCategory[]>;
}
