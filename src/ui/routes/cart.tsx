import { createFileRoute } from '@tanstack/react-router';
import { cartPageLines } from '../../application/queries/cart-page.query';
import { paymentOptions } from '../../application/queries/payment-options.query';
import { drawsServerShape } from '../shell/hydration';
import { CartDeliveryAndFit } from './-client/cart-delivery-fit';
import { CART_TITLE, CartView, type DrawnCart } from './-client/cart-view';
import { ClientHead } from './-client/client-head';

export const Route = createFileRoute('/cart')({
  staticData: { drawnOnServer: true },
  // The lines the server draws from the cart cookie, read again (from the document's record) for the
  // hydration; a page the browser draws shows the cart machine's lines at once and reads nothing
  // (docs/architecture.md «The cart page drawn by the server»).
  // With the lines, the provider's payment options, so «Частями от …» under the sums is drawn too.
  loader: async ({ context, abortController }): Promise<DrawnCart | null> => {
    if (!drawsServerShape()) return null;
    const lines = await context.shop.resolve(cartPageLines)({ signal: abortController.signal });
    return lines === null ? null : { lines, paymentOptions: await context.shop.resolve(paymentOptions)() };
  },
  component: CartPage,
});

function CartPage() {
  const drawn = Route.useLoaderData();
  return (
    <>
      <ClientHead title={CART_TITLE} description="Товары, выбранные для заказа в магазине «Дом и Стиль»." />
      <CartView drawn={drawn} />
      <CartDeliveryAndFit />
    </>
  );
}
