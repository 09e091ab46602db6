import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../components/spinner';
import { loadStaticPage } from './-components/content-data';
import { StaticPageScreen } from './-components/content-screens';
import { RouteErrorView } from './-components/route-error';

// Spec §2: the desktop footer's legal link; the same page as /pages/privacy.
export const Route = createFileRoute('/privacy')({
  loader: ({ context, abortController }) =>
    loadStaticPage(context.services.pages, 'privacy', { signal: abortController.signal }),
  component: () => <StaticPageScreen content={Route.useLoaderData()} path="/privacy" />,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});
