import { createFileRoute } from '@tanstack/react-router';
import { NewOrderView } from '../../../admin/orders/new-order-view';

export const Route = createFileRoute('/admin/orders/new')({
  component: NewOrderView,
});
