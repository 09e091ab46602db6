import { createFileRoute, rootRouteId, useMatch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { kopecksOfRoubles } from '../../../../shared-rules/money-rule';
import type { CatalogueCategory } from '../../../application/ports/catalogue.port';
import { productDeliveryFacts } from '../../../application/queries/delivery.queries';
import { paymentOptions as readPaymentOptions } from '../../../application/queries/payment-options.query';
import { productCrumbs } from '../../../application/queries/product-crumbs';
import { productPage } from '../../../application/queries/product-page.query';
import { isPrice } from '../../../domain/money';
import { productHref } from '../../../domain/product-presentation';
import * as layout from '../-client/client.css';
import { DeliveryPromiseNote } from '../-client/delivery-promise';
import { ProductFitPanel } from '../-client/fit-panel';
import { InstallmentNote } from '../-client/installment-hint';
import { JsonLd, PageHead, useSiteOrigin } from '../-components/page-head';
import { ProductActionsScope } from '../-components/product-actions';
import { ProductSkeleton } from '../-components/product-skeleton';
import { ProductView } from '../-components/product-view';
import { ReportProductView } from '../-components/report-product-view';
import { routeQuery } from '../-components/route-data';
import { RouteErrorView } from '../-components/route-error';
import { productJsonLd } from '../-components/structured-data';

const NO_CATEGORIES: readonly CatalogueCategory[] = [];

export const Route = createFileRoute('/product/$slug')({
  staticData: { drawnOnServer: true },
  // Every read that needs only the address starts at once, together (issue 27, item 4): the product,
  // the payment options (so «от N ₽/мес» is in the server-drawn page) and «Привезём 3–5 декабря» with
  // the packed box «Поместится?» checks (issue 23), the last asked for by slug rather than by the
  // product's id. Each is in the server's record of the page, so hydration answers them without a
  // request or a re-render. The recommendations alone wait for the product (they are asked for by its
  // collection and style), and they are deferred: the page does not wait for them.
  loader: async ({ context, params, abortController }) => {
    const options = { signal: abortController.signal };
    const reads = [
      routeQuery(context.shop.resolve(productPage)(params.slug, options)),
      context.shop.resolve(readPaymentOptions)(),
      context.shop.resolve(productDeliveryFacts)(params.slug, options),
    ] as const;
    // All three end before the page is decided, an unknown product's too: the server's record of its
    // not-found page then holds the delivery read's refusal as well, and the browser asks nothing again.
    await Promise.allSettled(reads);
    const [page, paymentOptions, delivery] = await Promise.all(reads);
    return {
      ...page,
      paymentOptions,
      deliveryPromise: delivery?.promise ?? null,
      deliveryItem: delivery?.item ?? null,
    };
  },
  component: ProductPage,
  errorComponent: RouteErrorView,
  // The page's shape rather than a short spinner, so the footer does not jump when it loads.
  pendingComponent: ProductSkeleton,
});

/**
 * The flat category list the root route loaded for the menu (cached for five minutes). Reading it
 * here costs no second request; a root without it (a failed load) leaves the crumbs at the leaf.
 */
function useRootCategories(): readonly CatalogueCategory[] {
  return useMatch({
    from: rootRouteId,
    select: (match) => match.loaderData?.categories ?? NO_CATEGORIES,
  });
}

/**
 * Records the visit once per product shown (spec §4 "Recently viewed"): on arrival and when the page
 * moves to another product, never on a re-render of the same one.
 */
function RecordVisit({
  productId,
  onViewed,
}: {
  productId: number;
  onViewed: ((productId: number) => void) | undefined;
}) {
  // The callback's identity changes with unrelated state (favourites, the cart feedback): kept in a
  // ref, so the visit is recorded again only for another product.
  const latest = useRef(onViewed);
  latest.current = onViewed;
  useEffect(() => {
    latest.current?.(productId);
  }, [productId]);
  return null;
}

function ProductPage() {
  const { product, byCollection, byStyle, paymentOptions, deliveryPromise, deliveryItem } =
    Route.useLoaderData();
  const categories = useRootCategories();
  const crumbs = useMemo(() => productCrumbs(product, categories), [product, categories]);
  const origin = useSiteOrigin();
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
          <>
            <RecordVisit productId={product.id} onViewed={actions?.onProductViewed} />
            {/* null: a page drawn without the shop's machines (a test) has no analytics either. */}
            {actions !== null && <ReportProductView product={product} />}
            <ProductView
              product={product}
              crumbs={crumbs}
              byCollection={byCollection}
              byStyle={byStyle}
              actions={actions}
              priceNote={
                <>
                  <InstallmentNote
                    options={paymentOptions}
                    amount={isPrice(product.price) ? kopecksOfRoubles(product.price) : null}
                    className={layout.muted}
                  />
                  <DeliveryPromiseNote promise={deliveryPromise} className={layout.muted} />
                </>
              }
              afterPurchase={
                <ProductFitPanel productId={product.id} name={product.name} item={deliveryItem} />
              }
            />
          </>
        )}
      </ProductActionsScope>
    </>
  );
}
