import { createFileRoute } from '@tanstack/react-router';
import { type DictionaryName, isDictionaryName } from '../../../../application/ports/admin-dicts.port';
import { DictsScreen } from '../../../admin/catalogue/dicts-screen';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/dicts/')({
  validateSearch: (search: Record<string, unknown>): { name?: DictionaryName } =>
    isDictionaryName(search.name) ? { name: search.name } : {},
  loaderDeps: ({ search }) => ({ name: search.name ?? 'colors' }),
  loader: ({ context, deps, abortController }) =>
    context.services.admin.catalogue.dicts.list(deps.name, { signal: abortController.signal }),
  component: DictsRoute,
  errorComponent: RouteErrorView,
});

function DictsRoute() {
  const entries = Route.useLoaderData();
  const search = Route.useSearch();
  const { services } = Route.useRouteContext();
  return (
    <DictsScreen name={search.name ?? 'colors'} entries={entries} dicts={services.admin.catalogue.dicts} />
  );
}
