import { createFileRoute, useRouter } from '@tanstack/react-router';
import { parseRequestListSearch } from '../../../../application/admin/list-search';
import { listRequests } from '../../../../application/admin/requests/list-requests.query';
import { adminFailureMessage } from '../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../admin/admin-ui';
import { PageHeader } from '../../../admin/page-header';
import { RequestsListView } from '../../../admin/requests/requests-list-view';

export const Route = createFileRoute('/admin/client-requests/')({
  validateSearch: (raw: Record<string, unknown>) => parseRequestListSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(listRequests)(deps, abortController.signal),
  component: RequestsPage,
  errorComponent: RequestsError,
});

function RequestsPage() {
  const search = Route.useSearch();
  const { page, admins } = Route.useLoaderData();
  return <RequestsListView search={search} page={page} admins={admins} />;
}

function RequestsError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Заявки клиентов" />
      <ErrorPanel text={adminFailureMessage(error)} onRetry={() => void router.invalidate()} />
    </>
  );
}
