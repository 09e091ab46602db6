import { createFileRoute } from '@tanstack/react-router';
import { ContentScreen, type ContentTab } from '../../../admin/catalogue/content-screen';
import { RouteErrorView } from '../../-components/route-error';

function parseContentSearch(search: Record<string, unknown>): { tab?: ContentTab } {
  return search.tab === 'redirects' ? { tab: 'redirects' } : {};
}

export const Route = createFileRoute('/admin/content/')({
  validateSearch: parseContentSearch,
  loader: async ({ context, abortController }) => {
    const { categories } = context.services.admin.catalogue;
    const signal = abortController.signal;
    const [tree, redirects] = await Promise.all([
      categories.list({ signal }),
      categories.redirects({}, { signal }),
    ]);
    return { tree, redirects };
  },
  component: ContentRoute,
  errorComponent: RouteErrorView,
});

function ContentRoute() {
  const data = Route.useLoaderData();
  const search = Route.useSearch();
  const { services } = Route.useRouteContext();
  return (
    <ContentScreen
      tab={search.tab ?? 'categories'}
      categories={data.tree}
      redirects={data.redirects}
      port={services.admin.catalogue.categories}
    />
  );
}
