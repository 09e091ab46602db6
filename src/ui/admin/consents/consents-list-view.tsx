import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useEffect, useState } from 'react';
import {
  CONSENT_ACTION_LABELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_SOURCE_LABELS,
} from '../../../../shared-rules/consent-rule';
import type { AdminConsentPage, AdminConsentRow } from '../../../application/ports/admin-consents.port';
import { Button, buttonClassName } from '../../components/button';
import { formatDateTime, plural } from '../admin-format';
import { EmptyPanel, Field } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { DataTable } from '../data-table';
import { PageHeader } from '../page-header';
import { Pager } from '../pager';

const TO = '/admin/consents';

export interface ConsentSearch {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly subject?: string | undefined;
  readonly page?: number | undefined;
}

const columns: readonly ColumnDef<AdminConsentRow>[] = [
  { id: 'at', header: 'Когда', cell: ({ row }) => formatDateTime(row.original.at) },
  {
    id: 'purpose',
    header: 'Согласие',
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span>{CONSENT_PURPOSE_LABELS[row.original.purpose]}</span>
        <span className={styles.muted}>
          {CONSENT_ACTION_LABELS[row.original.action]} · редакция {row.original.documentVersion}
        </span>
      </div>
    ),
  },
  {
    id: 'subject',
    header: 'Субъект',
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span>{row.original.email ?? row.original.phone ?? '—'}</span>
        <span className={styles.muted}>
          {row.original.clientId === null ? 'без аккаунта' : `клиент № ${row.original.clientId}`}
          {row.original.reference === null ? '' : ` · ${row.original.reference}`}
        </span>
      </div>
    ),
  },
  {
    id: 'source',
    header: 'Форма',
    meta: { hideOnMobile: true },
    cell: ({ row }) => CONSENT_SOURCE_LABELS[row.original.source] ?? row.original.source,
  },
  {
    id: 'ip',
    header: 'IP-адрес и браузер',
    meta: { hideOnMobile: true },
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span>{row.original.ip || '—'}</span>
        <span className={styles.muted}>{row.original.userAgent || '—'}</span>
      </div>
    ),
  },
];

/**
 * «Согласия» (issue 26, item 3; docs/privacy.md «The owner's export»): the 152-FZ consent records,
 * filtered by Moscow days and subject, and the CSV of the same filter.
 */
export function ConsentsListView({
  search,
  page,
  exportUrl,
}: {
  search: ConsentSearch;
  page: AdminConsentPage;
  exportUrl: string;
}) {
  const navigate = useNavigate();
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const [subject, setSubject] = useState(search.subject ?? '');
  useEffect(() => {
    setFrom(search.from ?? '');
    setTo(search.to ?? '');
    setSubject(search.subject ?? '');
  }, [search.from, search.to, search.subject]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({
      to: TO,
      search: {
        from: from || undefined,
        to: to || undefined,
        subject: subject.trim() || undefined,
        page: undefined,
      },
    });
  };
  return (
    <>
      <PageHeader
        title="Согласия"
        subtitle={plural(page.total, 'запись', 'записи', 'записей')}
        actions={
          <a href={exportUrl} className={buttonClassName({ variant: 'secondary', size: 's' })} download>
            Скачать CSV
          </a>
        }
      />
      <form className={styles.filterBar} onSubmit={submit} aria-label="Фильтр согласий">
        <Field label="С даты">
          {(control) => (
            <input
              {...control}
              type="date"
              className={styles.control}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          )}
        </Field>
        <Field label="По дату">
          {(control) => (
            <input
              {...control}
              type="date"
              className={styles.control}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          )}
        </Field>
        <Field label="Субъект" className={styles.filterSearch} hint="E-mail, телефон или номер клиента">
          {(control) => (
            <input
              {...control}
              type="search"
              className={styles.control}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
            />
          )}
        </Field>
        <div>
          <Button type="submit" size="s">
            Найти
          </Button>
        </div>
      </form>
      <DataTable
        caption="Согласия"
        data={page.items}
        columns={columns}
        rowId={(record) => record.id}
        empty={<EmptyPanel title="Записей нет" text="Измените даты или субъекта." />}
      />
      <Pager
        page={page.page}
        limit={page.limit}
        total={page.total}
        renderLink={(next, children, label) => (
          <Link
            to={TO}
            search={{ ...search, page: next > 1 ? next : undefined }}
            className={styles.chip}
            {...label}
          >
            {children}
          </Link>
        )}
      />
    </>
  );
}
