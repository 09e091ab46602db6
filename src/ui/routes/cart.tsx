import { createFileRoute } from '@tanstack/react-router';
import { CartDeliveryAndFit } from './-client/cart-delivery-fit';
import { CART_TITLE, CartView } from './-client/cart-view';
import { ClientHead } from './-client/client-head';

export const Route = createFileRoute('/cart')({
  // The frame only: the visitor's lines come from their storage right after hydration (CartView).
  staticData: { drawnOnServer: true },
  component: CartPage,
});

function CartPage() {
  return (
    <>
      <ClientHead title={CART_TITLE} description="Товары, выбранные для заказа в магазине «Дом и Стиль»." />
      <CartView />
      <CartDeliveryAndFit />
    </>
  );
}
