import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { KeyRound, LogOut } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import type { ClientListSearch } from '../../../application/admin/list-search';
import type { AdminServices } from '../../../application/admin-services';
import { commandMachine } from '../../../application/machines/admin/admin-machines';
import type {
  AdminClientDetail,
  AdminClientPage,
  AdminClientSummary,
  ClientSort,
} from '../../../application/ports/admin-clients.port';
import { REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS } from '../../../application/ports/admin-requests.port';
import { Button } from '../../components/button';
import { formatDateTime, plural, REQUEST_STATUS_TONES } from '../admin-format';
import { Card, ConfirmDialog, EmptyPanel, Field, Notice, StatusBadge } from '../admin-ui';
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
            to={TO}
            search={{ ...search, page: next > 1 ? next : undefined }}
            className={styles.chip}
            aria-label={label}
          >
            {children}
          </Link>
        )}
      />
    </>
  );
}

const COMMAND_TEXT: Readonly<Record<string, { title: string; text: string; confirm: string }>> = {
  'client.endSessions': {
    title: 'Завершить все сеансы?',
    text: 'Клиент выйдет из аккаунта на всех устройствах и должен будет войти заново.',
    confirm: 'Завершить сеансы',
  },
  'client.passwordReset': {
    title: 'Отправить сброс пароля?',
    text: 'Клиенту уйдёт письмо с временным паролем. Сам пароль вы не увидите.',
    confirm: 'Отправить письмо',
  },
};

export function ClientDetailView({
  client,
  services,
  reload,
}: {
  client: AdminClientDetail;
  services: AdminServices;
  reload: () => void;
}) {
  const machine = useMemo(
    () =>
      commandMachine(async (command, signal) => {
        if (command.name === 'client.endSessions') return services.clients.endSessions(client.id, { signal });
        return services.clients.sendPasswordReset(client.id, { signal });
      }),
    [services.clients, client.id],
  );
  const command = useActorRef(machine);
  const state = useSelector(command, (snapshot) => snapshot.value);
  const pending = useSelector(command, (snapshot) => snapshot.context.command);
  const error = useSelector(command, (snapshot) => snapshot.context.error);
  const output = useSelector(command, (snapshot) => snapshot.context.output);
  useEffect(() => {
    const subscription = command.on('command.succeeded', () => reload());
    return () => subscription.unsubscribe();
  }, [command, reload]);
  const ask = (name: string) => command.send({ type: 'command.requested', command: { name, confirm: true } });
  const texts = pending === null ? undefined : COMMAND_TEXT[pending.name];
  return (
    <>
      <PageHeader
        title={client.name ?? client.email}
        crumbs={[{ label: 'Клиенты', to: TO }]}
        subtitle={`Клиент № ${client.id} · с ${formatDateTime(client.createdAt)}`}
        actions={
          <>
            <Button
              size="s"
              variant="secondary"
              disabled={state === 'running'}
              onClick={() => ask('client.passwordReset')}
            >
              <KeyRound width={16} height={16} aria-hidden="true" /> Сбросить пароль
            </Button>
            <Button
              size="s"
              variant="secondary"
              disabled={state === 'running'}
              onClick={() => ask('client.endSessions')}
            >
              <LogOut width={16} height={16} aria-hidden="true" /> Завершить сеансы
            </Button>
          </>
        }
      />
      {state === 'failed' && error !== null && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
      {state === 'done' && pending !== null && (
        <Notice tone="success" role="status">
          {pending.name === 'client.endSessions'
            ? `Сеансы завершены${typeof output === 'number' ? `: ${output}` : ''}.`
            : 'Письмо с временным паролем отправлено.'}
        </Notice>
      )}
      <div className={styles.twoColumns} style={{ marginTop: '16px' }}>
        <div className={styles.stack}>
          <Card title={`Заказы (${client.orders.length})`}>
            {client.orders.length === 0 ? (
              <p className={styles.muted}>Заказов пока нет.</p>
            ) : (
              <ul className={styles.dialogList}>
                {client.orders.map((order) => (
                  <li key={order.id} className={styles.dialogItem}>
                    <Link
                      to="/admin/orders/$orderId"
                      params={{ orderId: String(order.id) }}
                      className={styles.link}
                    >
                      № {order.id}
                    </Link>
                    <span className={styles.muted}>{formatDateTime(order.createdAt)}</span>
                    <StatusBadge tone="neutral">{order.statusLabel}</StatusBadge>
                    <span className={styles.mono}>{formatKopecks(order.total)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={`Заявки (${client.requests.length})`}>
            {client.requests.length === 0 ? (
              <p className={styles.muted}>Заявок нет.</p>
            ) : (
              <ul className={styles.dialogList}>
                {client.requests.map((request) => (
                  <li key={request.id} className={styles.dialogItem}>
                    <Link
                      to="/admin/client-requests/$requestId"
                      params={{ requestId: String(request.id) }}
                      className={styles.link}
                    >
                      {request.subject || `Заявка № ${request.id}`}
                    </Link>
                    <span className={styles.muted}>{REQUEST_KIND_LABELS[request.kind]}</span>
                    <StatusBadge tone={REQUEST_STATUS_TONES[request.status]}>
                      {REQUEST_STATUS_LABELS[request.status]}
                    </StatusBadge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <div className={styles.stack}>
          <Card title="Контакты">
            <dl className={styles.definitionList}>
              <dt>E-mail</dt>
              <dd>{client.email}</dd>
              <dt>Телефон</dt>
              <dd>{phoneText(client.phone)}</dd>
              <dt>Последний визит</dt>
              <dd>{formatDateTime(client.lastSeenAt)}</dd>
              <dt>Активных сеансов</dt>
              <dd>{client.sessionsCount}</dd>
              <dt>Пароль</dt>
              <dd>{client.mustChangePassword ? 'временный, ещё не сменён' : 'свой'}</dd>
              <dt>Подписка</dt>
              <dd>
                {client.subscription === null ? 'нет' : `с ${formatDateTime(client.subscription.since)}`}
              </dd>
            </dl>
          </Card>
          <Card title={`Избранное (${client.favourites.length})`}>
            {client.favourites.length === 0 ? (
              <p className={styles.muted}>Пусто.</p>
            ) : (
              <ul className={styles.dialogList}>
                {client.favourites.map((favourite) => (
                  <li key={favourite.productId} className={styles.dialogItem}>
                    <a
                      href={`/product/${favourite.slug}`}
                      className={styles.link}
                      target="_blank"
                      rel="noopener"
                    >
                      {favourite.name}
                    </a>
                    <span className={styles.muted}>{formatDateTime(favourite.addedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
      {state === 'confirming' && texts !== undefined && (
        <ConfirmDialog
          title={texts.title}
          confirmLabel={texts.confirm}
          destructive
          onConfirm={() => command.send({ type: 'command.confirmed' })}
          onCancel={() => command.send({ type: 'command.cancelled' })}
        >
          <p>{texts.text}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
