import { createFileRoute } from '@tanstack/react-router';
import { listConsents } from '../../../../application/admin/consents/list-consents.query';
import { type ConsentSearch, ConsentsListView } from '../../../admin/consents/consents-list-view';
import { RouteErrorView } from '../../-components/route-error';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown, pattern?: RegExp): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 100 && (pattern?.test(value) ?? true)
    ? value
    : undefined;

export const Route = createFileRoute('/admin/consents/')({
  validateSearch: (search: Record<string, unknown>): ConsentSearch => {
    const page = Number(search.page);
    return {
      from: text(search.from, DAY),
      to: text(search.to, DAY),
      subject: text(search.subject),
      page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
    };
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) =>
    context.shop.resolve(listConsents)(deps, { signal: abortController.signal }),
  component: ConsentsRoute,
  errorComponent: RouteErrorView,
});

function ConsentsRoute() {
  const { page, exportUrl } = Route.useLoaderData();
  return <ConsentsListView search={Route.useSearch()} page={page} exportUrl={exportUrl} />;
}
