import { useSelector } from '@xstate/react';
import { addOrderNote } from '../../../../application/admin/orders/add-order-note';
import { NOTE_REQUIRED } from '../../../../application/admin/orders/order-drafts';
import type { TimelineEntry } from '../../../../application/ports/admin-orders.port';
import { useUseCase } from '../../../shell/shop-context';
import { formatDateTime } from '../../admin-format';
import { Card, Field, StatusBadge } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FormActions } from '../../form-actions';
import { useAdminForm } from '../../use-admin-form';
import type { OrderCardActor } from './order-card-actor';

/** An entry's field changes, less the one its title already says («Статус: Новый → Подтверждён»). */
function changesBeyondTitle(entry: TimelineEntry): TimelineEntry['changes'] {
  return entry.changes.filter(
    (change) => `${change.label}: ${change.before ?? '—'} → ${change.after ?? '—'}` !== entry.title,
  );
}

const ACTOR_NAMES = { system: 'система', client: 'клиент', admin: 'менеджер' } as const;

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  const changes = changesBeyondTitle(entry);
  return (
    <li className={styles.timelineItem}>
      <span className={styles.timelineDot} aria-hidden="true" />
      <div className={styles.stackSmall}>
        <div className={styles.row}>
          <span className={styles.strong}>{entry.title}</span>
          {entry.visibility === 'client' && <StatusBadge tone="info">видна клиенту</StatusBadge>}
          {entry.visibility === 'internal' && <StatusBadge tone="muted">внутренняя</StatusBadge>}
        </div>
        {entry.text !== null && <p>{entry.text}</p>}
        {changes.length > 0 && (
          <ul className={styles.muted}>
            {changes.map((change) => (
              <li key={change.field}>
                {change.label}: {change.before ?? '—'} → {change.after ?? '—'}
              </li>
            ))}
          </ul>
        )}
        <span className={styles.muted}>
          {formatDateTime(entry.at)} · {entry.actorName ?? ACTOR_NAMES[entry.actorKind]}
        </span>
      </div>
    </li>
  );
}

/** «История»: a note to add (internal or shown to the client), and every event, newest first. */
export function TimelineSection({ card }: { card: OrderCardActor }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  const form = useAdminForm(
    useUseCase(addOrderNote),
    { orderId: order.id, text: '', visibility: 'internal' as const },
    (saved) => card.send({ type: 'order.saved', order: saved }),
  );
  const entries = [...order.timeline].reverse();
  return (
    <Card title="История">
      <div className={styles.stack}>
        <form
          className={styles.stackSmall}
          aria-label="Заметка"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.submit();
          }}
        >
          <Field
            label="Заметка"
            error={form.showErrors && form.draft.text.trim() === '' ? NOTE_REQUIRED : null}
          >
            {(control) => (
              <textarea
                {...control}
                className={styles.textarea}
                rows={2}
                maxLength={2000}
                value={form.draft.text}
                onChange={(event) => form.edit({ text: event.target.value })}
              />
            )}
          </Field>
          <label className={styles.checkboxLabel}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={form.draft.visibility === 'client'}
              onChange={(event) => form.edit({ visibility: event.target.checked ? 'client' : 'internal' })}
            />
            Видна клиенту в личном кабинете
          </label>
          <FormActions form={form} saveLabel="Добавить заметку" />
        </form>
        <ol className={styles.timeline} aria-label="События заказа">
          {entries.map((entry) => (
            <TimelineItem key={entry.id} entry={entry} />
          ))}
        </ol>
      </div>
    </Card>
  );
}
