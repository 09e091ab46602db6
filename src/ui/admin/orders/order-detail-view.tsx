import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { orderCard } from '../../../application/admin/orders/order-card.machine';
import { paymentMethodLabel } from '../../../application/admin/orders/order-drafts';
import type { AdminOrderDetail } from '../../../application/ports/admin-orders.port';
import { useUseCase } from '../../shell/shop-context';
import { formatDateTime } from '../admin-format';
import { Card } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { PageHeader } from '../page-header';
import { CartSection } from './order-detail/cart-section';
import { ContactSection } from './order-detail/contact-section';
import { DeliverySection } from './order-detail/delivery-section';
import type { OrderCardActor } from './order-detail/order-card-actor';
import { PaymentSection } from './order-detail/payment-section';
import { ServiceLinesSection } from './order-detail/service-lines-section';
import { StatusSection } from './order-detail/status-section';
import { TimelineSection } from './order-detail/timeline-section';
import { MoneyDialogs } from './order-money-view';

export interface OrderDetailProps {
  /** The order as the route's loader read it; from then on the card machine holds the server's answers. */
  readonly order: AdminOrderDetail;
  /** The shop's address, for the pay link (https://shop.example). */
  readonly origin: string;
}

function OrderHeader({ card }: { card: OrderCardActor }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  return (
    <PageHeader
      title={`Заказ № ${order.id}`}
      crumbs={[{ label: 'Заказы', to: '/admin/orders' }]}
      subtitle={`от ${formatDateTime(order.createdAt)} · ${formatKopecks(order.total)} · ${paymentMethodLabel(order.paymentMethod)}`}
    />
  );
}

function CommentSection({ card }: { card: OrderCardActor }) {
  const comment = useSelector(card, (snapshot) => snapshot.context.order.comment);
  if (!comment) return null;
  return (
    <Card title="Комментарий покупателя">
      <p>{comment}</p>
    </Card>
  );
}

/**
 * The order card (spec §7 «Admin: Orders»): one section per card, each reading the card machine
 * (src/application/admin/orders/order-card.machine.ts) and telling it what its command answered, so a
 * save anywhere redraws every section from the saved order.
 */
export function OrderDetailView({ order, origin }: OrderDetailProps) {
  const card = useActorRef(useUseCase(orderCard), { input: { order } });
  // The route may read the order again (a revisit): the running card follows the fresh read.
  const started = useRef(order);
  useEffect(() => {
    if (started.current !== order) card.send({ type: 'order.loaded', order });
  }, [card, order]);
  return (
    <>
      <OrderHeader card={card} />
      <div className={styles.twoColumns}>
        <div className={styles.stack}>
          <StatusSection card={card} />
          <CartSection card={card} />
          <TimelineSection card={card} />
        </div>
        <div className={styles.stack}>
          <ContactSection card={card} />
          <PaymentSection card={card} origin={origin} />
          <DeliverySection card={card} />
          <ServiceLinesSection card={card} />
          <CommentSection card={card} />
        </div>
      </div>
      <MoneyDialogs card={card} />
    </>
  );
}
