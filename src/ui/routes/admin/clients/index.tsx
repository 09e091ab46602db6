import { createFileRoute, useRouter } from '@tanstack/react-router';
import { listClients } from '../../../../application/admin/clients/list-clients.query';
import { parseClientListSearch } from '../../../../application/admin/list-search';
import { adminFailureMessage } from '../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../admin/admin-ui';
import { ClientsListView } from '../../../admin/clients/clients-list-view';
import { PageHeader } from '../../../admin/page-header';

export const Route = createFileRoute('/admin/clients/')({
  validateSearch: (raw: Record<string, unknown>) => parseClientListSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(listClients)(deps, abortController.signal),
  component: ClientsPage,
  errorComponent: ClientsError,
});

function ClientsPage() {
  return <ClientsListView search={Route.useSearch()} page={Route.useLoaderData()} />;
}

function ClientsError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Клиенты" />
      <ErrorPanel text={adminFailureMessage(error)} onRetry={() => void router.invalidate()} />
    </>
  );
}
