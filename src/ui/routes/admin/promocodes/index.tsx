import { createFileRoute } from '@tanstack/react-router';
import { listPromoCodes } from '../../../../application/admin/promo/list-promo-codes.query';
import { PromoListScreen } from '../../../admin/catalogue/promo-screens';
import { RouteErrorView } from '../../-components/route-error';

export const Route = createFileRoute('/admin/promocodes/')({
  loader: ({ context, abortController }) =>
    context.shop.resolve(listPromoCodes)({ signal: abortController.signal }),
  component: PromoListRoute,
  errorComponent: RouteErrorView,
});

function PromoListRoute() {
  return <PromoListScreen promos={Route.useLoaderData()} />;
}
