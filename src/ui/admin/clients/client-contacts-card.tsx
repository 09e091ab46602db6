import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type clientCardMachine,
  contactsErrors,
} from '../../../application/admin/clients/client-card.machine';
import { Button } from '../../components/button';
import { Card, Field, Notice } from '../admin-ui';
import * as styles from '../admin-ui.css';

type CardActor = ActorRefFrom<typeof clientCardMachine>;

/** Name, phone and e-mail, corrected by the manager; the e-mail is also the client's sign-in. */
export function ClientContactsCard({ card }: { card: CardActor }) {
  const draft = useSelector(card, (snapshot) => snapshot.context.contacts);
  const showErrors = useSelector(card, (snapshot) => snapshot.context.showContactErrors);
  const failure = useSelector(card, (snapshot) => snapshot.context.contactsFailure);
  const saving = useSelector(card, (snapshot) => snapshot.matches({ contacts: 'saving' }));
  const saved = useSelector(card, (snapshot) => snapshot.matches({ contacts: 'saved' }));
  const errors = showErrors ? contactsErrors(draft) : {};
  const emailError = failure?.field === 'email' ? failure.message : errors.email;
  const edit = (patch: Partial<typeof draft>) => card.send({ type: 'contacts.edited', patch });
  return (
    <Card title="Контакты">
      <form
        className={styles.stack}
        aria-label="Контакты клиента"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          card.send({ type: 'contacts.submitted' });
        }}
      >
        <Field label="Имя" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className={styles.control}
              autoComplete="off"
              readOnly={saving}
              value={draft.name}
              onChange={(event) => edit({ name: event.target.value })}
            />
          )}
        </Field>
        <Field label="Телефон" error={errors.phone}>
          {(control) => (
            <input
              {...control}
              type="tel"
              className={styles.control}
              autoComplete="off"
              readOnly={saving}
              value={draft.phone}
              onChange={(event) => edit({ phone: event.target.value })}
            />
          )}
        </Field>
        <Field label="E-mail" hint="По нему клиент входит в личный кабинет" error={emailError}>
          {(control) => (
            <input
              {...control}
              type="email"
              className={styles.control}
              autoComplete="off"
              readOnly={saving}
              value={draft.email}
              onChange={(event) => edit({ email: event.target.value })}
            />
          )}
        </Field>
        {failure !== null && failure.field === null && (
          <Notice tone="error" role="alert">
            {failure.message} Введённые данные сохранены в форме.
          </Notice>
        )}
        <div className={styles.row}>
          <Button type="submit" size="s" disabled={saving}>
            {saving ? 'Сохраняем…' : 'Сохранить контакты'}
          </Button>
          <Button
            size="s"
            variant="ghost"
            disabled={saving}
            onClick={() => card.send({ type: 'contacts.reset' })}
          >
            Отменить изменения
          </Button>
          {saved && (
            <span className={styles.muted} role="status">
              Сохранено
            </span>
          )}
        </div>
      </form>
    </Card>
  );
}
