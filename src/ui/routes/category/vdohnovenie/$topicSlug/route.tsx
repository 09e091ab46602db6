import { createFileRoute } from '@tanstack/react-router';
import { inspiration } from '../../../../../application/queries/content-page.query';
import { parsePageParam } from '../../../../../application/queries/page-params';
import { LoadingScreen } from '../../../../components/spinner';
import { InspirationView } from '../../../-components/content-view';
import { PageHead } from '../../../-components/page-head';
import { routeQuery } from '../../../-components/route-data';
import { RouteErrorView } from '../../../-components/route-error';

// Spec §2 "Inspiration topic"; an unknown topic is the not-found page.
export const Route = createFileRoute('/category/vdohnovenie/$topicSlug')({
  staticData: { drawnOnServer: true },
  validateSearch: parsePageParam,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, params, deps, abortController }) =>
    routeQuery(
      context.shop.resolve(inspiration)(params.topicSlug, deps.page, { signal: abortController.signal }),
    ),
  component: InspirationTopicPage,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function InspirationTopicPage() {
  const data = Route.useLoaderData();
  const { page } = Route.useSearch();
  const name = data.topic?.name ?? '';
  return (
    <>
      <PageHead
        title={name}
        description={data.topic?.description || name}
        path={`/category/vdohnovenie/${encodeURIComponent(data.topic?.slug ?? '')}`}
      />
      <InspirationView topics={data.topics} topic={data.topic} items={data.items} current={page ?? 1} />
    </>
  );
}
