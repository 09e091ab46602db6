import { createFileRoute, notFound } from '@tanstack/react-router';
import { useState } from 'react';
import { productFormPage } from '../../../../application/admin/products/product-form-page.query';
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
  loader: ({ context, params, abortController }) => {
    productIdOf(params.id);
    return context.shop.resolve(productFormPage)(abortController.signal);
  },
  component: ProductRoute,
  errorComponent: RouteErrorView,
});

function ProductRoute() {
  const { id } = Route.useParams();
  const data = Route.useLoaderData();
  // The product created on this screen keeps its form (and the photos it is uploading) when the
  // address moves from /new to its id; any other product gets its own form (and machine).
  const [created, setCreated] = useState<string | null>(null);
  return (
    <ProductFormScreen
      key={id === created ? 'new' : id}
      productId={productIdOf(id)}
      categories={data.categories}
      dictionaries={data.dictionaries}
      onCreated={(productId) => setCreated(String(productId))}
    />
  );
}
