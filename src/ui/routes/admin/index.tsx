import { createFileRoute, useRouter } from '@tanstack/react-router';
import { readDashboard } from '../../../application/admin/dashboard/read-dashboard.query';
import { adminFailureMessage } from '../../../application/machines/admin/admin-failure';
import { formatDay } from '../../admin/admin-format';
import { ErrorPanel } from '../../admin/admin-ui';
import { DashboardView } from '../../admin/dashboard-view';
import { PageHeader } from '../../admin/page-header';

export const Route = createFileRoute('/admin/')({
  loader: ({ context, abortController }) => context.shop.resolve(readDashboard)(abortController.signal),
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
