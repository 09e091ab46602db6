import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { cartAvailabilityMachine } from '../../../application/machines/cart-availability.machine';
import type { CheckoutDeliveryDetails } from '../../../domain/checkout';
import * as layout from './client.css';
import { DeliveryDetailsFields } from './delivery-details-fields';
import { DeliveryServicesSummary } from './quote-summary';

/**
 * The cart's «Доставка и услуги» (issue 23, item 3; docs/delivery.md): the checkout's own zone, floor,
 * lift and services fields and, from the server's quote for them, «Доставка», «Подъём на 7 этаж без
 * лифта», «Сборка» … with the total — the whole price before checkout. It renders the cart page's
 * machine and sends it the changes; the details are the delivery draft the checkout starts with.
 */
export function CartDelivery(props: {
  readonly quoting: ActorRefFrom<typeof cartAvailabilityMachine>;
  /** The machine's details, or the server's empty ones while the page hydrates (CartView). */
  readonly details: CheckoutDeliveryDetails;
}) {
  const { quoting, details } = props;
  const quote = useSelector(quoting, (snapshot) => snapshot.context.quote);
  const message = useSelector(quoting, (snapshot) => snapshot.context.quoteMessage);
  return (
    <section className={layout.card} aria-labelledby="cart-delivery-title">
      <div className={layout.stack}>
        <h2 id="cart-delivery-title" className={layout.subtitle}>
          Доставка и услуги
        </h2>
        <DeliveryDetailsFields
          details={details}
          offers={quote?.offers ?? []}
          onChange={(change) =>
            quoting.send({ type: 'availability.deliveryDetailsChanged', details: change })
          }
        />
        <DeliveryServicesSummary quote={quote} message={message} />
      </div>
    </section>
  );
}
