import { createFileRoute } from '@tanstack/react-router';
import { CHECKOUT_TITLE, CheckoutView } from './-client/checkout-view';
import { ClientHead } from './-client/client-head';

export const Route = createFileRoute('/checkout')({
  component: CheckoutPage,
});

function CheckoutPage() {
  return (
    <>
      <ClientHead title={CHECKOUT_TITLE} />
      <CheckoutView />
    </>
  );
}
