import { createFileRoute, notFound } from '@tanstack/react-router';
import { ClientHead } from '../../-client/client-head';
import { PAY_TITLE, PayView } from '../../-client/pay-view';
import { parseOrderId } from '../../-client/placed-orders';

/** `t`: a signed pay link's token (issue 22, item 5); the server alone decides whether it opens. */
function parsePaySearch(search: Record<string, unknown>): { t?: string } {
  const token = search.t;
  return typeof token === 'string' && token.length > 0 && token.length <= 80 ? { t: token } : {};
}

export const Route = createFileRoute('/pay/$orderId')({
  // Spec §2: only a minimal header (logo, schedule, phone) on the payment page.
  staticData: { chrome: 'minimal' },
  validateSearch: parsePaySearch,
  beforeLoad: ({ params }) => {
    const orderId = parseOrderId(params.orderId);
    if (orderId === null) throw notFound();
    return { orderId };
  },
  component: PayPage,
});

function PayPage() {
  const { orderId } = Route.useRouteContext();
  const { t } = Route.useSearch();
  return (
    <>
      <ClientHead title={PAY_TITLE} />
      <PayView orderId={orderId} token={t ?? null} />
    </>
  );
}
