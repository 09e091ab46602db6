import type { Ref } from 'react';
import {
  DELIVERY_METHOD_LABELS,
  DELIVERY_METHODS,
  LIFT_KINDS,
  LIFT_LABELS,
} from '../../../../shared-rules/order-options-rule';
import type { DeliveryDraft } from '../../../application/admin/orders/order-drafts';
import { Field } from '../admin-ui';
import * as styles from '../admin-ui.css';

/**
 * The delivery of an order as a manager fills it in — method, address (courier only), day and time,
 * floor, lift, assembly — one set of fields for «Новый заказ» and the order card's «Доставка»; the
 * method and lift labels are shared-rules' (order-options-rule.ts).
 */
export function DeliveryFields({
  draft,
  errors,
  readOnly,
  onEdit,
  dateError,
  dateRef,
}: {
  readonly draft: DeliveryDraft;
  readonly errors: Partial<Record<keyof DeliveryDraft, string>>;
  readonly readOnly: boolean;
  readonly onEdit: (patch: Partial<DeliveryDraft>) => void;
  /** Said at «Дата» when a step that needs the day was refused without one. */
  readonly dateError?: string | undefined;
  readonly dateRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <Field label="Способ доставки">
        {(control) => (
          <select
            {...control}
            className={styles.control}
            disabled={readOnly}
            value={draft.method}
            onChange={(event) =>
              onEdit({ method: DELIVERY_METHODS.find((each) => each === event.target.value) ?? 'courier' })
            }
          >
            {DELIVERY_METHODS.map((method) => (
              <option key={method} value={method}>
                {DELIVERY_METHOD_LABELS[method]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {draft.method === 'courier' && (
        <Field label="Адрес" error={errors.address}>
          {(control) => (
            <textarea
              {...control}
              className={styles.textarea}
              readOnly={readOnly}
              rows={2}
              value={draft.address}
              onChange={(event) => onEdit({ address: event.target.value })}
            />
          )}
        </Field>
      )}
      <div className={styles.formGrid}>
        <Field label="Дата" error={dateError}>
          {(control) => (
            <input
              {...control}
              ref={dateRef}
              type="date"
              className={styles.control}
              readOnly={readOnly}
              value={draft.date}
              onChange={(event) => onEdit({ date: event.target.value })}
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
              value={draft.timeSlot}
              onChange={(event) => onEdit({ timeSlot: event.target.value })}
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
              value={draft.floor}
              onChange={(event) => onEdit({ floor: event.target.value })}
            />
          )}
        </Field>
        <Field label="Лифт">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              disabled={readOnly}
              value={draft.lift}
              onChange={(event) =>
                onEdit({ lift: LIFT_KINDS.find((each) => each === event.target.value) ?? '' })
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
          checked={draft.assembly}
          onChange={(event) => onEdit({ assembly: event.target.checked })}
        />
        Сборка мебели
      </label>
    </>
  );
}
