import { Download } from 'lucide-react';
import { REQUEST_KIND_LABELS } from '../../../../shared-rules/request-labels-rule';
import type { AdminRequestThread } from '../../../application/ports/admin-requests.port';
import type { RequestFields } from '../../../application/ports/requests.port';
import { buttonClassName } from '../../components/button';
import { formatDateTime } from '../admin-format';
import { Card } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { phoneText } from '../phone-text';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1)} МБ`;
}

/**
 * What the sender filled in, as fields (issue 25 item 11) — not the composed lines
 * «Источник: … Клиент: № 2 Вложение: да» the request travels as.
 */
function RequestFieldsList({ fields }: { fields: RequestFields }) {
  return (
    <dl className={styles.definitionList}>
      <dt>Форма</dt>
      <dd>{REQUEST_KIND_LABELS[fields.source]}</dd>
      <dt>Телефон</dt>
      <dd>{fields.phone === null ? '—' : phoneText(fields.phone)}</dd>
      <dt>E-mail</dt>
      <dd>{fields.email ?? '—'}</dd>
      {fields.attachment !== null && (
        <>
          <dt>Вложение</dt>
          <dd>{fields.attachment ? 'есть' : 'нет'}</dd>
        </>
      )}
      <dt>{fields.source === 'consultation' ? 'Комментарий' : 'Сообщение'}</dt>
      <dd>{fields.comment ?? '—'}</dd>
    </dl>
  );
}

export function RequestThreadCard({ thread }: { thread: AdminRequestThread }) {
  const fields = thread.fields ?? null;
  return (
    <Card title="Переписка">
      <div className={styles.thread}>
        <div className={`${styles.bubbleBase} ${styles.bubble.client}`}>
          <p className={styles.strong}>{thread.clientName ?? thread.email ?? 'Клиент'}</p>
          {fields === null ? <p>{thread.text}</p> : <RequestFieldsList fields={fields} />}
          <p className={styles.muted}>{formatDateTime(thread.createdAt)}</p>
        </div>
        {thread.messages.map((message) => (
          <div key={message.id} className={`${styles.bubbleBase} ${styles.bubble[message.author]}`}>
            <p className={styles.strong}>
              {message.authorName ?? (message.author === 'admin' ? 'Магазин' : 'Клиент')}
            </p>
            <p>{message.text}</p>
            <p className={styles.muted}>{formatDateTime(message.createdAt)}</p>
          </div>
        ))}
      </div>
      {thread.attachment !== null && (
        <div className={styles.row} style={{ marginTop: '16px' }}>
          <a
            href={thread.attachment.url}
            className={buttonClassName({ variant: 'secondary', size: 's' })}
            download
          >
            <Download width={16} height={16} aria-hidden="true" /> Скачать вложение
          </a>
          <span className={styles.muted}>
            {thread.attachment.fileName} · {formatSize(thread.attachment.size)}
          </span>
        </div>
      )}
    </Card>
  );
}
