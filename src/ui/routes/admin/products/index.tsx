import { createFileRoute } from '@tanstack/react-router';
import { parseProductListSearch, productQueryOf } from '../../../../application/admin/product-list-search';
import { ProductsScreen } from '../../../admin/catalogue/products-screen';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/products/')({
  validateSearch: parseProductListSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps, abortController }) => {
    const { products, categories } = context.services.admin.catalogue;
    const signal = abortController.signal;
    const [page, tree] = await Promise.all([
      products.list(productQueryOf(deps.search), { signal }),
      categories.list({ signal }),
    ]);
    return { page, categories: tree };
  },
  component: ProductsRoute,
  errorComponent: RouteErrorView,
});

function ProductsRoute() {
  const data = Route.useLoaderData();
  const search = Route.useSearch();
  const { services } = Route.useRouteContext();
  return (
    <ProductsScreen
      page={data.page}
      categories={data.categories}
      search={search}
      products={services.admin.catalogue.products}
    />
  );
}
