import type { NewOrderDraft } from '../../../../application/admin/orders/create-order';
import { deliveryErrors } from '../../../../application/admin/orders/order-drafts';
import { Card } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import type { AdminFormView } from '../../use-admin-form';
import { DeliveryFields } from '../delivery-fields';

/** «Доставка» of the new order: the same fields as the order card's. */
export function NewOrderDeliverySection({ form }: { form: AdminFormView<NewOrderDraft> }) {
  return (
    <Card title="Доставка">
      <div className={styles.stack}>
        <DeliveryFields
          draft={form.draft}
          errors={form.showErrors ? deliveryErrors(form.draft) : {}}
          readOnly={form.status === 'saving'}
          onEdit={form.edit}
        />
      </div>
    </Card>
  );
}
