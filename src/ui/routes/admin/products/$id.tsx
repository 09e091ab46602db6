import { createFileRoute, notFound } from '@tanstack/react-router';
import { DICTIONARIES } from '../../../../application/ports/admin-dicts.port';
import { ProductFormScreen } from '../../../admin/catalogue/product-form-screen';
import { RouteErrorView } from '../../-components/route-error';

/** 'new' or a product id. */
function productIdOf(param: string): number | null {
  if (param === 'new') return null;
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

export const Route = createFileRoute('/admin/products/$id')({
  loader: async ({ context, params, abortController }) => {
    productIdOf(params.id);
    const { categories, dicts } = context.services.admin.catalogue;
    const signal = abortController.signal;
    // The pickers' lists; a list that fails to load only leaves its picker without suggestions.
    const [tree, ...lists] = await Promise.all([
      categories.list({ signal }),
      ...DICTIONARIES.map((dictionary) => dicts.list(dictionary.name, { signal }).catch(() => [])),
    ]);
    const dictionaries = Object.fromEntries(
      DICTIONARIES.map((dictionary, index) => [dictionary.name, lists[index] ?? []]),
    );
    return { categories: tree, dictionaries };
  },
  component: ProductRoute,
  errorComponent: RouteErrorView,
});

function ProductRoute() {
  const { id } = Route.useParams();
  const data = Route.useLoaderData();
  const { services } = Route.useRouteContext();
  return (
    <ProductFormScreen
      // A new record and each product get their own form (and machine).
      key={id}
      productId={productIdOf(id)}
      products={services.admin.catalogue.products}
      categories={data.categories}
      dictionaries={data.dictionaries}
    />
  );
}
