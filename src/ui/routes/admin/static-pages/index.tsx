import { createFileRoute } from '@tanstack/react-router';
import { listPages } from '../../../../application/admin/pages/list-pages.query';
import { PagesListScreen } from '../../../admin/catalogue/pages-screens';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/static-pages/')({
  loader: ({ context, abortController }) =>
    context.shop.resolve(listPages)({ signal: abortController.signal }),
  component: PagesRoute,
  errorComponent: RouteErrorView,
});

function PagesRoute() {
  return <PagesListScreen pages={Route.useLoaderData()} />;
}
