import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adminFailureMessage } from '../../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../../admin/admin-ui';
import { ClientDetailView } from '../../../../admin/clients/clients-view';
import { PageHeader } from '../../../../admin/page-header';

export const Route = createFileRoute('/admin/clients/$clientId')({
  loader: ({ context, params, abortController }) => {
    const id = Number(params.clientId);
    if (!Number.isSafeInteger(id) || id < 1) throw new Error('Неверный номер клиента');
    return context.services.admin.clients.get(id, { signal: abortController.signal });
  },
  component: ClientPage,
  errorComponent: ClientError,
});

function ClientPage() {
  const client = Route.useLoaderData();
  const services = Route.useRouteContext({ select: (context) => context.services.admin });
  const router = useRouter();
  const reload = useCallback(() => void router.invalidate(), [router]);
  return <ClientDetailView key={client.id} client={client} services={services} reload={reload} />;
}

function ClientError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Клиент" crumbs={[{ label: 'Клиенты', to: '/admin/clients' }]} />
      <ErrorPanel text={adminFailureMessage(error)} onRetry={() => void router.invalidate()} />
    </>
  );
}
