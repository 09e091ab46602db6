import { createFileRoute } from '@tanstack/react-router';
import { productHref } from '../../../domain/product-presentation';
import { LoadingScreen } from '../../components/spinner';
import { JsonLd, PageHead } from '../-components/page-head';
import { ProductActionsScope } from '../-components/product-actions';
import { loadProductPage, productJsonLd } from '../-components/product-data';
import { ProductView } from '../-components/product-view';
import { RouteErrorView } from '../-components/route-error';

export const Route = createFileRoute('/product/$slug')({
  loader: ({ context, params, abortController }) =>
    loadProductPage(context.services.catalogue, params.slug, { signal: abortController.signal }),
  component: ProductPage,
  errorComponent: RouteErrorView,
  pendingComponent: () => <LoadingScreen kind="page" />,
});

function ProductPage() {
  const { product, crumbs, byCollection, byStyle } = Route.useLoaderData();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <PageHead
        title={product.name}
        description={product.description || product.name}
        path={productHref(product)}
        image={product.images[0]?.url ?? product.tovar_pic1_url_site}
        type="product"
      />
      {productJsonLd(product, crumbs, origin).map((data, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed pair (Product, BreadcrumbList)
        <JsonLd key={index} data={data} />
      ))}
      <ProductActionsScope>
        {(actions) => (
          <ProductView
            product={product}
            crumbs={crumbs}
            byCollection={byCollection}
            byStyle={byStyle}
            actions={actions}
          />
        )}
      </ProductActionsScope>
    </>
  );
}
