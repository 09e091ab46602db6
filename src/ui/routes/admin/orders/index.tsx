import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { orderQueryOf, parseOrderListSearch } from '../../../../application/admin/order-list-search';
import { adminFailureMessage } from '../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../admin/admin-ui';
import { OrdersListView } from '../../../admin/orders/orders-list-view';
import { PageHeader } from '../../../admin/page-header';

export const Route = createFileRoute('/admin/orders/')({
  validateSearch: (raw: Record<string, unknown>) => parseOrderListSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, abortController }) => {
    const orders = context.services.admin.orders;
    const query = orderQueryOf(deps);
    const [page, exportCsv, exportXlsx] = await Promise.all([
      orders.list(query, { signal: abortController.signal }),
      orders.exportUrl(query, 'csv'),
      orders.exportUrl(query, 'xlsx'),
    ]);
    return { page, exportCsv, exportXlsx };
  },
  component: OrdersPage,
  errorComponent: OrdersError,
});

function OrdersPage() {
  const search = Route.useSearch();
  const data = Route.useLoaderData();
  const services = Route.useRouteContext({ select: (context) => context.services.admin });
  const router = useRouter();
  const reload = useCallback(() => void router.invalidate(), [router]);
  return <OrdersListView search={search} {...data} services={services} reload={reload} />;
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
