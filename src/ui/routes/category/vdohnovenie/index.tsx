import { createFileRoute } from '@tanstack/react-router';
import { inspiration } from '../../../../application/queries/content-page.query';
import { parsePageParam } from '../../../../application/queries/page-params';
import { LoadingScreen } from '../../../components/spinner';
import { INSPIRATION_TITLE, InspirationView } from '../../-components/content-view';
import { PageHead } from '../../-components/page-head';
import { routeQuery } from '../../-components/route-data';
import { RouteErrorView } from '../../-components/route-error';

// A static route: it takes precedence over the generic /category/$ (spec §2 "Inspiration list").
export const Route = createFileRoute('/category/vdohnovenie/')({
  staticData: { drawnOnServer: true },
  validateSearch: parsePageParam,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps, abortController }) =>
    routeQuery(context.shop.resolve(inspiration)(null, deps.page, { signal: abortController.signal })),
  component: InspirationPage,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function InspirationPage() {
  const data = Route.useLoaderData();
  const { page } = Route.useSearch();
  return (
    <>
      <PageHead
        title={INSPIRATION_TITLE}
        description="Идеи для дома от «Дом и Стиль»: как выбрать мебель, подобрать свет и текстиль, подборки для каждой комнаты."
        path="/category/vdohnovenie"
      />
      <InspirationView topics={data.topics} topic={null} items={data.items} current={page ?? 1} />
    </>
  );
}
