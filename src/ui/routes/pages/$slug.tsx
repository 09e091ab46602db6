import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/spinner';
import { loadStaticPage } from '../-components/content-data';
import { StaticPageScreen } from '../-components/content-screens';
import { RouteErrorView } from '../-components/route-error';

export const Route = createFileRoute('/pages/$slug')({
  loader: ({ context, params, abortController }) =>
    loadStaticPage(context.services.pages, params.slug, { signal: abortController.signal }),
  component: StaticPageRoute,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function StaticPageRoute() {
  const content = Route.useLoaderData();
  const { slug } = Route.useParams();
  return <StaticPageScreen content={content} path={`/pages/${slug}`} />;
}
