import { createFileRoute, useRouter } from '@tanstack/react-router';
import { readOrder } from '../../../../../application/admin/orders/read-order.query';
import { adminFailureMessage } from '../../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../../admin/admin-ui';
import { OrderDetailView } from '../../../../admin/orders/order-detail-view';
import { PageHeader } from '../../../../admin/page-header';

export const Route = createFileRoute('/admin/orders/$orderId')({
  loader: ({ context, params, abortController }) => {
    const id = Number(params.orderId);
    if (!Number.isSafeInteger(id) || id < 1) throw new Error('Неверный номер заказа');
    return context.shop.resolve(readOrder)(id, abortController.signal);
  },
  component: OrderPage,
  errorComponent: OrderError,
});

function OrderPage() {
  const order = Route.useLoaderData();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  // Keyed by order: moving to another order starts its card afresh.
  return <OrderDetailView key={order.id} order={order} origin={origin} />;
}

function OrderError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Заказ" crumbs={[{ label: 'Заказы', to: '/admin/orders' }]} />
      <ErrorPanel text={adminFailureMessage(error)} onRetry={() => void router.invalidate()} />
    </>
  );
}
