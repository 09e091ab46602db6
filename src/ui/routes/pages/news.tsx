import { createFileRoute } from '@tanstack/react-router';
import { newsList } from '../../../application/queries/content-page.query';
import { parsePageParam } from '../../../application/queries/page-params';
import { LoadingScreen } from '../../components/spinner';
import { NEWS_TITLE, NewsListView } from '../-components/content-view';
import { PageHead } from '../-components/page-head';
import { routeQuery } from '../-components/route-data';
import { RouteErrorView } from '../-components/route-error';

export const Route = createFileRoute('/pages/news')({
  staticData: { drawnOnServer: true },
  validateSearch: parsePageParam,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps, abortController }) =>
    routeQuery(context.shop.resolve(newsList)(deps.page, { signal: abortController.signal })),
  component: NewsListPage,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function NewsListPage() {
  const list = Route.useLoaderData();
  const { page } = Route.useSearch();
  return (
    <>
      <PageHead
        title={NEWS_TITLE}
        description="Новости магазина «Дом и Стиль»: новые коллекции мебели и декора, акции и события."
        path={page === undefined ? '/pages/news' : `/pages/news?page=${page}`}
      />
      <NewsListView list={list} current={page ?? 1} />
    </>
  );
}
