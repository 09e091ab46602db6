import type { LoadedRecord, SaveRequest } from '../machines/admin/record-form.machine';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Static pages of the site (/api/admin/pages, issue 11): title, address, description, rich text. */
export interface PageDraft {
  readonly slug: string;
  readonly title: string;
  readonly meta_description: string;
  readonly body_html: string;
}

export interface AdminPageRow {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly updatedAt: string;
}

/** The read-only part: the sanitised HTML as stored (the preview shows only this). */
export interface PageMeta {
  readonly storedHtml: string;
  readonly updatedAt: string;
}

export type LoadedPage = LoadedRecord<PageDraft, PageMeta>;

export interface AdminPagesPort {
  list(options?: CallOptions): Promise<readonly AdminPageRow[]>;
  load(id: number, options?: CallOptions): Promise<LoadedPage>;
  save(request: SaveRequest<PageDraft>, options?: CallOptions): Promise<LoadedPage>;
}

export const ADMIN_PAGES_PORT: PortToken<AdminPagesPort> = portToken<AdminPagesPort>('AdminPagesPort');
