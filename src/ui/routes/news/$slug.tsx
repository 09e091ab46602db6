import { createFileRoute } from '@tanstack/react-router';
import { loadNewsItem } from '../../../application/queries/content-page.query';
import { LoadingScreen } from '../../components/spinner';
import { ArticleScreen } from '../-components/content-screens';
import { routeQuery } from '../-components/route-data';
import { RouteErrorView } from '../-components/route-error';

export const Route = createFileRoute('/news/$slug')({
  staticData: { drawnOnServer: true },
  loader: ({ context, params, abortController }) =>
    routeQuery(loadNewsItem(context.services.news, params.slug, { signal: abortController.signal })),
  component: NewsItemPage,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function NewsItemPage() {
  const item = Route.useLoaderData();
  const { slug } = Route.useParams();
  return <ArticleScreen item={item} path={`/news/${encodeURIComponent(slug)}`} />;
}
