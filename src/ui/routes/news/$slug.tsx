import { createFileRoute } from '@tanstack/react-router';
import { newsItem } from '../../../application/queries/content-page.query';
import { LoadingScreen } from '../../components/spinner';
import { ArticleScreen } from '../-components/content-screens';
import { routeQuery } from '../-components/route-data';
import { RouteErrorView } from '../-components/route-error';

export const Route = createFileRoute('/news/$slug')({
  staticData: { drawnOnServer: true },
  loader: ({ context, params, abortController }) =>
    routeQuery(context.shop.resolve(newsItem)(params.slug, { signal: abortController.signal })),
  component: NewsItemPage,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function NewsItemPage() {
  const item = Route.useLoaderData();
  const { slug } = Route.useParams();
  return <ArticleScreen item={item} path={`/news/${encodeURIComponent(slug)}`} />;
}
