import { createFileRoute } from '@tanstack/react-router';
import { readClientCard } from '../../../../application/admin/clients/read-client-card.query';
import { NewOrderView } from '../../../admin/orders/new-order-view';

/** `?client=<id>`: the client card's «Создать заказ» opens the form with that client chosen. */
function clientParam(raw: Record<string, unknown>): { client?: number } {
  const id = Number(raw.client);
  return Number.isSafeInteger(id) && id > 0 ? { client: id } : {};
}

export const Route = createFileRoute('/admin/orders/new')({
  validateSearch: clientParam,
  loaderDeps: ({ search }) => search,
  // An unknown or unreadable client opens the form without one, as a plain new order.
  loader: ({ context, deps, abortController }) =>
    deps.client === undefined
      ? null
      : context.shop
          .resolve(readClientCard)(String(deps.client), abortController.signal)
          .catch(() => null),
  component: NewOrderPage,
});

function NewOrderPage() {
  const client = Route.useLoaderData();
  return <NewOrderView key={client?.id ?? 0} client={client} />;
}
