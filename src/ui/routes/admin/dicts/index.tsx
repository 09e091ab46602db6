import { createFileRoute } from '@tanstack/react-router';
import { listDictionary } from '../../../../application/admin/dicts/list-dictionary.query';
import { type DictionaryName, isDictionaryName } from '../../../../application/ports/admin-dicts.port';
import { DictsScreen } from '../../../admin/catalogue/dicts-screen';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/dicts/')({
  validateSearch: (search: Record<string, unknown>): { name?: DictionaryName } =>
    isDictionaryName(search.name) ? { name: search.name } : {},
  loaderDeps: ({ search }) => ({ name: search.name ?? 'colors' }),
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(listDictionary)(deps.name, { signal: abortController.signal }),
  component: DictsRoute,
  errorComponent: RouteErrorView,
});

function DictsRoute() {
  const entries = Route.useLoaderData();
  const search = Route.useSearch();
  const name = search.name ?? 'colors';
  // Each list is its own machine: another list starts from what the route read for it.
  return <DictsScreen key={name} name={name} entries={entries} />;
}
