import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type clientCardMachine,
  NOTES_MAX,
  notesError,
  tagsOf,
} from '../../../application/admin/clients/client-card.machine';
import { Button } from '../../components/button';
import { Card, Field, Notice, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';

type CardActor = ActorRefFrom<typeof clientCardMachine>;

/** The managers' own note and tags on the client: internal, never shown to the client. */
export function ClientNotesCard({ card }: { card: CardActor }) {
  const draft = useSelector(card, (snapshot) => snapshot.context.notes);
  const failure = useSelector(card, (snapshot) => snapshot.context.notesFailure);
  const saving = useSelector(card, (snapshot) => snapshot.matches({ notes: 'saving' }));
  const saved = useSelector(card, (snapshot) => snapshot.matches({ notes: 'saved' }));
  const edit = (patch: Partial<typeof draft>) => card.send({ type: 'notes.edited', patch });
  const tags = tagsOf(draft.tags);
  return (
    <Card title="Заметки менеджера">
      <form
        className={styles.stack}
        aria-label="Заметки и теги"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          card.send({ type: 'notes.submitted' });
        }}
      >
        <Field
          label="Заметка"
          hint={`Видят только менеджеры · ${draft.notes.length}/${NOTES_MAX}`}
          error={notesError(draft)}
        >
          {(control) => (
            <textarea
              {...control}
              className={styles.textarea}
              rows={4}
              readOnly={saving}
              value={draft.notes}
              onChange={(event) => edit({ notes: event.target.value })}
            />
          )}
        </Field>
        <Field label="Теги" hint="Через запятую: дизайнер, опт, VIP">
          {(control) => (
            <input
              {...control}
              className={styles.control}
              autoComplete="off"
              readOnly={saving}
              value={draft.tags}
              onChange={(event) => edit({ tags: event.target.value })}
            />
          )}
        </Field>
        {tags.length > 0 && (
          <ul className={styles.row} aria-label="Теги клиента">
            {tags.map((tag) => (
              <li key={tag}>
                <StatusBadge tone="neutral">{tag}</StatusBadge>
              </li>
            ))}
          </ul>
        )}
        {failure !== null && (
          <Notice tone="error" role="alert">
            {failure} Введённые данные сохранены в форме.
          </Notice>
        )}
        <div className={styles.row}>
          <Button type="submit" size="s" disabled={saving}>
            {saving ? 'Сохраняем…' : 'Сохранить заметки'}
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
