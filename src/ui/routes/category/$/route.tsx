import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { categoryPage } from '../../../../application/queries/category-page.query';
import { type CategorySearch, parseCategorySearch } from '../../../../application/queries/category-search';
import { LoadingScreen } from '../../../components/spinner';
import { CategoryView } from '../../-components/category-view';
import { JsonLd, PageHead, useSiteOrigin } from '../../-components/page-head';
import { ProductActionsScope } from '../../-components/product-actions';
import { routeQuery } from '../../-components/route-data';
import { RouteErrorView } from '../../-components/route-error';
import { categoryJsonLd } from '../../-components/structured-data';

export const Route = createFileRoute('/category/$')({
  staticData: { drawnOnServer: true },
  validateSearch: parseCategorySearch,
  loaderDeps: ({ search }) => ({ search }),
  // The category list comes from the root route's menu read (the document's, or kept from an earlier
  // page), so a click from another page does not read it again before the page's own calls.
  loader: ({ context, params, deps, abortController, parentMatchPromise }) =>
    routeQuery(
      context.shop.resolve(categoryPage)(
        params._splat ?? '',
        deps.search,
        { signal: abortController.signal },
        parentMatchPromise.then((root) => root.loaderData?.categories),
      ),
    ),
  component: CategoryPage,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function CategoryPage() {
  const data = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = (next: CategorySearch) => {
    void navigate({ search: next, resetScroll: false });
  };
  const page = search.page ?? 1;
  const canonical = `/category/${data.slugPath}${page > 1 ? `?page=${page}` : ''}`;
  const origin = useSiteOrigin();
  return (
    <>
      {categoryJsonLd(data, canonical, origin).map((structured, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed pair (BreadcrumbList, ItemList)
        <JsonLd key={index} data={structured} />
      ))}
      <PageHead
        title={data.seo?.meta_title || data.name}
        description={
          data.seo?.meta_description ||
          data.description ||
          `${data.name} в магазине «Дом и Стиль»: цены, размеры и фото.`
        }
        path={`/category/${data.slugPath}`}
        canonicalPath={canonical}
        image={data.image}
      />
      <ProductActionsScope>
        {(actions) => (
          <CategoryView data={data} search={search} onSearchChange={onSearchChange} actions={actions} />
        )}
      </ProductActionsScope>
    </>
  );
}
