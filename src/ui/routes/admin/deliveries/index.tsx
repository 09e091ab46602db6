import { createFileRoute } from '@tanstack/react-router';
import { DeliveriesDayView } from '../../../admin/deliveries/deliveries-day-view';
import { RouteErrorView } from '../../-components/route-error';

interface DeliveriesSearch {
  /** YYYY-MM-DD; absent: today in Moscow. */
  readonly day?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** «Доставки на день» (issue 23, item 5): the manager's and the owner's (area `delivery`). */
export const Route = createFileRoute('/admin/deliveries/')({
  validateSearch: (raw: Record<string, unknown>): DeliveriesSearch =>
    typeof raw.day === 'string' && DAY.test(raw.day) ? { day: raw.day } : {},
  component: DeliveriesRoute,
  errorComponent: RouteErrorView,
});

function DeliveriesRoute() {
  const { day } = Route.useSearch();
  return <DeliveriesDayView {...(day === undefined ? {} : { day })} />;
}
