import { isValidSlug } from '../../../shared-rules/slug-rule';
import { type InspirationTopic, NEWS_PORT, type NewsItem, type NewsPage } from '../ports/news.port';
import { PAGES_PORT, type StaticPage } from '../ports/pages.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';
import { orFallback, orPageNotFound, PageNotFound } from './query-outcomes';

/**
 * Spec §2 "/pages/{slug}": every static page the shop holds, the spec's own (delivery, payment,
 * contacts…) and those a manager adds in the back office (issue 25 item 12). A slug that cannot be a
 * page address is not asked for; one the server does not know is the not-found page (a 404 document).
 */
export const staticPage = defineUseCase(
  'content.staticPage',
  { pages: PAGES_PORT },
  ({ pages }) =>
    async (slug: string, options?: CallOptions): Promise<StaticPage> => {
      if (!isValidSlug(slug)) throw new PageNotFound(`страница ${slug}`);
      return orPageNotFound(pages.bySlug(slug, options), `страница ${slug}`);
    },
);

/** Items per page of the news and inspiration lists (a 3-column grid). */
export const NEWS_PAGE_SIZE = 12;
/** One page of /pages/news. */
export const newsList = defineUseCase(
  'content.newsList',
  { news: NEWS_PORT },
  ({ news }) =>
    (page: number, options?: CallOptions): Promise<NewsPage> =>
      news.list({ type: 'news', limit: NEWS_PAGE_SIZE, offset: (page - 1) * NEWS_PAGE_SIZE }, options),
);

export interface InspirationData {
  readonly topics: readonly InspirationTopic[];
  /** The topic shown, or null for the whole list. */
  readonly topic: InspirationTopic | null;
  readonly items: NewsPage;
}

/** /category/vdohnovenie and its topics: an unknown topic is the not-found page. */
export const inspiration = defineUseCase(
  'content.inspiration',
  { news: NEWS_PORT },
  ({ news }) =>
    async (topicSlug: string | null, page: number, options?: CallOptions): Promise<InspirationData> => {
      const topics = await orFallback(news.inspirationTopics(options), []);
      const topic = topicSlug === null ? null : (topics.find((item) => item.slug === topicSlug) ?? null);
      if (topicSlug !== null && topic === null) throw new PageNotFound(`тема ${topicSlug}`);
      const items = await news.list(
        {
          type: 'inspiration',
          topic: topic?.slug ?? null,
          limit: NEWS_PAGE_SIZE,
          offset: (page - 1) * NEWS_PAGE_SIZE,
        },
        options,
      );
      return { topics, topic, items };
    },
);

/** A news item or an inspiration article by its slug (/news/{slug}, /articles/{slug}). */
export const newsItem = defineUseCase(
  'content.newsItem',
  { news: NEWS_PORT },
  ({ news }) =>
    async (slug: string, options?: CallOptions): Promise<NewsItem> => {
      if (slug.trim() === '') throw new PageNotFound('пустой адрес статьи');
      return orPageNotFound(news.bySlug(slug, options), `статья ${slug}`);
    },
);
