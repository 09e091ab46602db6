import { createFileRoute, useRouter } from '@tanstack/react-router';
import { parseAuditSearch } from '../../../application/admin/audit/audit-search';
import { listAudit } from '../../../application/admin/audit/list-audit.query';
import { adminFailureMessage } from '../../../application/machines/admin/admin-failure';
import { ErrorPanel } from '../../admin/admin-ui';
import { AuditView } from '../../admin/audit/audit-view';
import { PageHeader } from '../../admin/page-header';

/** «Журнал действий»: the owner's (area `staff`; the /admin route sends other roles away). */
export const Route = createFileRoute('/admin/audit')({
  validateSearch: (raw: Record<string, unknown>) => parseAuditSearch(raw),
  // The address may carry other parameters; the loader depends on the known filters only.
  loaderDeps: ({ search }) => parseAuditSearch(search),
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(listAudit)(deps, abortController.signal),
  component: AuditPage,
  errorComponent: AuditError,
});

function AuditPage() {
  const { page, people } = Route.useLoaderData();
  return <AuditView search={Route.useLoaderDeps()} page={page} people={people} />;
}

function AuditError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Журнал действий" />
      <ErrorPanel text={adminFailureMessage(error)} onRetry={() => void router.invalidate()} />
    </>
  );
}
