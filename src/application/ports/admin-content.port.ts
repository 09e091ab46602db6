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
  /** The page's own <title> and meta description (issue 25 item 13); '' — derived from the page. */
  readonly meta_title: string;
  readonly meta_description: string;
}

/** A page that has an SEO text to write (the home page, every category), as the picker lists it. */
export interface SeoTextListing extends SeoTextEntry {
  /** «Главная» or the category's name and address. */
  readonly label: string;
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
  /** The home page and every category, each with its SEO text (empty where none is written). */
  seoTexts(options?: CallOptions): Promise<readonly SeoTextListing[]>;
  /** One page's SEO text as stored now (empty where none is written). */
  seoText(key: string, options?: CallOptions): Promise<SeoTextEntry>;
  saveSeoText(entry: SeoTextEntry, options?: CallOptions): Promise<SeoTextEntry>;
  popularTags(options?: CallOptions): Promise<readonly PopularTagsEntry[]>;
  /** One key's tags as stored now (none for a key without tags). */
  popularTagsOf(key: string, options?: CallOptions): Promise<PopularTagsEntry>;
  savePopularTags(entry: PopularTagsEntry, options?: CallOptions): Promise<PopularTagsEntry>;
  styleCategories(options?: CallOptions): Promise<readonly AdminStyleCategory[]>;
  /** A new style category: products whose style is `name` belong to it (the slug is made from it). */
  createStyleCategory(name: string, options?: CallOptions): Promise<AdminStyleCategory>;
  renameStyleCategory(
    id: number,
    name: string,
    expectedVersion: number,
    options?: CallOptions,
  ): Promise<AdminStyleCategory>;
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
