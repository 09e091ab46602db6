import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Paperclip } from 'lucide-react';
import {
  REQUEST_KIND_LABELS,
  REQUEST_KINDS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
} from '../../../../shared-rules/request-labels-rule';
import type { RequestListSearch } from '../../../application/admin/list-search';
import type {
  AdminRequestPage,
  AdminRequestSummary,
  AdminUser,
} from '../../../application/ports/admin-requests.port';
import { formatAge, formatListDate, plural, REQUEST_STATUS_TONES } from '../admin-format';
import { EmptyPanel, Field, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { DataTable } from '../data-table';
import { DateRangeFields, ListFilterFrame } from '../list-filter-frame';
import { PageHeader } from '../page-header';
import { Pager } from '../pager';
import { phoneText } from '../phone-text';

const TO = '/admin/client-requests' as const;

export function adminName(user: AdminUser | null): string {
  if (user === null) return 'Не назначена';
  return user.name ?? user.email;
}

const columns: readonly ColumnDef<AdminRequestSummary>[] = [
  {
    id: 'subject',
    header: 'Заявка',
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span className={`${styles.row} ${styles.nowrapRow}`}>
          {row.original.unread && <span className={styles.dot} role="img" aria-label="Непрочитанная" />}
          <Link
            to="/admin/client-requests/$requestId"
            params={{ requestId: String(row.original.id) }}
            className={styles.link}
          >
            {row.original.subject || `Заявка № ${row.original.id}`}
          </Link>
          {row.original.hasAttachment && <Paperclip width={14} height={14} aria-label="Есть вложение" />}
        </span>
        <span className={`${styles.muted} ${styles.clamp}`}>{row.original.excerpt}</span>
      </div>
    ),
  },
  {
    id: 'kind',
    header: 'Тип',
    meta: { hideOnMobile: true },
    cell: ({ row }) => REQUEST_KIND_LABELS[row.original.kind],
  },
  {
    id: 'client',
    header: 'Клиент',
    meta: { hideOnMobile: true },
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span>{row.original.clientName ?? row.original.email ?? '—'}</span>
        {row.original.phone && <span className={styles.muted}>{phoneText(row.original.phone)}</span>}
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Статус',
    cell: ({ row }) => (
      <StatusBadge tone={REQUEST_STATUS_TONES[row.original.status]}>
        {REQUEST_STATUS_LABELS[row.original.status]}
      </StatusBadge>
    ),
  },
  {
    id: 'assignee',
    header: 'Ответственный',
    meta: { hideOnMobile: true },
    cell: ({ row }) => <span className={styles.muted}>{adminName(row.original.assignee)}</span>,
  },
  {
    id: 'waiting',
    header: 'Ждёт ответа',
    meta: { hideOnMobile: true },
    cell: ({ row }) =>
      row.original.waitingSince === null ? (
        <span className={styles.muted}>—</span>
      ) : (
        <StatusBadge tone="warning">{formatAge(row.original.waitingSince)}</StatusBadge>
      ),
  },
  {
    id: 'date',
    header: 'Получена',
    cell: ({ row }) => <span className={styles.nowrap}>{formatListDate(row.original.createdAt)}</span>,
  },
];

export function RequestsListView({
  search,
  page,
  admins,
}: {
  search: RequestListSearch;
  page: AdminRequestPage;
  admins: readonly AdminUser[];
}) {
  const navigate = useNavigate();
  const go = (next: RequestListSearch) => void navigate({ to: TO, search: { ...next, page: undefined } });
  return (
    <>
      <PageHeader title="Заявки клиентов" subtitle={plural(page.total, 'заявка', 'заявки', 'заявок')} />
      <nav className={styles.chips} aria-label="Быстрые фильтры">
        <Link
          to={TO}
          search={{}}
          className={styles.chip}
          activeOptions={{ exact: true, includeSearch: true }}
        >
          Все
        </Link>
        <Link
          to={TO}
          search={{ waiting: true }}
          className={styles.chip}
          activeOptions={{ exact: true, includeSearch: true }}
        >
          Ждут ответа
        </Link>
        {REQUEST_STATUSES.map((status) => (
          <Link
            key={status}
            to={TO}
            search={{ status }}
            className={styles.chip}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            {REQUEST_STATUS_LABELS[status]}
          </Link>
        ))}
      </nav>
      <ListFilterFrame
        list={TO}
        label="Фильтры заявок"
        placeholder="Тема, текст, e-mail, имя или телефон"
        q={search.q}
        count={Object.keys(search).filter((key) => key !== 'page').length}
        onSearch={(q) => go({ ...search, q })}
      >
        <Field label="Тип">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.type ?? ''}
              onChange={(event) =>
                go({ ...search, type: REQUEST_KINDS.find((kind) => kind === event.target.value) })
              }
            >
              <option value="">Все типы</option>
              {REQUEST_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {REQUEST_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Статус">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.status ?? ''}
              onChange={(event) =>
                go({ ...search, status: REQUEST_STATUSES.find((status) => status === event.target.value) })
              }
            >
              <option value="">Все статусы</option>
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
              value={search.assignee === undefined ? '' : String(search.assignee)}
              onChange={(event) => {
                const value = event.target.value;
                go({
                  ...search,
                  assignee: value === 'none' ? 'none' : value === '' ? undefined : Number(value),
                });
              }}
            >
              <option value="">Все</option>
              <option value="none">Не назначена</option>
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {adminName(admin)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <DateRangeFields
          from={search.from}
          to={search.to}
          onChange={(range) => go({ ...search, ...range })}
        />
      </ListFilterFrame>
      <DataTable
        caption="Заявки клиентов"
        data={page.items}
        columns={columns}
        rowId={(request) => request.id}
        rowState={(request) => ({ unread: request.unread })}
        empty={<EmptyPanel title="Заявок нет" text="Консультации и обращения клиентов появятся здесь." />}
      />
      <Pager
        page={page.page}
        limit={page.limit}
        total={page.total}
        renderLink={(next, children, label) => (
          <Link
            {...label}
            activeOptions={{ exact: true, includeSearch: true }}
            to={TO}
            search={{ ...search, page: next > 1 ? next : undefined }}
            className={styles.chip}
          >
            {children}
          </Link>
        )}
      />
    </>
  );
}
