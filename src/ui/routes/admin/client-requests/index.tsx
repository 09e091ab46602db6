import { createFileRoute, useRouter } from '@tanstack/react-router';
import { parseRequestListSearch, requestQueryOf } from '../../../../application/admin/list-search';
import { adminFailureMessage } from '../../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../../admin/admin-ui';
import { PageHeader } from '../../../admin/page-header';
import { RequestsListView } from '../../../admin/requests/requests-list-view';

export const Route = createFileRoute('/admin/client-requests/')({
  validateSearch: (raw: Record<string, unknown>) => parseRequestListSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, abortController }) => {
    const requests = context.services.admin.requests;
    const [page, admins] = await Promise.all([
      requests.list(requestQueryOf(deps), { signal: abortController.signal }),
      // The assignee filter still works by id when the list of administrators cannot be read.
      requests.admins({ signal: abortController.signal }).catch(() => []),
    ]);
    return { page, admins };
  },
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
