import { createFileRoute, redirect } from '@tanstack/react-router';
import type { Order } from '../../../../application/ports/orders.port';
import { ACCOUNT_TITLE, AccountView } from '../../-client/account-view';
import { requireClient } from '../../-client/auth-guards';
import { ClientHead } from '../../-client/client-head';
import { parseAccountSearch } from '../../-client/search-params';

export const Route = createFileRoute('/orders/$clientId')({
  validateSearch: parseAccountSearch,
  // Spec §6: signed-in clients only; a guest goes to /login (origin kept), an admin to /. Another
  // client's id in the address leads to the visitor's own account, not to a refusal.
  beforeLoad: async ({ context, location, params, search }) => {
    const clientId = await requireClient(context.shop, location.href);
    if (params.clientId !== String(clientId)) {
      throw redirect({ to: '/orders/$clientId', params: { clientId: String(clientId) }, search });
    }
    return { clientId };
  },
  loader: async ({ context, abortController }) => {
    try {
      const orders = await context.services.orders.listByClient(context.clientId, {
        signal: abortController.signal,
      });
      return { orders, failed: false };
    } catch {
      return { orders: [] as readonly Order[], failed: true };
    }
  },
  component: AccountPage,
});

function AccountPage() {
  const { clientId } = Route.useRouteContext();
  const { tab } = Route.useSearch();
  const { orders, failed } = Route.useLoaderData();
  return (
    <>
      <ClientHead title={ACCOUNT_TITLE} />
      <AccountView clientId={clientId} tab={tab} orders={orders} ordersFailed={failed} />
    </>
  );
}
