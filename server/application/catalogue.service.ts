import type { Category } from '../../api/categories';
import type { Image } from '../../api/media';
import type { InspirationTopic, NewsItem, NewsList } from '../../api/news';
import type { StaticPage } from '../../api/pages';
import type { PopularTags } from '../../api/popular-tags';
import type { ProductDetail, ProductList, ProductListQuery, ProductSummary } from '../../api/products';
import type { SeoText } from '../../api/seo';
import type { StyleCategory } from '../../api/style-categories';
import { descendantIds, orderByIds } from '../domain/category-tree';
import type { CatalogueReader, ContentReader, NewsCriteria } from './catalogue.port';
import type { ReadCache } from './read-cache';

const FILTER_KEYS = [
  'price_min',
  'price_max',
  'width_min',
  'width_max',
  'depth_min',
  'depth_max',
  'height_min',
  'height_max',
  'material',
  'color',
  'style',
  'badge',
] as const;

/** Whether a listing narrows its category by any value or range. */
const hasFilters = (query: ProductListQuery): boolean => FILTER_KEYS.some((key) => query[key] !== undefined);

/** A use case's answer when the thing asked for does not exist; routes turn it into a 404. */
export type Found<T> = { readonly found: true; readonly value: T } | { readonly found: false };

const found = <T>(value: T | null | undefined): Found<T> =>
  value === null || value === undefined ? { found: false } : { found: true, value };

/**
 * The catalogue and content use cases of spec §7. Reads go through the cache; `random()` supplies the
 * start of a random listing so each visitor sees a different page.
 */
export class CatalogueService {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly content: ContentReader,
    private readonly cache: ReadCache,
    private readonly random: () => number = Math.random,
  ) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load);
  }

  /** Every category including inactive ones (the tree rules need parents); the list call filters. */
  private allCategories(): Promise<readonly Category[]> {
    return this.cached('categories', () => this.catalogue.allCategories());
  }

  async activeCategories(): Promise<readonly Category[]> {
    return (await this.allCategories()).filter((category) => category.active);
  }

  async categoryById(id: number): Promise<Found<Category>> {
    return found((await this.activeCategories()).find((category) => category.id === id));
  }

  /** `found: false` when the category slug is unknown or inactive. */
  async listProducts(query: ProductListQuery): Promise<Found<ProductList>> {
    const { category, ...rest } = query;
    let categoryIds: readonly number[] | undefined;
    if (category !== undefined) {
      const categories = await this.allCategories();
      const root = categories.find((candidate) => candidate.slug === category && candidate.active);
      if (!root) return { found: false };
      categoryIds = descendantIds(categories, root.id);
    }
    const criteria = { ...rest, ...(categoryIds ? { categoryIds } : {}) };
    const facetsKey = `facets:${categoryIds ? categoryIds.join(',') : 'all'}`;
    const panel = await this.cached(facetsKey, () => this.catalogue.categoryFacets(categoryIds));
    // Without filters beyond the category the panel already knows the total: one query saved.
    const filtered = hasFilters(query);
    const page =
      query.sort === 'random'
        ? await this.catalogue.listProducts({ ...criteria, randomStart: this.random() }, filtered)
        : await this.cached(`products:${JSON.stringify(criteria)}`, () =>
            this.catalogue.listProducts(criteria, filtered),
          );
    return found({
      items: [...page.items],
      total: page.total ?? panel.total,
      limit: query.limit,
      offset: query.offset,
      facets: panel.facets,
    });
  }

  async productById(id: number): Promise<Found<ProductDetail>> {
    return found(await this.cached(`product:${id}`, () => this.catalogue.productById(id)));
  }

  async productBySlug(slug: string): Promise<Found<ProductDetail>> {
    return found(await this.cached(`product-slug:${slug}`, () => this.catalogue.productBySlug(slug)));
  }

  async productImages(id: number): Promise<Found<readonly Image[]>> {
    return found(await this.cached(`product-images:${id}`, () => this.catalogue.productImages(id)));
  }

  /** Spec §7 by-ids: order preserved, unknown ids skipped. */
  async productsByIds(ids: readonly number[]): Promise<readonly ProductSummary[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    const items = await this.cached(`by-ids:${unique.join(',')}`, () => this.catalogue.productsByIds(unique));
    return orderByIds(ids, items);
  }

  productsAlike(
    field: 'collection' | 'style',
    value: string,
    excludeSlug: string | undefined,
    limit: number,
  ): Promise<readonly ProductSummary[]> {
    return this.cached(`alike:${field}:${value}:${excludeSlug ?? ''}:${limit}`, () =>
      this.catalogue.productsAlike(field, value, excludeSlug, limit),
    );
  }

  styleCategories(): Promise<readonly StyleCategory[]> {
    return this.cached('style-categories', () => this.content.styleCategories());
  }

  async styleCategoryBySlug(slug: string): Promise<Found<StyleCategory>> {
    return found((await this.styleCategories()).find((style) => style.slug === slug));
  }

  async seoText(key: string): Promise<Found<SeoText>> {
    return found(await this.cached(`seo:${key}`, () => this.content.seoText(key)));
  }

  /** An unknown key is not an error: the page simply has no tags yet. */
  async popularTags(key: string): Promise<PopularTags> {
    const tags = await this.cached(`tags:${key}`, () => this.content.popularTags(key));
    return tags ?? { key, tags: [] };
  }

  listNews(criteria: NewsCriteria): Promise<NewsList> {
    return this.cached(`news:${JSON.stringify(criteria)}`, () => this.content.listNews(criteria));
  }

  async newsBySlug(slug: string): Promise<Found<NewsItem>> {
    return found(await this.cached(`news-item:${slug}`, () => this.content.newsBySlug(slug)));
  }

  inspirationTopics(): Promise<readonly InspirationTopic[]> {
    return this.cached('inspiration-topics', () => this.content.inspirationTopics());
  }

  async staticPage(slug: string): Promise<Found<StaticPage>> {
    return found(await this.cached(`page:${slug}`, () => this.content.staticPage(slug)));
  }

  /** Call after any catalogue or content write (seeding, the back office). */
  invalidate(): void {
    this.cache.clear();
  }
}
