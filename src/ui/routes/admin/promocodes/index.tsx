import { createFileRoute } from '@tanstack/react-router';
import { PromoListScreen } from '../../../admin/catalogue/promo-screens';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/promocodes/')({
  loader: ({ context, abortController }) =>
    context.services.admin.catalogue.promo.list({}, { signal: abortController.signal }),
  component: PromoListRoute,
  errorComponent: RouteErrorView,
});

function PromoListRoute() {
  return <PromoListScreen promos={Route.useLoaderData()} />;
}
