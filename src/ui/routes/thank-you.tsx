import { createFileRoute } from '@tanstack/react-router';
import { ClientHead } from './-client/client-head';
import { parseThankYouSearch } from './-client/search-params';
import { THANK_YOU_TITLE, ThankYouView } from './-client/thank-you-view';

export const Route = createFileRoute('/thank-you')({
  validateSearch: parseThankYouSearch,
  component: ThankYouPage,
});

function ThankYouPage() {
  const { order, orderId, payment } = Route.useSearch();
  return (
    <>
      <ClientHead title={THANK_YOU_TITLE} />
      <ThankYouView orderId={order ?? orderId ?? null} paymentFailed={payment === 'failed'} />
    </>
  );
}
