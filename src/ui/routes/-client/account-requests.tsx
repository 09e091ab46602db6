import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import {
  OWN_REQUEST_KIND_LABELS,
  OWN_REQUEST_STATUS_LABELS,
} from '../../../../shared-rules/request-labels-rule';
import {
  FOLLOW_UP_MAX_LENGTH,
  requestFollowUp,
} from '../../../application/machines/request-follow-up.machine';
import type { OwnRequest } from '../../../application/ports/requests.port';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { TextareaField } from '../../components/textarea-field';
import { useUseCase } from '../../shell/shop-context';
import * as styles from './account-requests.css';
import * as layout from './client.css';
import { formatOrderDate } from './order-presentation';

export const REQUESTS_LOAD_FAILED = 'Не удалось загрузить заявки. Обновите страницу.';

function Conversation({ request }: { request: OwnRequest }) {
  if (request.messages.length === 0)
    return <p className={layout.muted}>Менеджер ответит в рабочее время; ответ придёт и на email.</p>;
  return (
    <ul className={styles.replies} aria-label="Переписка">
      {request.messages.map((message) => (
        <li
          key={`${message.at}-${message.author}-${message.text.length}`}
          className={message.author === 'admin' ? styles.reply : styles.ownMessage}
        >
          <span className={styles.replyMeta}>
            {message.author === 'admin' ? 'Ответ магазина' : 'Вы'}, {formatOrderDate(message.at)}
          </span>
          {message.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the client sent, as the fields they filled in (issue 25 item 11) — not the composed lines
 * «Источник: … Клиент: № 2 Вложение: да» the request travels as. A request in another shape shows its text.
 */
function RequestWords({ request }: { request: OwnRequest }) {
  const fields = request.fields ?? null;
  if (fields === null) return <p className={styles.lines}>{request.text}</p>;
  return (
    <dl className={styles.fields}>
      {fields.phone !== null && (
        <>
          <dt>Телефон</dt>
          <dd>{fields.phone}</dd>
        </>
      )}
      {fields.email !== null && (
        <>
          <dt>Email</dt>
          <dd>{fields.email}</dd>
        </>
      )}
      <dt>{fields.source === 'consultation' ? 'Комментарий' : 'Сообщение'}</dt>
      <dd className={styles.lines}>{fields.comment ?? '—'}</dd>
    </dl>
  );
}

function RequestCard({ clientId, initial }: { clientId: number; initial: OwnRequest }) {
  const actor = useActorRef(useUseCase(requestFollowUp), { input: { clientId, request: initial } });
  const request = useSelector(actor, (snapshot) => snapshot.context.request);
  const text = useSelector(actor, (snapshot) => snapshot.context.text);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const sent = useSelector(actor, (snapshot) => snapshot.context.sent);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'followUp.submitted' });
  };
  return (
    <li className={layout.card} aria-label={`Заявка № ${request.id}`}>
      <div className={layout.stack}>
        <div className={styles.head}>
          <h3 className={layout.subtitle}>{request.subject}</h3>
          <span className={styles.status[request.status]}>{OWN_REQUEST_STATUS_LABELS[request.status]}</span>
        </div>
        <p className={layout.muted}>
          {OWN_REQUEST_KIND_LABELS[request.kind]} № {request.id} от {formatOrderDate(request.createdAt)}
          {request.hasAttachment ? ' · с вложением' : ''}
        </p>
        <RequestWords request={request} />
        <Conversation request={request} />
        <form
          className={styles.followUp}
          onSubmit={submit}
          aria-label={`Сообщение по заявке № ${request.id}`}
        >
          <TextareaField
            label="Написать ещё"
            value={text}
            maxLength={FOLLOW_UP_MAX_LENGTH}
            error={error}
            rows={3}
            onChange={(event) => actor.send({ type: 'followUp.textChanged', text: event.target.value })}
          />
          <div className={styles.followUpActions}>
            <Button type="submit" size="s" disabled={busy}>
              {busy ? 'Отправляем…' : 'Отправить'}
            </Button>
            {sent && (
              <span className={layout.muted} role="status">
                Сообщение отправлено
              </span>
            )}
          </div>
        </form>
      </div>
    </li>
  );
}

/** The account's «Заявки» tab: the client's requests with the shop's replies and their status. */
export function RequestsTab({
  clientId,
  requests,
  failed,
}: {
  clientId: number;
  requests: readonly OwnRequest[];
  failed: boolean;
}) {
  if (failed)
    return (
      <p className={layout.notice.error} role="alert">
        {REQUESTS_LOAD_FAILED}
      </p>
    );
  if (requests.length === 0)
    return (
      <EmptyState
        title="Заявок пока нет"
        text="Заявки на консультацию и вопросы магазину появятся здесь вместе с ответами менеджера."
        actions={<ButtonLink href="/categories">Перейти в каталог</ButtonLink>}
      />
    );
  return (
    <ul className={styles.list}>
      {requests.map((request) => (
        <RequestCard key={request.id} clientId={clientId} initial={request} />
      ))}
    </ul>
  );
}
