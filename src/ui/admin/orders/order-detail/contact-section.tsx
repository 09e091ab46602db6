import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { contactDraftOf, contactErrors } from '../../../../application/admin/orders/order-drafts';
import { updateOrderContact } from '../../../../application/admin/orders/update-order-contact';
import { nextPhoneFieldValue } from '../../../components/phone-field-mask';
import { useUseCase } from '../../../shell/shop-context';
import { Card, Field } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FormActions } from '../../form-actions';
import { useAdminForm } from '../../use-admin-form';
import type { OrderCardActor } from './order-card-actor';

/** «Покупатель»: the buyer's contact on this order, and a link to the client's card. */
export function ContactSection({ card }: { card: OrderCardActor }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  const form = useAdminForm(useUseCase(updateOrderContact), contactDraftOf(order), (saved) =>
    card.send({ type: 'order.saved', order: saved }),
  );
  const errors = form.showErrors ? contactErrors(form.draft) : {};
  const readOnly = form.status === 'saving';
  return (
    <Card
      title="Покупатель"
      actions={
        <Link
          to="/admin/clients/$clientId"
          params={{ clientId: String(order.clientId) }}
          className={styles.link}
        >
          Карточка клиента
        </Link>
      }
    >
      <form
        className={styles.stack}
        aria-label="Контакты покупателя"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <Field label="Имя" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className={styles.control}
              readOnly={readOnly}
              value={form.draft.name}
              onChange={(event) => form.edit({ name: event.target.value })}
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
              value={form.draft.phone}
              onChange={(event) =>
                form.edit({ phone: nextPhoneFieldValue(form.draft.phone, event.target.value) })
              }
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
              value={form.draft.email}
              onChange={(event) => form.edit({ email: event.target.value })}
              autoComplete="off"
            />
          )}
        </Field>
        <FormActions form={form} />
      </form>
    </Card>
  );
}
