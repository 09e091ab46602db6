import { createFileRoute, redirect } from '@tanstack/react-router';
import { clientAccount } from '../../../../application/queries/client-account.query';
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
  // The requests are read only while their tab is open (spec: /orders/{clientId}?tab=requests).
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, abortController, deps }) =>
    context.shop.resolve(clientAccount)(context.clientId, deps.tab === 'requests', {
      signal: abortController.signal,
    }),
  component: AccountPage,
});

function AccountPage() {
  const { clientId } = Route.useRouteContext();
  const { tab } = Route.useSearch();
  const { orders, requests } = Route.useLoaderData();
  return (
    <>
      <ClientHead title={ACCOUNT_TITLE} />
      <AccountView
        clientId={clientId}
        tab={tab}
        orders={orders.list}
        ordersFailed={orders.failed}
        requests={requests.list}
        requestsFailed={requests.failed}
      />
    </>
  );
}
