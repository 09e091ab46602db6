import { formatKopecks } from '../../../../../shared-rules/money-rule';
import type { NewOrderDraft } from '../../../../application/admin/orders/create-order';
import { Card, Field } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FormActions } from '../../form-actions';
import type { AdminFormView } from '../../use-admin-form';

/** «Итог»: the preliminary sum (the server prices the order), the order's comment and «Создать заказ». */
export function NewOrderSummarySection({ form }: { form: AdminFormView<NewOrderDraft> }) {
  const draft = form.draft;
  const total = draft.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return (
    <Card title="Итог">
      <div className={styles.stack}>
        <p className={styles.muted}>
          Предварительно: {formatKopecks(total)}. Цены, скидку и итог рассчитает сервер.
        </p>
        <Field label="Комментарий">
          {(control) => (
            <textarea
              {...control}
              className={styles.textarea}
              readOnly={form.status === 'saving'}
              rows={2}
              maxLength={500}
              value={draft.comment}
              onChange={(event) => form.edit({ comment: event.target.value })}
            />
          )}
        </Field>
        <FormActions form={form} saveLabel="Создать заказ" />
      </div>
    </Card>
  );
}
