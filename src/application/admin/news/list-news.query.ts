import { ADMIN_NEWS_PORT, type AdminNewsQuery } from '../../ports/admin-news.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** /admin/news: news and inspiration articles, drafts included, of one section or all. */
export const listNews = defineUseCase(
  'admin.news.list',
  { news: ADMIN_NEWS_PORT },
  ({ news }) =>
    (query: AdminNewsQuery, options?: CallOptions) =>
      news.list(query, options),
);
