import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { contactDraftOf, contactErrors } from '../../../../application/admin/orders/order-drafts';
import { updateOrderContact } from '../../../../application/admin/orders/update-order-contact';
import { useUseCase } from '../../../shell/shop-context';
import { Card } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FormActions } from '../../form-actions';
import { useAdminForm } from '../../use-admin-form';
import { ContactFields } from '../contact-fields';
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
        <ContactFields draft={form.draft} errors={errors} readOnly={readOnly} onEdit={form.edit} />
        <FormActions form={form} />
      </form>
    </Card>
  );
}
