import { useNavigate } from '@tanstack/react-router';
import { createOrder, EMPTY_NEW_ORDER } from '../../../application/admin/orders/create-order';
import { useUseCase } from '../../shell/shop-context';
import * as styles from '../admin-ui.css';
import { PageHeader } from '../page-header';
import { useAdminForm } from '../use-admin-form';
import { chosenClient, type NewOrderClient, NewOrderClientSection } from './new-order/new-order-client';
import { NewOrderDeliverySection } from './new-order/new-order-delivery';
import { NewOrderLinesSection } from './new-order/new-order-lines';
import { NewOrderPaymentSection } from './new-order/new-order-payment';
import { NewOrderSummarySection } from './new-order/new-order-summary';

/**
 * «Новый заказ»: a phone order for a found or a new client (or the one the client card chose). The
 * screen lays out one card a part — client, lines, delivery, payment, summary — over one form; the
 * created order's card opens.
 */
export function NewOrderView({ client = null }: { client?: NewOrderClient | null }) {
  const navigate = useNavigate();
  const form = useAdminForm(
    useUseCase(createOrder),
    client === null ? EMPTY_NEW_ORDER : { ...EMPTY_NEW_ORDER, ...chosenClient(client) },
    (order) => {
      void navigate({ to: '/admin/orders/$orderId', params: { orderId: String(order.id) } });
    },
  );
  return (
    <>
      <PageHeader
        title="Новый заказ"
        crumbs={[{ label: 'Заказы', to: '/admin/orders' }]}
        subtitle="Заказ по телефону"
      />
      <form
        aria-label="Новый заказ"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <div className={styles.twoColumns}>
          <div className={styles.stack}>
            <NewOrderClientSection form={form} />
            <NewOrderLinesSection form={form} />
          </div>
          <div className={styles.stack}>
            <NewOrderDeliverySection form={form} />
            <NewOrderPaymentSection form={form} />
            <NewOrderSummarySection form={form} />
          </div>
        </div>
      </form>
    </>
  );
}
