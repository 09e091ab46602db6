import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { DELIVERY_DATE_REQUIRED } from '../../../../../shared-rules/delivery-agreement-rule';
import { DELIVERY_METHOD_LABELS } from '../../../../../shared-rules/order-options-rule';
import { deliveryDraftOf, deliveryErrors } from '../../../../application/admin/orders/order-drafts';
import { updateOrderDelivery } from '../../../../application/admin/orders/update-order-delivery';
import { LIFT_LABELS, type LiftKind } from '../../../../application/ports/admin-orders.port';
import { useUseCase } from '../../../shell/shop-context';
import { Card, Field } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FormActions } from '../../form-actions';
import { useAdminForm } from '../../use-admin-form';
import type { OrderCardActor } from './order-card-actor';

const LIFT_KINDS = Object.keys(LIFT_LABELS) as LiftKind[];

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
        <Field label="Способ">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              disabled={readOnly}
              value={form.draft.method}
              onChange={(event) =>
                form.edit({ method: event.target.value === 'pickup' ? 'pickup' : 'courier' })
              }
            >
              <option value="courier">{DELIVERY_METHOD_LABELS.courier}</option>
              <option value="pickup">{DELIVERY_METHOD_LABELS.pickup}</option>
            </select>
          )}
        </Field>
        {form.draft.method === 'courier' && (
          <Field label="Адрес" error={errors.address}>
            {(control) => (
              <textarea
                {...control}
                className={styles.textarea}
                readOnly={readOnly}
                rows={2}
                value={form.draft.address}
                onChange={(event) => form.edit({ address: event.target.value })}
              />
            )}
          </Field>
        )}
        <div className={styles.formGrid}>
          <Field label="Дата" error={dateMissing ? DELIVERY_DATE_REQUIRED : undefined}>
            {(control) => (
              <input
                {...control}
                ref={dateField}
                type="date"
                className={styles.control}
                readOnly={readOnly}
                value={form.draft.date}
                onChange={(event) => form.edit({ date: event.target.value })}
              />
            )}
          </Field>
          <Field label="Время" hint="например, 10:00–14:00">
            {(control) => (
              <input
                {...control}
                className={styles.control}
                readOnly={readOnly}
                maxLength={50}
                value={form.draft.timeSlot}
                onChange={(event) => form.edit({ timeSlot: event.target.value })}
              />
            )}
          </Field>
          <Field label="Этаж" error={errors.floor}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                className={styles.control}
                readOnly={readOnly}
                value={form.draft.floor}
                onChange={(event) => form.edit({ floor: event.target.value })}
              />
            )}
          </Field>
          <Field label="Лифт">
            {(control) => (
              <select
                {...control}
                className={styles.control}
                disabled={readOnly}
                value={form.draft.lift}
                onChange={(event) =>
                  form.edit({ lift: LIFT_KINDS.find((each) => each === event.target.value) ?? '' })
                }
              >
                <option value="">Не указан</option>
                {LIFT_KINDS.map((lift) => (
                  <option key={lift} value={lift}>
                    {LIFT_LABELS[lift]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <label className={styles.checkboxLabel}>
          <input
            type="checkbox"
            className={styles.checkbox}
            disabled={readOnly}
            checked={form.draft.assembly}
            onChange={(event) => form.edit({ assembly: event.target.checked })}
          />
          Сборка мебели
        </label>
        <FormActions form={form} />
      </form>
    </Card>
  );
}
