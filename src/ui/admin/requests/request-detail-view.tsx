import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
} from '../../../../shared-rules/request-labels-rule';
import {
  REPLY_MAX,
  replyError,
  type requestCardMachine,
  requestCardMachineOfShop,
} from '../../../application/admin/requests/request-card.machine';
import type { AdminRequestThread, AdminUser } from '../../../application/ports/admin-requests.port';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { formatAge, formatDateTime, REQUEST_STATUS_TONES } from '../admin-format';
import { Card, Field, Notice, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { PageHeader } from '../page-header';
import { phoneText } from '../phone-text';
import { RequestThreadCard } from './request-thread-card';
import { adminName } from './requests-list-view';

type CardActor = ActorRefFrom<typeof requestCardMachine>;

function ReplyCard({ card }: { card: CardActor }) {
  const text = useSelector(card, (snapshot) => snapshot.context.reply);
  const showErrors = useSelector(card, (snapshot) => snapshot.context.showReplyErrors);
  const failure = useSelector(card, (snapshot) => snapshot.context.replyFailure);
  const sending = useSelector(card, (snapshot) => snapshot.matches({ reply: 'sending' }));
  const sent = useSelector(card, (snapshot) => snapshot.matches({ reply: 'sent' }));
  return (
    <Card title="Ответ клиенту">
      <form
        className={styles.stack}
        aria-label="Ответ клиенту"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          card.send({ type: 'reply.submitted' });
        }}
      >
        <Field
          label="Текст ответа"
          hint={`Клиент получит письмо и увидит ответ в личном кабинете · ${text.length}/${REPLY_MAX}`}
          error={replyError(text, showErrors)}
        >
          {(control) => (
            <textarea
              {...control}
              className={styles.textarea}
              rows={5}
              readOnly={sending}
              value={text}
              onChange={(event) => card.send({ type: 'reply.edited', text: event.target.value })}
            />
          )}
        </Field>
        {failure !== null && (
          <Notice tone="error" role="alert">
            {failure} Введённые данные сохранены в форме.
          </Notice>
        )}
        <div className={styles.row}>
          <Button type="submit" size="s" disabled={sending}>
            {sending ? 'Отправляем…' : 'Отправить ответ'}
          </Button>
          {sent && (
            <span className={styles.muted} role="status">
              Ответ отправлен
            </span>
          )}
        </div>
      </form>
    </Card>
  );
}

function TriageCard({ card, admins }: { card: CardActor; admins: readonly AdminUser[] }) {
  const draft = useSelector(card, (snapshot) => snapshot.context.triage);
  const failure = useSelector(card, (snapshot) => snapshot.context.triageFailure);
  const saving = useSelector(card, (snapshot) => snapshot.matches({ triage: 'saving' }));
  const saved = useSelector(card, (snapshot) => snapshot.matches({ triage: 'saved' }));
  return (
    <Card title="Обработка">
      <form
        className={styles.stack}
        aria-label="Статус и ответственный"
        onSubmit={(event) => {
          event.preventDefault();
          card.send({ type: 'triage.submitted' });
        }}
      >
        <Field label="Статус">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={draft.status}
              disabled={saving}
              onChange={(event) => {
                const status = REQUEST_STATUSES.find((each) => each === event.target.value);
                if (status !== undefined) card.send({ type: 'triage.edited', patch: { status } });
              }}
            >
              {REQUEST_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {REQUEST_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Ответственный">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={draft.assignee}
              disabled={saving}
              onChange={(event) =>
                card.send({ type: 'triage.edited', patch: { assignee: event.target.value } })
              }
            >
              <option value="">Не назначен</option>
              {admins.map((admin) => (
                <option key={admin.id} value={String(admin.id)}>
                  {adminName(admin)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {failure !== null && (
          <Notice tone="error" role="alert">
            {failure}
          </Notice>
        )}
        <div className={styles.row}>
          <Button type="submit" size="s" disabled={saving}>
            {saving ? 'Сохраняем…' : 'Сохранить'}
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

function RequestClientCard({ thread }: { thread: AdminRequestThread }) {
  return (
    <Card title="Клиент">
      <dl className={styles.definitionList}>
        <dt>Имя</dt>
        <dd>{thread.clientName ?? '—'}</dd>
        <dt>E-mail</dt>
        <dd>{thread.email ?? '—'}</dd>
        <dt>Телефон</dt>
        <dd>{phoneText(thread.phone)}</dd>
      </dl>
      {thread.clientId !== null && (
        <p style={{ marginTop: '12px' }}>
          <Link
            to="/admin/clients/$clientId"
            params={{ clientId: String(thread.clientId) }}
            className={styles.link}
          >
            Карточка клиента
          </Link>
        </p>
      )}
    </Card>
  );
}

/** A request's card: the thread with the sender's fields, the reply, triage and the client. */
export function RequestDetailView({
  thread: loaded,
  admins,
}: {
  thread: AdminRequestThread;
  admins: readonly AdminUser[];
}) {
  const card = useActorRef(useUseCase(requestCardMachineOfShop), { input: { thread: loaded } });
  useEffect(() => card.send({ type: 'thread.loaded', thread: loaded }), [card, loaded]);
  const thread = useSelector(card, (snapshot) => snapshot.context.thread);
  return (
    <>
      <PageHeader
        title={thread.subject || `Заявка № ${thread.id}`}
        crumbs={[{ label: 'Заявки', to: '/admin/client-requests' }]}
        subtitle={
          <span className={styles.row}>
            <StatusBadge tone={REQUEST_STATUS_TONES[thread.status]}>
              {REQUEST_STATUS_LABELS[thread.status]}
            </StatusBadge>
            {REQUEST_KIND_LABELS[thread.kind]} · № {thread.id} · {formatDateTime(thread.createdAt)}
            {thread.waitingSince !== null && (
              <StatusBadge tone="warning">ждёт ответа {formatAge(thread.waitingSince)}</StatusBadge>
            )}
          </span>
        }
      />
      <div className={styles.twoColumns}>
        <div className={styles.stack}>
          <RequestThreadCard thread={thread} />
          <ReplyCard card={card} />
        </div>
        <div className={styles.stack}>
          <TriageCard card={card} admins={admins} />
          <RequestClientCard thread={thread} />
        </div>
      </div>
    </>
  );
}
