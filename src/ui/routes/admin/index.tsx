import { createFileRoute, useRouter } from '@tanstack/react-router';
import { adminFailureMessage } from '../../../application/machines/admin/admin-failure';
import { formatDay } from '../../admin/admin-format';
import { ErrorPanel } from '../../admin/admin-ui';
import { DashboardView } from '../../admin/dashboard-view';
import { PageHeader } from '../../admin/page-header';

export const Route = createFileRoute('/admin/')({
  loader: async ({ context, abortController }) => {
    const { orders, requests } = context.services.admin;
    const options = { signal: abortController.signal };
    const [newOrders, awaiting, overdue, waiting, latest] = await Promise.all([
      orders.list({ status: ['new'], limit: 1 }, options),
      orders.list({ payment: 'awaiting', limit: 1 }, options),
      orders.list({ overdue: true, limit: 1 }, options),
      requests.list({ waiting: true, limit: 1 }, options),
      orders.list({ limit: 6 }, options),
    ]);
    return {
      newOrders: newOrders.total,
      awaitingPayment: awaiting.total,
      overdue: overdue.total,
      requestsWaiting: waiting.total,
      latest: latest.items,
    };
  },
  component: AdminHome,
  errorComponent: AdminHomeError,
});

function AdminHome() {
  return <DashboardView figures={Route.useLoaderData()} today={formatDay(new Date().toISOString())} />;
}

function AdminHomeError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Главная" />
      <ErrorPanel text={adminFailureMessage(error)} onRetry={() => void router.invalidate()} />
    </>
  );
}
