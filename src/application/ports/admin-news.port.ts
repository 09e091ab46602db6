import type { LoadedRecord, SaveRequest } from '../machines/admin/record-form.machine';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * News and inspiration articles in the back office (/api/admin/news, issue 11): drafts included.
 * The body is written in the rich-text editor and sanitised by the server on every write.
 */
export type AdminNewsType = 'news' | 'inspiration';

export interface AdminNewsRow {
  readonly id: number;
  readonly slug: string;
  readonly type: AdminNewsType;
  readonly title: string;
  readonly published: boolean;
  readonly publishedAt: string;
  readonly imageUrl: string | null;
}

export interface NewsDraft {
  readonly type: AdminNewsType;
  readonly slug: string;
  readonly topic_slug: string | null;
  readonly title: string;
  readonly excerpt: string;
  readonly body_html: string;
  readonly published: boolean;
  /** ISO date-time. */
  readonly published_at: string;
}

export interface NewsMeta {
  readonly imageUrl: string | null;
}

export type LoadedNews = LoadedRecord<NewsDraft, NewsMeta>;

export interface AdminNewsQuery {
  readonly q?: string;
  readonly type?: AdminNewsType | null;
  readonly page?: number;
}

export interface AdminNewsPage {
  readonly items: readonly AdminNewsRow[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

export interface AdminNewsPort {
  list(query: AdminNewsQuery, options?: CallOptions): Promise<AdminNewsPage>;
  load(id: number, options?: CallOptions): Promise<LoadedNews>;
  save(request: SaveRequest<NewsDraft>, options?: CallOptions): Promise<LoadedNews>;
  remove(id: number, options?: CallOptions): Promise<void>;
  uploadImage(id: number, file: File, options?: CallOptions): Promise<LoadedNews>;
}

export const ADMIN_NEWS_PORT: PortToken<AdminNewsPort> = portToken<AdminNewsPort>('AdminNewsPort');
