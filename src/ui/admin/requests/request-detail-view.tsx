import { Link } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import type { AdminServices } from '../../../application/admin-services';
import { formMachine } from '../../../application/machines/admin/admin-machines';
import {
  type AdminRequestThread,
  type AdminUser,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  type RequestStatus,
} from '../../../application/ports/admin-requests.port';
import { buttonClassName } from '../../components/button';
import { formatAge, formatDateTime, REQUEST_STATUS_TONES } from '../admin-format';
import { Card, Field, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { FormActions } from '../form-actions';
import { PageHeader } from '../page-header';
import { phoneText } from '../phone-text';
import { useAdminForm } from '../use-admin-form';
import { adminName } from './requests-list-view';

export interface RequestDetailProps {
  readonly thread: AdminRequestThread;
  readonly admins: readonly AdminUser[];
  readonly services: AdminServices;
  readonly reload: () => void;
}

interface ReplyDraft {
  readonly text: string;
}

interface TriageDraft {
  readonly status: RequestStatus;
  /** '' = unassigned; else the admin's id as text (a select's value). */
  readonly assignee: string;
}

const REPLY_MAX = 4000;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1)} МБ`;
}

function ThreadCard({ thread }: { thread: AdminRequestThread }) {
  return (
    <Card title="Переписка">
      <div className={styles.thread}>
        <div className={`${styles.bubbleBase} ${styles.bubble.client}`}>
          <p className={styles.strong}>{thread.clientName ?? thread.email ?? 'Клиент'}</p>
          <p>{thread.text}</p>
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

function ReplyCard({ thread, services, reload }: RequestDetailProps) {
  const machine = useMemo(
    () =>
      formMachine<ReplyDraft, AdminRequestThread>(
        {
          id: 'requestReply',
          isValid: (draft) => draft.text.trim() !== '' && draft.text.length <= REPLY_MAX,
          afterSave: () => ({ text: '' }),
        },
        (draft, signal) => services.requests.reply(thread.id, draft.text, { signal }),
      ),
    [services.requests, thread.id],
  );
  const form = useAdminForm(machine, { text: '' }, reload);
  const error =
    form.showErrors && form.draft.text.trim() === ''
      ? 'Напишите ответ'
      : form.draft.text.length > REPLY_MAX
        ? `Не больше ${REPLY_MAX} символов`
        : null;
  return (
    <Card title="Ответ клиенту">
      <form
        className={styles.stack}
        aria-label="Ответ клиенту"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <Field
          label="Текст ответа"
          hint={`Клиент получит письмо и увидит ответ в личном кабинете · ${form.draft.text.length}/${REPLY_MAX}`}
          error={error}
        >
          {(control) => (
            <textarea
              {...control}
              className={styles.textarea}
              rows={5}
              readOnly={form.status === 'saving'}
              value={form.draft.text}
              onChange={(event) => form.edit({ text: event.target.value })}
            />
          )}
        </Field>
        <FormActions form={form} saveLabel="Отправить ответ" />
      </form>
    </Card>
  );
}

function TriageCard({ thread, admins, services, reload }: RequestDetailProps) {
  const machine = useMemo(
    () =>
      formMachine<TriageDraft, AdminRequestThread>(
        { id: 'requestTriage', isValid: () => true },
        (draft, signal) =>
          services.requests.update(
            thread.id,
            { status: draft.status, assigneeId: draft.assignee === '' ? null : Number(draft.assignee) },
            { signal },
          ),
      ),
    [services.requests, thread.id],
  );
  const form = useAdminForm(
    machine,
    { status: thread.status, assignee: thread.assignee === null ? '' : String(thread.assignee.id) },
    reload,
  );
  return (
    <Card title="Обработка">
      <form
        className={styles.stack}
        aria-label="Статус и ответственный"
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <Field label="Статус">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={form.draft.status}
              onChange={(event) => {
                const status = REQUEST_STATUSES.find((each) => each === event.target.value);
                if (status !== undefined) form.edit({ status });
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
              value={form.draft.assignee}
              onChange={(event) => form.edit({ assignee: event.target.value })}
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
        <FormActions form={form} />
      </form>
    </Card>
  );
}

export function RequestDetailView(props: RequestDetailProps) {
  const { thread } = props;
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
          <ThreadCard thread={thread} />
          <ReplyCard {...props} />
        </div>
        <div className={styles.stack}>
          <TriageCard {...props} />
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
        </div>
      </div>
    </>
  );
}
