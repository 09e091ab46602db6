import { createFileRoute, notFound } from '@tanstack/react-router';
import { ClientHead } from '../../-client/client-head';
import { PAY_TITLE, PayView } from '../../-client/pay-view';
import { parseOrderId } from '../../-client/placed-orders';

export const Route = createFileRoute('/pay/$orderId')({
  // Spec §2: only a minimal header (logo, schedule, phone) on the payment page.
  staticData: { chrome: 'minimal' },
  beforeLoad: ({ params }) => {
    const orderId = parseOrderId(params.orderId);
    if (orderId === null) throw notFound();
    return { orderId };
  },
  component: PayPage,
});

function PayPage() {
  const { orderId } = Route.useRouteContext();
  return (
    <>
      <ClientHead title={PAY_TITLE} />
      <PayView orderId={orderId} />
    </>
  );
}
