import * as Categories from '../../../api/categories';
import * as PopularTagsApi from '../../../api/popular-tags';
import * as Products from '../../../api/products';
import * as Recommendations from '../../../api/recommendations';
import * as Search from '../../../api/search';
import * as Seo from '../../../api/seo';
import * as StyleCategories from '../../../api/style-categories';
import {
  type CatalogueCategory,
  type CataloguePort,
  type PopularTag,
  type ProductDetail,
  type ProductListQuery,
  type ProductPage,
  RECOMMENDATION_LIMITS,
  SEARCH_DEFAULTS,
  SEARCH_FAILED_MESSAGE,
  type SearchPage,
  type SearchSuggestions,
  type SeoText,
  type StyleCategory,
} from '../../application/ports/catalogue.port';
import type { ImageData } from '../../application/ports/media.model';
import { type CallOptions, isPortFailure, PortFailure } from '../../application/ports/port-failure';
import type { ProductSummary } from '../../domain/product';
import type { QueryParams } from '../../domain/query-params';
import type { HttpApiClient } from './api-client';

export class CatalogueHttpAdapter implements CataloguePort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  listProducts(query: ProductListQuery = {}, options: CallOptions = {}): Promise<ProductPage> {
    return this.api.call(Products.listProducts, { ...options, query: query as QueryParams });
  }

  /** Spec §7 "/api/products/by-ids?ids=...": ids go comma-separated; no ids, no call. */
  async productsByIds(ids: readonly number[], options: CallOptions = {}): Promise<readonly ProductSummary[]> {
    const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    if (valid.length === 0) return [];
    return this.api.call(Products.productsByIds, { ...options, query: { ids: valid.join(',') } });
  }

  productBySlug(slug: string, options: CallOptions = {}): Promise<ProductDetail> {
    return this.api.call(Products.productBySlug, { ...options, params: { slug } });
  }

  productById(id: number, options: CallOptions = {}): Promise<ProductDetail> {
    return this.api.call(Products.productById, { ...options, params: { id } });
  }

  productImages(id: number, options: CallOptions = {}): Promise<readonly ImageData[]> {
    return this.api.call(Products.productImages, { ...options, params: { id } });
  }

  listCategories(options: CallOptions = {}): Promise<readonly CatalogueCategory[]> {
    return this.api.call(Categories.listCategories, options);
  }

  listStyleCategories(options: CallOptions = {}): Promise<readonly StyleCategory[]> {
    return this.api.call(StyleCategories.listStyleCategories, options);
  }

  styleCategoryBySlug(slug: string, options: CallOptions = {}): Promise<StyleCategory> {
    return this.api.call(StyleCategories.styleCategoryBySlug, { ...options, params: { slug } });
  }

  seoText(key: string, options: CallOptions = {}): Promise<SeoText> {
    return this.api.call(Seo.seoText, { ...options, params: { key } });
  }

  async popularTags(key: string, options: CallOptions = {}): Promise<readonly PopularTag[]> {
    const answer = await this.api.call(PopularTagsApi.popularTags, { ...options, params: { key } });
    return answer.tags;
  }

  recommendationsByCollection(
    request: { readonly collection: string; readonly excludeSlug?: string | null; readonly limit?: number },
    options: CallOptions = {},
  ): Promise<readonly ProductSummary[]> {
    return this.api.call(Recommendations.recommendationsByCollection, {
      ...options,
      query: {
        collection: request.collection,
        exclude_slug: request.excludeSlug ?? null,
        limit: request.limit ?? RECOMMENDATION_LIMITS.collection,
      },
    });
  }

  recommendationsByStyle(
    request: { readonly style: string; readonly excludeSlug?: string | null; readonly limit?: number },
    options: CallOptions = {},
  ): Promise<readonly ProductSummary[]> {
    return this.api.call(Recommendations.recommendationsByStyle, {
      ...options,
      query: {
        style: request.style,
        exclude_slug: request.excludeSlug ?? null,
        limit: request.limit ?? RECOMMENDATION_LIMITS.style,
      },
    });
  }

  /** Spec §7 "a failed search throws 'Search failed'"; the kind and status of the cause are kept. */
  async search(
    request: { readonly q: string; readonly page?: number; readonly limit?: number },
    options: CallOptions = {},
  ): Promise<SearchPage> {
    try {
      return await this.api.call(Search.searchProducts, {
        ...options,
        query: {
          q: request.q.trim(),
          page: request.page ?? SEARCH_DEFAULTS.page,
          limit: request.limit ?? SEARCH_DEFAULTS.limit,
        },
      });
    } catch (error) {
      const cause = isPortFailure(error) ? error : undefined;
      throw new PortFailure({
        kind: cause?.kind ?? 'network',
        message: SEARCH_FAILED_MESSAGE,
        ...(cause?.status === undefined ? {} : { status: cause.status }),
        ...(cause?.code === undefined ? {} : { code: cause.code }),
        ...(cause?.serverMessage === undefined ? {} : { serverMessage: cause.serverMessage }),
      });
    }
  }

  /** Tracker issue 13: what to suggest while the shopper types; aborted when the typing goes on. */
  suggestSearch(q: string, options: CallOptions = {}): Promise<SearchSuggestions> {
    return this.api.call(Search.searchSuggestions, { ...options, query: { q: q.trim() } });
  }
}
