import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { Download, Plus, Save, X } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import {
  bulkActionTitle,
  bulkPreview,
  bulkPreviewSummary,
  bulkStatusTargets,
} from '../../../application/admin/bulk-preview';
import {
  activeFilterCount,
  filtersOf,
  nextSort,
  type OrderListSearch,
  sameFilters,
} from '../../../application/admin/order-list-search';
import {
  BUILT_IN_ORDER_VIEWS,
  deleteView,
  personalViews,
  type SavedView,
  saveView,
} from '../../../application/admin/saved-views';
import type { AdminServices } from '../../../application/admin-services';
import { orderBulkMachine } from '../../../application/machines/admin/admin-machines';
import type { BulkAction } from '../../../application/machines/admin/bulk-selection.machine';
import {
  ADMIN_ORDER_STATUS_LABELS,
  ADMIN_ORDER_STATUSES,
  type AdminOrder,
  type AdminOrderPage,
  isAdminOrderStatus,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
} from '../../../application/ports/admin-orders.port';
import { Button, buttonClassName } from '../../components/button';
import { Modal } from '../../components/modal';
import { formatDay, formatListDate, ORDER_STATUS_TONES, PAYMENT_STATE_TONES, plural } from '../admin-format';
import { ConfirmDialog, EmptyPanel, Field, Notice, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { DataTable } from '../data-table';
import { PageHeader } from '../page-header';
import { Pager } from '../pager';
import { phoneText } from '../phone-text';

export interface OrdersListProps {
  readonly search: OrderListSearch;
  readonly page: AdminOrderPage;
  readonly exportCsv: string;
  readonly exportXlsx: string;
  readonly services: AdminServices;
  /** Reloads the list (after a bulk action). */
  readonly reload: () => void;
}

const TO = '/admin/orders';

const columns: readonly ColumnDef<AdminOrder>[] = [
  {
    id: 'number',
    header: '№',
    cell: ({ row }) => (
      <Link to="/admin/orders/$orderId" params={{ orderId: String(row.original.id) }} className={styles.link}>
        {row.original.id}
      </Link>
    ),
  },
  {
    id: 'date',
    header: 'Дата',
    meta: { sortKey: 'createdAt', hideOnMobile: true },
    cell: ({ row }) => <span className={styles.nowrap}>{formatListDate(row.original.createdAt)}</span>,
  },
  {
    id: 'client',
    header: 'Клиент',
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span className={styles.strong}>{row.original.contact.name}</span>
        <span className={`${styles.muted} ${styles.nowrap}`}>{phoneText(row.original.contact.phone)}</span>
      </div>
    ),
  },
  {
    id: 'email',
    header: 'E-mail',
    meta: { hideOnMobile: true },
    cell: ({ row }) => <span className={styles.muted}>{row.original.contact.email}</span>,
  },
  {
    id: 'total',
    header: 'Сумма',
    meta: { numeric: true, sortKey: 'total' },
    cell: ({ row }) => formatKopecks(row.original.total),
  },
  {
    id: 'status',
    header: 'Статус',
    meta: { sortKey: 'status' },
    cell: ({ row }) => (
      <div className={styles.row}>
        <StatusBadge tone={ORDER_STATUS_TONES[row.original.status]}>{row.original.statusLabel}</StatusBadge>
        {row.original.overdue && <StatusBadge tone="danger">Просрочен</StatusBadge>}
        {row.original.deletedAt !== null && <StatusBadge tone="muted">В корзине</StatusBadge>}
      </div>
    ),
  },
  {
    id: 'payment',
    header: 'Оплата',
    meta: { hideOnMobile: true },
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <StatusBadge tone={PAYMENT_STATE_TONES[row.original.paymentState]}>
          {PAYMENT_STATE_LABELS[row.original.paymentState]}
        </StatusBadge>
        <span className={styles.muted}>
          {row.original.paymentMethod === 'online' ? 'Онлайн' : 'При получении'}
        </span>
      </div>
    ),
  },
  {
    id: 'delivery',
    header: 'Доставка',
    meta: { hideOnMobile: true },
    cell: ({ row }) => (
      <div className={styles.stackSmall}>
        <span>{row.original.delivery.method === 'courier' ? 'Курьер' : 'Самовывоз'}</span>
        {row.original.deliveryDetails.date !== null && (
          <span className={styles.muted}>
            {formatDay(row.original.deliveryDetails.date)}
            {row.original.deliveryDetails.timeSlot ? `, ${row.original.deliveryDetails.timeSlot}` : ''}
          </span>
        )}
      </div>
    ),
  },
];

function ViewsBar({ search, storage }: { search: OrderListSearch; storage: AdminServices['storage'] }) {
  const [personal, setPersonal] = useState<readonly SavedView[]>(() => personalViews(storage));
  const [naming, setNaming] = useState<string | null>(null);
  const views = [...BUILT_IN_ORDER_VIEWS, ...personal];
  const current = views.find((view) => sameFilters(view.filters, search));
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (naming === null || naming.trim() === '') return;
    setPersonal(saveView(storage, naming, filtersOf(search), Date.now()));
    setNaming(null);
  };
  return (
    <nav className={styles.chips} aria-label="Виды списка">
      {views.map((view) => (
        <span key={view.id} className={styles.row}>
          <Link
            to={TO}
            search={view.filters}
            className={styles.chip}
            // The router marks the view whose filters are exactly the page's (aria-current="page").
            activeOptions={{ exact: true, includeSearch: true }}
          >
            {view.name}
            {!view.builtIn && (
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Удалить вид «${view.name}»`}
                onClick={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  setPersonal(deleteView(storage, view.id));
                }}
              >
                <X width={14} height={14} aria-hidden="true" />
              </button>
            )}
          </Link>
        </span>
      ))}
      {current === undefined &&
        (naming === null ? (
          <button type="button" className={styles.chip} onClick={() => setNaming('')}>
            <Save width={14} height={14} aria-hidden="true" /> Сохранить вид
          </button>
        ) : (
          <form className={styles.row} onSubmit={save}>
            <input
              className={styles.control}
              aria-label="Название вида"
              placeholder="Название вида"
              maxLength={40}
              value={naming}
              onChange={(event) => setNaming(event.target.value)}
            />
            <Button size="s" type="submit" disabled={naming.trim() === ''}>
              Сохранить
            </Button>
            <Button size="s" variant="ghost" onClick={() => setNaming(null)}>
              Отмена
            </Button>
          </form>
        ))}
    </nav>
  );
}

function Filters({ search }: { search: OrderListSearch }) {
  const navigate = useNavigate();
  const go = (next: OrderListSearch) => void navigate({ to: TO, search: { ...next, page: undefined } });
  const [q, setQ] = useState(search.q ?? '');
  const [promo, setPromo] = useState(search.promo ?? '');
  // A navigation (a view, the back button) brings its own text.
  useEffect(() => setQ(search.q ?? ''), [search.q]);
  useEffect(() => setPromo(search.promo ?? ''), [search.promo]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...search, q: q.trim() || undefined, promo: promo.trim() || undefined });
  };
  const status = search.status?.length === 1 ? search.status[0] : '';
  const count = activeFilterCount(search);
  // Phones show the search alone until «Фильтры» is opened (a view detail, not shop state).
  const [expanded, setExpanded] = useState(false);
  return (
    <form
      className={styles.filterBar}
      onSubmit={submit}
      aria-label="Фильтры заказов"
      data-expanded={expanded}
    >
      <Field label="Поиск" className={styles.filterSearch}>
        {(control) => (
          <input
            {...control}
            type="search"
            className={styles.control}
            placeholder="Номер, имя, e-mail или телефон"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        )}
      </Field>
      <button
        type="button"
        className={`${styles.chip} ${styles.filterToggle}`}
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        Фильтры{count > 0 ? ` (${count})` : ''}
      </button>
      <div className={styles.filterMore}>
        <Field label="Статус">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={status}
              onChange={(event) => {
                const value = event.target.value;
                go({ ...search, status: isAdminOrderStatus(value) ? [value] : undefined });
              }}
            >
              <option value="">{(search.status?.length ?? 0) > 1 ? 'Несколько' : 'Все статусы'}</option>
              {ADMIN_ORDER_STATUSES.map((each) => (
                <option key={each} value={each}>
                  {ADMIN_ORDER_STATUS_LABELS[each]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Оплата">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.payment ?? ''}
              onChange={(event) => {
                const value = PAYMENT_STATES.find((each) => each === event.target.value);
                go({ ...search, payment: value });
              }}
            >
              <option value="">Любая</option>
              {PAYMENT_STATES.map((each) => (
                <option key={each} value={each}>
                  {PAYMENT_STATE_LABELS[each]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Доставка">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              value={search.delivery ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                go({ ...search, delivery: value === 'courier' || value === 'pickup' ? value : undefined });
              }}
            >
              <option value="">Любая</option>
              <option value="courier">Курьер</option>
              <option value="pickup">Самовывоз</option>
            </select>
          )}
        </Field>
        <Field label="С даты">
          {(control) => (
            <input
              {...control}
              type="date"
              className={styles.control}
              value={search.from ?? ''}
              onChange={(event) => go({ ...search, from: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="По дату">
          {(control) => (
            <input
              {...control}
              type="date"
              className={styles.control}
              value={search.to ?? ''}
              onChange={(event) => go({ ...search, to: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="Промокод">
          {(control) => (
            <input
              {...control}
              className={styles.control}
              value={promo}
              onChange={(event) => setPromo(event.target.value)}
            />
          )}
        </Field>
        <label className={styles.checkboxLabel}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={search.overdue === true}
            onChange={(event) => go({ ...search, overdue: event.target.checked ? true : undefined })}
          />
          Только просроченные
        </label>
      </div>
      <div className={styles.row}>
        <Button type="submit" size="s">
          Найти
        </Button>
        {count > 0 && (
          <Link to={TO} search={{}} className={buttonClassName({ variant: 'ghost', size: 's' })}>
            Сбросить ({count})
          </Link>
        )}
      </div>
    </form>
  );
}

function BulkFlow({
  orders,
  services,
  reload,
}: {
  orders: readonly AdminOrder[];
  services: AdminServices;
  reload: () => void;
}) {
  // The status each order had when the manager last saw it in the list (any page).
  const seenStatuses = useRef(new Map<number, AdminOrder['status']>());
  for (const order of orders) seenStatuses.current.set(order.id, order.status);
  const machine = useMemo(
    () => orderBulkMachine(services.orders, (id) => seenStatuses.current.get(id)),
    [services.orders],
  );
  const bulk = useActorRef(machine);
  const state = useSelector(bulk, (snapshot) => snapshot.value);
  const selected = useSelector(bulk, (snapshot) => snapshot.context.selected);
  const action = useSelector(bulk, (snapshot) => snapshot.context.action);
  const results = useSelector(bulk, (snapshot) => snapshot.context.results);
  const error = useSelector(bulk, (snapshot) => snapshot.context.error);
  const [target, setTarget] = useState('');

  useEffect(() => {
    const subscription = bulk.on('bulk.applied', () => reload());
    return () => subscription.unsubscribe();
  }, [bulk, reload]);

  const targets = bulkStatusTargets(selected, orders).filter(isAdminOrderStatus);
  const choose = (chosen: BulkAction) => bulk.send({ type: 'bulk.chosen', action: chosen });
  const preview = action === null ? [] : bulkPreview(selected, orders, action);
  const allowedCount = preview.filter((row) => row.allowed).length;

  return {
    selection: {
      selected,
      onToggle: (id: number) => bulk.send({ type: 'selection.toggled', id }),
      onTogglePage: (ids: readonly number[]) => {
        const all = ids.every((id) => selected.includes(id));
        bulk.send({
          type: 'selection.replaced',
          ids: all ? selected.filter((id) => !ids.includes(id)) : [...selected, ...ids],
        });
      },
      disabled: state === 'applying',
    },
    view: (
      <>
        {selected.length > 0 && (
          <section className={styles.bulkBar} aria-label="Действия с выбранными">
            <span className={styles.bulkCount}>Выбрано: {selected.length}</span>
            <select
              className={styles.control}
              style={{ width: 'auto' }}
              aria-label="Новый статус"
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            >
              <option value="">Статус…</option>
              {targets.map((each) => (
                <option key={each} value={each}>
                  {ADMIN_ORDER_STATUS_LABELS[each]}
                </option>
              ))}
            </select>
            <Button
              size="s"
              variant="inverse"
              disabled={target === ''}
              onClick={() => choose({ kind: 'status', status: target })}
            >
              Сменить статус
            </Button>
            <Button size="s" variant="inverse" onClick={() => choose({ kind: 'allowPayment' })}>
              Разрешить оплату
            </Button>
            <Button size="s" variant="inverse" onClick={() => choose({ kind: 'delete' })}>
              Удалить
            </Button>
            <Button
              size="s"
              variant="ghost"
              className={styles.strong}
              onClick={() => bulk.send({ type: 'selection.cleared' })}
            >
              <span style={{ color: 'inherit' }}>Снять выбор</span>
            </Button>
          </section>
        )}
        {(state === 'confirming' || state === 'applying') && action !== null && (
          <ConfirmDialog
            title={bulkActionTitle(action)}
            confirmLabel={allowedCount === 0 ? 'Всё равно отправить' : `Применить к ${allowedCount}`}
            destructive={action.kind === 'delete'}
            busy={state === 'applying'}
            onConfirm={() => bulk.send({ type: 'bulk.confirmed' })}
            onCancel={() => bulk.send({ type: 'bulk.cancelled' })}
          >
            <p>
              {allowedCount === preview.length
                ? `Изменение коснётся ${plural(preview.length, 'заказа', 'заказов', 'заказов')}.`
                : bulkPreviewSummary(preview, action)}
            </p>
            <ul className={styles.dialogList} aria-label="Что изменится">
              {preview.map((row) => (
                <li key={row.id} className={styles.dialogItem}>
                  <span className={styles.strong}>№ {row.id}</span>
                  <span className={row.allowed ? undefined : styles.danger}>{row.change}</span>
                </li>
              ))}
            </ul>
          </ConfirmDialog>
        )}
        {state === 'results' && (
          <Modal title="Результат" onClose={() => bulk.send({ type: 'results.closed' })} name="bulk-results">
            <div className={styles.stack}>
              {error !== null ? (
                <Notice tone="error" role="alert">
                  {error}
                </Notice>
              ) : (
                <>
                  <Notice tone={results.every((row) => row.ok) ? 'success' : 'warning'} role="status">
                    Выполнено: {results.filter((row) => row.ok).length} из {results.length}
                  </Notice>
                  <ul className={styles.dialogList} aria-label="Результат по заказам">
                    {results.map((row) => (
                      <li key={row.id} className={styles.dialogItem}>
                        <span className={styles.strong}>№ {row.id}</span>
                        <span className={row.ok ? undefined : styles.danger}>
                          {row.ok ? 'Готово' : (row.error ?? 'Не выполнено')}
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <div className={styles.dialogActions}>
                <Button onClick={() => bulk.send({ type: 'results.closed' })}>Готово</Button>
              </div>
            </div>
          </Modal>
        )}
      </>
    ),
  };
}

export function OrdersListView({ search, page, exportCsv, exportXlsx, services, reload }: OrdersListProps) {
  const navigate = useNavigate();
  const bulk = BulkFlow({ orders: page.items, services, reload });
  const sortBy = search.sort ?? 'createdAt';
  return (
    <>
      <PageHeader
        title={search.deleted ? 'Корзина заказов' : 'Заказы'}
        subtitle={plural(page.total, 'заказ', 'заказа', 'заказов')}
        actions={
          <>
            <a href={exportCsv} className={buttonClassName({ variant: 'secondary', size: 's' })} download>
              <Download width={16} height={16} aria-hidden="true" /> CSV
            </a>
            <a href={exportXlsx} className={buttonClassName({ variant: 'secondary', size: 's' })} download>
              <Download width={16} height={16} aria-hidden="true" /> Excel
            </a>
            <Link to="/admin/orders/new" className={buttonClassName({ variant: 'accent', size: 's' })}>
              <Plus width={16} height={16} aria-hidden="true" /> Новый заказ
            </Link>
          </>
        }
      />
      <ViewsBar search={search} storage={services.storage} />
      <Filters search={search} />
      <DataTable
        caption="Заказы"
        data={page.items}
        columns={columns}
        rowId={(order) => order.id}
        rowLabel={(order) => `заказ № ${order.id}`}
        selection={bulk.selection}
        sort={{
          by: sortBy,
          dir: search.dir ?? 'desc',
          onSort: (key) => {
            const sortKey = (['createdAt', 'total', 'status', 'updatedAt'] as const).find(
              (each) => each === key,
            );
            if (sortKey !== undefined) void navigate({ to: TO, search: nextSort(search, sortKey) });
          },
        }}
        empty={
          <EmptyPanel
            title="Заказов не найдено"
            text={
              activeFilterCount(search) > 0
                ? 'Измените фильтры или сбросьте их.'
                : 'Здесь появятся заказы покупателей.'
            }
          />
        }
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
      {bulk.view}
    </>
  );
}
