import * as Content from '../../../api/admin-content';
import * as Tags from '../../../api/popular-tags';
import * as Seo from '../../../api/seo';
import type {
  AdminContentPort,
  AdminStyleCategory,
  PopularTagsEntry,
  SeoTextEntry,
  SeoTextListing,
} from '../../application/ports/admin-content.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

function styleCategoryOf(category: typeof Content.AdminStyleCategory.Type): AdminStyleCategory {
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    imageUrl: category.image?.url ?? null,
    productCount: category.product_count,
    active: category.active,
    version: category.version,
  };
}

export class AdminContentHttpAdapter implements AdminContentPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  seoTexts(options: CallOptions = {}): Promise<readonly SeoTextListing[]> {
    return this.api.call(Content.listSeoTexts, options);
  }

  seoText(key: string, options: CallOptions = {}): Promise<SeoTextEntry> {
    return this.api.call(Seo.seoText, { ...options, params: { key } });
  }

  saveSeoText(entry: SeoTextEntry, options: CallOptions = {}): Promise<SeoTextEntry> {
    return this.api.call(Content.updateSeoText, {
      ...options,
      params: { key: entry.key },
      body: {
        title: entry.title,
        html: entry.html,
        meta_title: entry.meta_title,
        meta_description: entry.meta_description,
      },
    });
  }

  popularTags(options: CallOptions = {}): Promise<readonly PopularTagsEntry[]> {
    return this.api.call(Content.listPopularTags, options);
  }

  savePopularTags(entry: PopularTagsEntry, options: CallOptions = {}): Promise<PopularTagsEntry> {
    return this.api.call(Content.savePopularTags, {
      ...options,
      params: { key: entry.key },
      body: { tags: entry.tags },
    });
  }

  popularTagsOf(key: string, options: CallOptions = {}): Promise<PopularTagsEntry> {
    return this.api.call(Tags.popularTags, { ...options, params: { key } });
  }

  async styleCategories(options: CallOptions = {}): Promise<readonly AdminStyleCategory[]> {
    return (await this.api.call(Content.listAdminStyleCategories, options)).map(styleCategoryOf);
  }

  async createStyleCategory(name: string, options: CallOptions = {}): Promise<AdminStyleCategory> {
    return styleCategoryOf(
      await this.api.call(Content.createAdminStyleCategory, { ...options, body: { name: name.trim() } }),
    );
  }

  async renameStyleCategory(
    id: number,
    name: string,
    expectedVersion: number,
    options: CallOptions = {},
  ): Promise<AdminStyleCategory> {
    return styleCategoryOf(
      await this.api.call(Content.updateAdminStyleCategory, {
        ...options,
        params: { id },
        body: { name: name.trim(), expected_version: expectedVersion },
      }),
    );
  }

  async setStyleCategoryActive(
    id: number,
    active: boolean,
    expectedVersion: number,
    options: CallOptions = {},
  ): Promise<AdminStyleCategory> {
    return styleCategoryOf(
      await this.api.call(Content.updateAdminStyleCategory, {
        ...options,
        params: { id },
        body: { active, expected_version: expectedVersion },
      }),
    );
  }

  async uploadStyleCategoryImage(
    id: number,
    file: File,
    options: CallOptions = {},
  ): Promise<AdminStyleCategory> {
    const formData = new FormData();
    formData.append('file', file, file.name);
    return styleCategoryOf(
      await this.api.call(Content.uploadAdminStyleCategoryImage, { ...options, params: { id }, formData }),
    );
  }
}
