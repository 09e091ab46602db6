import { createFileRoute } from '@tanstack/react-router';
import { ContentScreen, type ContentTab } from '../../../admin/catalogue/content-screen';
import { RouteErrorView } from '../../-components/route-error';

const TABS: readonly ContentTab[] = ['redirects', 'seo', 'tags', 'styles'];

function parseContentSearch(search: Record<string, unknown>): { tab?: ContentTab } {
  const tab = TABS.find((item) => item === search.tab);
  return tab === undefined ? {} : { tab };
}

export const Route = createFileRoute('/admin/content/')({
  validateSearch: parseContentSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'categories' }),
  loader: async ({ context, deps, abortController }) => {
    const { categories, content } = context.services.admin.catalogue;
    const signal = abortController.signal;
    // Only the open tab's list is read (the tree always: the redirects tab names categories too).
    const [tree, redirects, seo, tags, styles] = await Promise.all([
      categories.list({ signal }),
      deps.tab === 'redirects' ? categories.redirects({}, { signal }) : [],
      deps.tab === 'seo' ? content.seoTexts({ signal }) : [],
      deps.tab === 'tags' ? content.popularTags({ signal }) : [],
      deps.tab === 'styles' ? content.styleCategories({ signal }) : [],
    ]);
    return { tree, redirects, content: { seo, tags, styles } };
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
      content={data.content}
      contentPort={services.admin.catalogue.content}
    />
  );
}
