import { createFileRoute } from '@tanstack/react-router';
import {
  type ContentTab,
  loadContentTab,
} from '../../../../application/admin/content/load-content-tab.query';
import { ContentScreen } from '../../../admin/catalogue/content-screen';
import { RouteErrorView } from '../../-components/route-error';

const TABS: readonly ContentTab[] = ['redirects', 'seo', 'tags', 'styles'];

function parseContentSearch(search: Record<string, unknown>): { tab?: ContentTab } {
  const tab = TABS.find((item) => item === search.tab);
  return tab === undefined ? {} : { tab };
}

export const Route = createFileRoute('/admin/content/')({
  validateSearch: parseContentSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'categories' }),
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(loadContentTab)(deps.tab, { signal: abortController.signal }),
  component: ContentRoute,
  errorComponent: RouteErrorView,
});

function ContentRoute() {
  const data = Route.useLoaderData();
  const search = Route.useSearch();
  return <ContentScreen tab={search.tab ?? 'categories'} data={data} />;
}
