import type { InspirationTopic, NewsItem, NewsPage, NewsSummary } from '../../../application/ports/news.port';
import type { StaticPage } from '../../../application/ports/pages.port';
import { NEWS_PAGE_SIZE } from '../../../application/queries/content-page.query';
import { type Crumb, HOME_CRUMB } from '../../../domain/crumbs';
import { newsItemHref } from '../../../domain/news-href';
import { AppLink } from '../../components/app-link';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { NewsCard, newsDate } from '../../components/news-card';
import { Newspaper } from '../../components/page-icons';
import { container } from '../../theme/utilities.css';
import * as page from './catalogue.css';
import { imageSrcSet, photoSize } from './image-sources';
import { PageLinks } from './page-links';
import './prose.css';

export const NEWS_TITLE = 'Новости';
export const INSPIRATION_TITLE = 'Вдохновение';
export const NEWS_CRUMB: Crumb = { label: NEWS_TITLE, href: '/pages/news' };
export const INSPIRATION_CRUMB: Crumb = { label: INSPIRATION_TITLE, href: '/category/vdohnovenie' };
/** Spec §2 (home inspiration slider): the empty text of the inspiration list. */
export const INSPIRATION_EMPTY = 'Пока нет материалов';

function NewsGrid({ items }: { items: readonly NewsSummary[] }) {
  return (
    <ul className={page.newsGrid}>
      {items.map((item) => (
        <li key={item.id}>
          <NewsCard
            item={{
              title: item.title,
              href: newsItemHref(item),
              image: item.image?.url ?? null,
              publishedAt: item.published_at,
              excerpt: item.excerpt,
            }}
            headingLevel="h2"
          />
        </li>
      ))}
    </ul>
  );
}

function pagesOf(list: NewsPage): number {
  return Math.ceil(list.total / Math.max(1, list.limit || NEWS_PAGE_SIZE));
}

/** /pages/news */
export function NewsListView({ list, current }: { list: NewsPage; current: number }) {
  return (
    <div className={`${container} ${page.page}`}>
      <Breadcrumbs items={[HOME_CRUMB, { label: NEWS_TITLE }]} />
      <header className={page.header}>
        <h1 className={page.title}>{NEWS_TITLE}</h1>
        <p className={page.lead}>Новые коллекции, акции и события магазина «Дом и Стиль».</p>
      </header>
      {list.items.length === 0 ? (
        <EmptyState icon={<Newspaper size={32} aria-hidden="true" />} title="Новостей пока нет" />
      ) : (
        <NewsGrid items={list.items} />
      )}
      <PageLinks current={current} total={pagesOf(list)} searchFor={(n) => (n > 1 ? { page: n } : {})} />
    </div>
  );
}

/** /category/vdohnovenie and /category/vdohnovenie/{topicSlug} */
export function InspirationView({
  topics,
  topic,
  items,
  current,
}: {
  topics: readonly InspirationTopic[];
  topic: InspirationTopic | null;
  items: NewsPage;
  current: number;
}) {
  const crumbs: readonly Crumb[] =
    topic === null
      ? [HOME_CRUMB, { label: INSPIRATION_TITLE }]
      : [HOME_CRUMB, INSPIRATION_CRUMB, { label: topic.name }];
  return (
    <div className={`${container} ${page.page}`}>
      <Breadcrumbs items={crumbs} />
      <header className={page.header}>
        <h1 className={page.title}>{topic?.name ?? INSPIRATION_TITLE}</h1>
        <p className={page.lead}>
          {topic?.description || 'Идеи для дома, советы по выбору мебели и подборки для каждой комнаты.'}
        </p>
      </header>
      {topics.length > 0 && (
        <nav aria-label="Темы">
          <ul className={page.chips}>
            <li>
              <AppLink
                href="/category/vdohnovenie"
                className={page.chip}
                aria-current={topic === null ? 'page' : undefined}
              >
                Все материалы
              </AppLink>
            </li>
            {topics.map((item) => (
              <li key={item.slug}>
                <AppLink
                  href={`/category/vdohnovenie/${encodeURIComponent(item.slug)}`}
                  className={page.chip}
                  aria-current={topic?.slug === item.slug ? 'page' : undefined}
                >
                  {item.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {items.items.length === 0 ? (
        <EmptyState icon={<Newspaper size={32} aria-hidden="true" />} title={INSPIRATION_EMPTY} />
      ) : (
        <NewsGrid items={items.items} />
      )}
      <PageLinks current={current} total={pagesOf(items)} searchFor={(n) => (n > 1 ? { page: n } : {})} />
    </div>
  );
}

/** /news/{slug} and /articles/{slug} */
export function ArticleView({ item }: { item: NewsItem }) {
  const date = newsDate(item.published_at);
  const section = item.type === 'inspiration' ? INSPIRATION_CRUMB : NEWS_CRUMB;
  const size = photoSize(1024);
  return (
    <article className={`${container} ${page.page}`}>
      <Breadcrumbs items={[HOME_CRUMB, section, { label: item.title }]} />
      <header className={page.header}>
        {date !== null && (
          <time className={page.count} dateTime={item.published_at}>
            {date}
          </time>
        )}
        <h1 className={page.title}>{item.title}</h1>
        {item.excerpt.trim() !== '' && <p className={page.lead}>{item.excerpt}</p>}
      </header>
      {item.image !== null && (
        <img
          className={page.articleImage}
          src={item.image.url}
          srcSet={imageSrcSet(item.image)}
          sizes="(max-width: 768px) 100vw, 720px"
          width={size.width}
          height={size.height}
          alt={item.image.alt}
          fetchPriority="high"
        />
      )}
      <div
        className={page.prose}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: article HTML is written in the shop's back office
        dangerouslySetInnerHTML={{ __html: item.body_html }}
      />
    </article>
  );
}

/** /pages/{slug}, /privacy, /terms, /consent */
export function StaticPageView({ content }: { content: StaticPage }) {
  return (
    <article className={`${container} ${page.page}`}>
      <Breadcrumbs items={[HOME_CRUMB, { label: content.title }]} />
      <header className={page.header}>
        <h1 className={page.title}>{content.title}</h1>
      </header>
      <div
        className={page.prose}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: static pages are HTML written in the shop's back office
        dangerouslySetInnerHTML={{ __html: content.body_html }}
      />
    </article>
  );
}
