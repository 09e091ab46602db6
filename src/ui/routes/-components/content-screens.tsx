import type { NewsItem } from '../../../application/ports/news.port';
import type { StaticPage } from '../../../application/ports/pages.port';
import { newsItemHref } from '../../../domain/news-href';
import { ArticleView, StaticPageView } from './content-view';
import { PageHead } from './page-head';

/** A static page with its head; `path` is where it is shown (/pages/privacy or /privacy). */
export function StaticPageScreen({ content, path }: { content: StaticPage; path: string }) {
  return (
    <>
      <PageHead
        title={content.title}
        description={content.meta_description || content.title}
        path={path}
        canonicalPath={`/pages/${content.slug}`}
      />
      <StaticPageView content={content} />
    </>
  );
}

/** A news item or inspiration article with its head. */
export function ArticleScreen({ item, path }: { item: NewsItem; path: string }) {
  return (
    <>
      <PageHead
        title={item.title}
        description={item.excerpt || item.title}
        path={path}
        canonicalPath={newsItemHref(item)}
        image={item.image?.url ?? null}
        type="article"
      />
      <ArticleView item={item} />
    </>
  );
}
