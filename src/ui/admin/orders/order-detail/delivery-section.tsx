import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { DELIVERY_DATE_REQUIRED } from '../../../../../shared-rules/delivery-agreement-rule';
import { deliveryDraftOf, deliveryErrors } from '../../../../application/admin/orders/order-drafts';
import { updateOrderDelivery } from '../../../../application/admin/orders/update-order-delivery';
import { useUseCase } from '../../../shell/shop-context';
import { Card } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FormActions } from '../../form-actions';
import { useAdminForm } from '../../use-admin-form';
import { DeliveryFields } from '../delivery-fields';
import type { OrderCardActor } from './order-card-actor';

/**
 * «Доставка»: method, address, day and time, floor, lift, assembly. When «Согласовать доставку» was
 * refused for want of a day, the «Дата» field says so and takes the focus.
 */
export function DeliverySection({ card }: { card: OrderCardActor }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  const dateMissing = useSelector(card, (snapshot) => snapshot.matches('dateMissing'));
  const form = useAdminForm(useUseCase(updateOrderDelivery), deliveryDraftOf(order), (saved) =>
    card.send({ type: 'order.saved', order: saved }),
  );
  const errors = form.showErrors ? deliveryErrors(form.draft) : {};
  const readOnly = form.status === 'saving';
  const dateField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (dateMissing) dateField.current?.focus();
  }, [dateMissing]);
  return (
    <Card title="Доставка">
      <form
        className={styles.stack}
        aria-label="Доставка"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <DeliveryFields
          draft={form.draft}
          errors={errors}
          readOnly={readOnly}
          onEdit={form.edit}
          dateError={dateMissing ? DELIVERY_DATE_REQUIRED : undefined}
          dateRef={dateField}
        />
        <FormActions form={form} />
      </form>
    </Card>
  );
}
