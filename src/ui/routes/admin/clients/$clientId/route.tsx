import { createFileRoute, useRouter } from '@tanstack/react-router';
import { readClientCard } from '../../../../../application/admin/clients/read-client-card.query';
import { adminFailureMessage } from '../../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../../admin/admin-ui';
import { ClientCardView } from '../../../../admin/clients/client-card-view';
import { PageHeader } from '../../../../admin/page-header';

export const Route = createFileRoute('/admin/clients/$clientId')({
  loader: ({ context, params, abortController }) =>
    context.shop.resolve(readClientCard)(params.clientId, abortController.signal),
  component: ClientPage,
  errorComponent: ClientError,
});

function ClientPage() {
  const client = Route.useLoaderData();
  return <ClientCardView key={client.id} client={client} />;
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
