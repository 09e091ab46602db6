import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useEffect, useState } from 'react';
import type { ClientListSearch } from '../../../application/admin/list-search';
import type {
  AdminClientPage,
  AdminClientSummary,
  ClientSort,
} from '../../../application/ports/admin-clients.port';
import { Button } from '../../components/button';
import { formatDateTime, plural } from '../admin-format';
import { EmptyPanel, Field } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { DataTable } from '../data-table';
import { PageHeader } from '../page-header';
import { Pager } from '../pager';
import { phoneText } from '../phone-text';

const TO = '/admin/clients';

const SORT_LABELS: Readonly<Record<ClientSort, string>> = {
  created_desc: 'Сначала новые',
  created_asc: 'Сначала старые',
  last_seen_desc: 'По последнему визиту',
  email_asc: 'По e-mail',
  name_asc: 'По имени',
};

const columns: readonly ColumnDef<AdminClientSummary>[] = [
  {
    id: 'name',
    header: 'Клиент',
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <Link
          to="/admin/clients/$clientId"
          params={{ clientId: String(row.original.id) }}
          className={styles.link}
        >
          {row.original.name ?? row.original.email}
        </Link>
        <span className={styles.muted}>{row.original.email}</span>
      </div>
    ),
  },
  {
    id: 'phone',
    header: 'Телефон',
    cell: ({ row }) => <span className={styles.nowrap}>{phoneText(row.original.phone)}</span>,
  },
  {
    id: 'orders',
    header: 'Заказы',
    meta: { numeric: true },
    cell: ({ row }) => row.original.ordersCount,
  },
  {
    id: 'requests',
    header: 'Заявки',
    meta: { numeric: true, hideOnMobile: true },
    cell: ({ row }) => row.original.requestsCount,
  },
  {
    id: 'created',
    header: 'Регистрация',
    meta: { hideOnMobile: true },
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    id: 'seen',
    header: 'Последний визит',
    meta: { hideOnMobile: true },
    cell: ({ row }) => formatDateTime(row.original.lastSeenAt),
  },
];

export function ClientsListView({ search, page }: { search: ClientListSearch; page: AdminClientPage }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(search.q ?? '');
  useEffect(() => setQ(search.q ?? ''), [search.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: TO, search: { ...search, q: q.trim() || undefined, page: undefined } });
  };
  return (
    <>
      <PageHeader title="Клиенты" subtitle={plural(page.total, 'клиент', 'клиента', 'клиентов')} />
      <form className={styles.filterBar} onSubmit={submit} aria-label="Поиск клиентов">
        <Field label="Поиск" className={styles.filterSearch} hint="Телефон в любом виде: 8 921…, +7 (921)…">
          {(control) => (
            <input
              {...control}
              type="search"
              className={styles.control}
              placeholder="Телефон, e-mail или имя"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          )}
        </Field>
        <Field label="Порядок">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.sort ?? 'created_desc'}
              onChange={(event) => {
                const sort = (Object.keys(SORT_LABELS) as ClientSort[]).find(
                  (each) => each === event.target.value,
                );
                void navigate({ to: TO, search: { ...search, sort, page: undefined } });
              }}
            >
              {(Object.keys(SORT_LABELS) as ClientSort[]).map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div>
          <Button type="submit" size="s">
            Найти
          </Button>
        </div>
      </form>
      <DataTable
        caption="Клиенты"
        data={page.items}
        columns={columns}
        rowId={(client) => client.id}
        empty={<EmptyPanel title="Клиенты не найдены" text="Проверьте номер или e-mail." />}
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
