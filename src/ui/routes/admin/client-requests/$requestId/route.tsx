import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adminFailureMessage } from '../../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../../admin/admin-ui';
import { PageHeader } from '../../../../admin/page-header';
import { RequestDetailView } from '../../../../admin/requests/request-detail-view';

export const Route = createFileRoute('/admin/client-requests/$requestId')({
  loader: async ({ context, params, abortController }) => {
    const id = Number(params.requestId);
    if (!Number.isSafeInteger(id) || id < 1) throw new Error('Неверный номер заявки');
    const requests = context.services.admin.requests;
    const [thread, admins] = await Promise.all([
      requests.get(id, { signal: abortController.signal }),
      requests.admins({ signal: abortController.signal }).catch(() => []),
    ]);
    return { thread, admins };
  },
  component: RequestPage,
  errorComponent: RequestError,
});

function RequestPage() {
  const { thread, admins } = Route.useLoaderData();
  const services = Route.useRouteContext({ select: (context) => context.services.admin });
  const router = useRouter();
  const reload = useCallback(() => void router.invalidate(), [router]);
  return (
    <RequestDetailView key={thread.id} thread={thread} admins={admins} services={services} reload={reload} />
  );
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
