import type { OwnRequest } from '../../../application/ports/requests.port';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import * as styles from './account-requests.css';
import * as layout from './client.css';
import { formatOrderDate } from './order-presentation';
import { OWN_REQUEST_KIND_LABELS, OWN_REQUEST_STATUS_LABELS } from './request-presentation';

export const REQUESTS_LOAD_FAILED = 'Не удалось загрузить заявки. Обновите страницу.';

function RequestCard({ request }: { request: OwnRequest }) {
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
        <p className={styles.lines}>{request.text}</p>
        {request.replies.length === 0 ? (
          <p className={layout.muted}>Менеджер ответит в рабочее время; ответ придёт и на email.</p>
        ) : (
          <ul className={styles.replies} aria-label="Ответы магазина">
            {request.replies.map((reply) => (
              <li key={`${reply.at}-${reply.text.length}`} className={styles.reply}>
                <span className={styles.replyMeta}>Ответ магазина, {formatOrderDate(reply.at)}</span>
                {reply.text}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** The account's «Заявки» tab: the client's requests with the shop's replies and their status. */
export function RequestsTab({ requests, failed }: { requests: readonly OwnRequest[]; failed: boolean }) {
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
        <RequestCard key={request.id} request={request} />
      ))}
    </ul>
  );
}
