import { createFileRoute } from '@tanstack/react-router';
import { listNews } from '../../../../application/admin/news/list-news.query';
import type { AdminNewsType } from '../../../../application/ports/admin-news.port';
import { NewsListScreen } from '../../../admin/catalogue/news-screens';
import { RouteErrorView } from '../../-components/route-error';

interface NewsListSearch {
  readonly type?: AdminNewsType;
  readonly q?: string;
}

function parseNewsSearch(search: Record<string, unknown>): NewsListSearch {
  const type = search.type === 'news' || search.type === 'inspiration' ? search.type : undefined;
  const q =
    typeof search.q === 'string' && search.q.trim() !== '' ? search.q.trim().slice(0, 100) : undefined;
  return { ...(type === undefined ? {} : { type }), ...(q === undefined ? {} : { q }) };
}

export const Route = createFileRoute('/admin/news/')({
  validateSearch: parseNewsSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(listNews)(
      { ...(deps.search.q === undefined ? {} : { q: deps.search.q }), type: deps.search.type ?? null },
      { signal: abortController.signal },
    ),
  component: NewsRoute,
  errorComponent: RouteErrorView,
});

function NewsRoute() {
  const page = Route.useLoaderData();
  const search = Route.useSearch();
  return <NewsListScreen page={page} type={search.type ?? null} />;
}
