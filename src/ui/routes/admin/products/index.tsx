import { createFileRoute } from '@tanstack/react-router';
import { parseProductListSearch } from '../../../../application/admin/product-list-search';
import { productsListPage } from '../../../../application/admin/products/products-list-page.query';
import { ProductsScreen } from '../../../admin/catalogue/products-screen';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/products/')({
  validateSearch: parseProductListSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(productsListPage)(deps.search, abortController.signal),
  component: ProductsRoute,
  errorComponent: RouteErrorView,
});

function ProductsRoute() {
  const data = Route.useLoaderData();
  const search = Route.useSearch();
  return <ProductsScreen page={data.page} categories={data.categories} search={search} />;
}
