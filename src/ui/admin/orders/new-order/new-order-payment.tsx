import { PAYMENT_METHODS } from '../../../../../shared-rules/order-options-rule';
import type { NewOrderDraft } from '../../../../application/admin/orders/create-order';
import { paymentMethodLabel } from '../../../../application/admin/orders/order-drafts';
import { Card, Field } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import type { AdminFormView } from '../../use-admin-form';

/** «Оплата»: the promo code, how the order is paid, and whether the pay link goes out at once. */
export function NewOrderPaymentSection({ form }: { form: AdminFormView<NewOrderDraft> }) {
  const draft = form.draft;
  const readOnly = form.status === 'saving';
  return (
    <Card title="Оплата">
      <div className={styles.stack}>
        <Field label="Промокод">
          {(control) => (
            <input
              {...control}
              className={styles.control}
              readOnly={readOnly}
              maxLength={64}
              value={draft.promoCode}
              onChange={(event) => form.edit({ promoCode: event.target.value.toUpperCase() })}
            />
          )}
        </Field>
        <Field label="Оплата">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              disabled={readOnly}
              value={draft.paymentMethod}
              onChange={(event) =>
                form.edit({
                  paymentMethod: PAYMENT_METHODS.find((each) => each === event.target.value) ?? 'online',
                })
              }
            >
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {paymentMethodLabel(method)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.paymentMethod === 'online' && (
          <label className={styles.checkboxLabel}>
            <input
              type="checkbox"
              className={styles.checkbox}
              disabled={readOnly}
              checked={draft.sendPayLink}
              onChange={(event) => form.edit({ sendPayLink: event.target.checked })}
            />
            Сразу отправить клиенту ссылку на оплату
          </label>
        )}
      </div>
    </Card>
  );
}
