import { createFileRoute } from '@tanstack/react-router';
import { NewOrderView } from '../../../admin/orders/new-order-view';

export const Route = createFileRoute('/admin/orders/new')({
  component: NewOrderPage,
});

function NewOrderPage() {
  const services = Route.useRouteContext({ select: (context) => context.services });
  return <NewOrderView services={services.admin} catalogue={services.catalogue} />;
}
