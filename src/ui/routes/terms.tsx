import { createFileRoute } from '@tanstack/react-router';
import { staticPage } from '../../application/queries/content-page.query';
import { LoadingScreen } from '../components/spinner';
import { StaticPageScreen } from './-components/content-screens';
import { routeQuery } from './-components/route-data';
import { RouteErrorView } from './-components/route-error';

// Spec §2: the desktop footer's legal link; the same page as /pages/terms.
export const Route = createFileRoute('/terms')({
  staticData: { drawnOnServer: true },
  loader: ({ context, abortController }) =>
    routeQuery(context.shop.resolve(staticPage)('terms', { signal: abortController.signal })),
  component: () => <StaticPageScreen content={Route.useLoaderData()} path="/terms" />,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});
