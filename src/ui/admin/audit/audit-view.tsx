import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import {
  auditActionLabel,
  auditFieldLabel,
  auditRecordKindLabel,
  auditValueText,
} from '../../../../shared-rules/audit-action-rule';
import { ADMIN_AREA_LABELS, ADMIN_AREAS } from '../../../../shared-rules/staff-role-rule';
import { type AuditSearch, auditFilterCount } from '../../../application/admin/audit/audit-search';
import type { AuditEntry, AuditPage, StaffMember } from '../../../application/ports/admin-staff.port';
import { formatDateTime, plural } from '../admin-format';
import { EmptyPanel, Field } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { DataTable } from '../data-table';
import { DateRangeFields, ListFilterFrame } from '../list-filter-frame';
import { PageHeader } from '../page-header';
import { Pager } from '../pager';

const TO = '/admin/audit' as const;

/** A value as the log keeps it, worded for people (shared-rules/audit-action-rule.ts); «—» for none. */
function valueText(field: string, value: string | null, entityType: string): string {
  const text = auditValueText(field, value, entityType) ?? '—';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <ul className={styles.stackSmall} aria-label="Изменения">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <span className={styles.strong}>{auditFieldLabel(change.field, entry.entityType)}</span>:{' '}
          {valueText(change.field, change.before, entry.entityType)} →{' '}
          {valueText(change.field, change.after, entry.entityType)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The columns; the action and the person are links that filter the log by them («all entries like
 * this»), which also gives the table's scrolling region on phones something to focus. The action
 * filters by its Russian label, which the server's search reads back to the action's code.
 */
const columnsFor = (search: AuditSearch): readonly ColumnDef<AuditEntry>[] => [
  {
    id: 'at',
    header: 'Когда (МСК)',
    cell: ({ row }) => <span className={styles.nowrapRow}>{formatDateTime(row.original.at)}</span>,
  },
  {
    id: 'actor',
    header: 'Кто',
    cell: ({ row }) => {
      const actor = row.original.actor;
      if (actor === null) return <span className={styles.muted}>Система</span>;
      return (
        <Link to={TO} search={{ ...search, actorId: actor.id, page: undefined }} className={styles.link}>
          {actor.name}
        </Link>
      );
    },
  },
  {
    id: 'what',
    header: 'Что',
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <Link
          to={TO}
          search={{ ...search, q: auditActionLabel(row.original.action), page: undefined }}
          className={styles.link}
        >
          {auditActionLabel(row.original.action)}
        </Link>
        <span className={styles.muted}>
          {row.original.area === null ? '' : `${ADMIN_AREA_LABELS[row.original.area]} · `}
          {auditRecordKindLabel(row.original.entityType)} № {row.original.entityId}
        </span>
      </div>
    ),
  },
  { id: 'changes', header: 'Было → стало', cell: ({ row }) => <Changes entry={row.original} /> },
  {
    id: 'ip',
    header: 'Адрес',
    meta: { hideOnMobile: true },
    cell: ({ row }) => <span className={styles.muted}>{row.original.ip ?? '—'}</span>,
  },
];

/**
 * «Журнал действий» (/admin/audit, the owner's; docs/staff.md «The audit log»): who did what and when,
 * with each changed field before → after, newest first. The filters live in the address (person,
 * area, Moscow days, text), so a filtered view can be bookmarked or sent; the page is the server's.
 */
export function AuditView({
  search,
  page,
  people,
}: {
  search: AuditSearch;
  page: AuditPage;
  people: readonly StaffMember[];
}) {
  const navigate = useNavigate();
  const go = (next: AuditSearch) => void navigate({ to: TO, search: { ...next, page: undefined } });
  return (
    <>
      <PageHeader title="Журнал действий" subtitle={plural(page.total, 'запись', 'записи', 'записей')} />
      <ListFilterFrame
        list={TO}
        label="Фильтры журнала"
        placeholder="Действие, запись, номер, значение до или после"
        q={search.q}
        count={auditFilterCount(search)}
        onSearch={(q) => go({ ...search, q })}
      >
        <Field label="Сотрудник">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.actorId === undefined ? '' : String(search.actorId)}
              onChange={(event) =>
                go({ ...search, actorId: event.target.value === '' ? undefined : Number(event.target.value) })
              }
            >
              <option value="">Все</option>
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name ?? person.email}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Раздел">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.area ?? ''}
              onChange={(event) =>
                go({ ...search, area: ADMIN_AREAS.find((area) => area === event.target.value) })
              }
            >
              <option value="">Все разделы</option>
              {ADMIN_AREAS.map((area) => (
                <option key={area} value={area}>
                  {ADMIN_AREA_LABELS[area]}
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
        caption="Журнал действий"
        data={page.items}
        columns={columnsFor(search)}
        rowId={(entry) => entry.id}
        empty={<EmptyPanel title="Записей нет" text="Измените фильтры или выберите другие дни." />}
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
