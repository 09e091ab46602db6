import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Content of the back office (issue 11): SEO texts by key ('home' or a category slug), popular tags
 * by key, and style categories with pictures. Administrator session only; HTML is sanitised by the
 * server on every write.
 */
export interface SeoTextEntry {
  readonly key: string;
  readonly title: string;
  readonly html: string;
}

export interface PopularTagEntry {
  readonly label: string;
  /** A storefront path ('/category/…', '/search?q=…'). */
  readonly href: string;
}

export interface PopularTagsEntry {
  readonly key: string;
  readonly tags: readonly PopularTagEntry[];
}

export interface AdminStyleCategory {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly imageUrl: string | null;
  readonly productCount: number;
  readonly active: boolean;
  readonly version: number;
}

export interface AdminContentPort {
  seoTexts(options?: CallOptions): Promise<readonly SeoTextEntry[]>;
  saveSeoText(entry: SeoTextEntry, options?: CallOptions): Promise<SeoTextEntry>;
  popularTags(options?: CallOptions): Promise<readonly PopularTagsEntry[]>;
  savePopularTags(entry: PopularTagsEntry, options?: CallOptions): Promise<PopularTagsEntry>;
  styleCategories(options?: CallOptions): Promise<readonly AdminStyleCategory[]>;
  setStyleCategoryActive(
    id: number,
    active: boolean,
    expectedVersion: number,
    options?: CallOptions,
  ): Promise<AdminStyleCategory>;
  uploadStyleCategoryImage(id: number, file: File, options?: CallOptions): Promise<AdminStyleCategory>;
}

export const ADMIN_CONTENT_PORT: PortToken<AdminContentPort> =
  portToken<AdminContentPort>('AdminContentPort');
