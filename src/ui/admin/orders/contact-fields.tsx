import type { ContactDraft } from '../../../application/admin/orders/order-drafts';
import { nextPhoneFieldValue } from '../../components/phone-field-mask';
import { Field } from '../admin-ui';
import * as styles from '../admin-ui.css';

/**
 * The buyer's contact — name, phone (through the storefront's input mask), e-mail — one set of fields
 * for «Новый заказ» and the order card's «Покупатель».
 */
export function ContactFields({
  draft,
  errors,
  readOnly,
  onEdit,
}: {
  readonly draft: ContactDraft;
  readonly errors: Partial<Record<keyof ContactDraft, string>>;
  readonly readOnly: boolean;
  readonly onEdit: (patch: Partial<ContactDraft>) => void;
}) {
  return (
    <>
      <Field label="Имя" error={errors.name}>
        {(control) => (
          <input
            {...control}
            className={styles.control}
            readOnly={readOnly}
            value={draft.name}
            onChange={(event) => onEdit({ name: event.target.value })}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Телефон" error={errors.phone}>
        {(control) => (
          <input
            {...control}
            type="tel"
            className={styles.control}
            readOnly={readOnly}
            value={draft.phone}
            onChange={(event) => onEdit({ phone: nextPhoneFieldValue(draft.phone, event.target.value) })}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="E-mail" error={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            className={styles.control}
            readOnly={readOnly}
            value={draft.email}
            onChange={(event) => onEdit({ email: event.target.value })}
            autoComplete="off"
          />
        )}
      </Field>
    </>
  );
}
