import { createFileRoute } from '@tanstack/react-router';
import { staticPage } from '../../../application/queries/content-page.query';
import { LoadingScreen } from '../../components/spinner';
import { StaticPageScreen } from '../-components/content-screens';
import { routeQuery } from '../-components/route-data';
import { RouteErrorView } from '../-components/route-error';

export const Route = createFileRoute('/pages/$slug')({
  staticData: { drawnOnServer: true },
  loader: ({ context, params, abortController }) =>
    routeQuery(context.shop.resolve(staticPage)(params.slug, { signal: abortController.signal })),
  component: StaticPageRoute,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function StaticPageRoute() {
  const content = Route.useLoaderData();
  const { slug } = Route.useParams();
  return <StaticPageScreen content={content} path={`/pages/${slug}`} />;
}
