import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { parseOrderListSearch } from '../../../../application/admin/order-list-search';
import { readOrdersPage } from '../../../../application/admin/orders/read-orders-page.query';
import { adminFailureMessage } from '../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../admin/admin-ui';
import { OrdersListView } from '../../../admin/orders/orders-list-view';
import { PageHeader } from '../../../admin/page-header';

export const Route = createFileRoute('/admin/orders/')({
  validateSearch: (raw: Record<string, unknown>) => parseOrderListSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(readOrdersPage)(deps, abortController.signal),
  component: OrdersPage,
  errorComponent: OrdersError,
});

function OrdersPage() {
  const search = Route.useSearch();
  const data = Route.useLoaderData();
  const router = useRouter();
  const reload = useCallback(() => void router.invalidate(), [router]);
  return <OrdersListView search={search} {...data} reload={reload} />;
}

function OrdersError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Заказы" />
      <ErrorPanel text={adminFailureMessage(error)} onRetry={() => void router.invalidate()} />
    </>
  );
}
