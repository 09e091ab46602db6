import { createFileRoute, useRouter } from '@tanstack/react-router';
import { readRequestThread } from '../../../../../application/admin/requests/read-request-thread.query';
import { adminFailureMessage } from '../../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../../admin/admin-ui';
import { PageHeader } from '../../../../admin/page-header';
import { RequestDetailView } from '../../../../admin/requests/request-detail-view';

export const Route = createFileRoute('/admin/client-requests/$requestId')({
  loader: ({ context, params, abortController }) =>
    context.shop.resolve(readRequestThread)(params.requestId, abortController.signal),
  component: RequestPage,
  errorComponent: RequestError,
});

function RequestPage() {
  const { thread, admins } = Route.useLoaderData();
  return <RequestDetailView key={thread.id} thread={thread} admins={admins} />;
}

function RequestError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Заявка" crumbs={[{ label: 'Заявки', to: '/admin/client-requests' }]} />
      <ErrorPanel text={adminFailureMessage(error)} onRetry={() => void router.invalidate()} />
    </>
  );
}
