import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { Download, Plus, Save, X } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
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
import { bulkOrders } from '../../../application/admin/orders/bulk-orders';
import type { OrdersListPage } from '../../../application/admin/orders/read-orders-page.query';
import { savedOrderViews } from '../../../application/admin/orders/saved-order-views';
import { BUILT_IN_ORDER_VIEWS, type SavedView } from '../../../application/admin/saved-views';
import type {
  BulkAction,
  bulkSelectionMachine,
} from '../../../application/machines/admin/bulk-selection.machine';
import {
  ADMIN_ORDER_STATUS_LABELS,
  ADMIN_ORDER_STATUSES,
  type AdminOrder,
  isAdminOrderStatus,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
} from '../../../application/ports/admin-orders.port';
import { Button, buttonClassName } from '../../components/button';
import { Modal } from '../../components/modal';
import { useUseCase } from '../../shell/shop-context';
import { formatDay, formatListDate, ORDER_STATUS_TONES, PAYMENT_STATE_TONES, plural } from '../admin-format';
import { ConfirmDialog, EmptyPanel, Field, Notice, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { DataTable } from '../data-table';
import { PageHeader } from '../page-header';
import { Pager } from '../pager';
import { phoneText } from '../phone-text';

export interface OrdersListProps extends OrdersListPage {
  readonly search: OrderListSearch;
  /**
   * Reads the list again after a bulk action: a bulk call answers per order whether it worked, not
   * the orders, so the rows are read once more.
   */
  readonly reload: () => void;
}

type BulkActor = ActorRefFrom<typeof bulkSelectionMachine>;

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

/**
 * The built-in and the manager's own views of the list. A personal view's «удалить» sits beside its
 * link, not inside it (a button inside a link is two controls in one).
 */
function ViewsBar({ search }: { search: OrderListSearch }) {
  const saved = useUseCase(savedOrderViews);
  const [personal, setPersonal] = useState<readonly SavedView[]>(() => saved.read());
  const [naming, setNaming] = useState<string | null>(null);
  const views = [...BUILT_IN_ORDER_VIEWS, ...personal];
  const current = views.find((view) => sameFilters(view.filters, search));
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (naming === null || naming.trim() === '') return;
    setPersonal(saved.save(naming, filtersOf(search), Date.now()));
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
          </Link>
          {!view.builtIn && (
            <button
              type="button"
              className={styles.chipRemove}
              aria-label={`Удалить вид «${view.name}»`}
              onClick={() => setPersonal(saved.remove(view.id))}
            >
              <X width={14} height={14} aria-hidden="true" />
            </button>
          )}
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

/** The bar over a selection: a status the selected orders can move to, allow payment, delete. */
function BulkBar({ bulk, orders }: { bulk: BulkActor; orders: readonly AdminOrder[] }) {
  const selected = useSelector(bulk, (snapshot) => snapshot.context.selected);
  const [target, setTarget] = useState('');
  if (selected.length === 0) return null;
  const targets = bulkStatusTargets(selected, orders).filter(isAdminOrderStatus);
  const choose = (action: BulkAction) => bulk.send({ type: 'bulk.chosen', action });
  return (
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
  );
}

/** What the chosen action will do to each selected order (read from its `actions`), then confirm. */
function BulkConfirmation({ bulk, orders }: { bulk: BulkActor; orders: readonly AdminOrder[] }) {
  const open = useSelector(
    bulk,
    (snapshot) => snapshot.matches('confirming') || snapshot.matches('applying'),
  );
  const applying = useSelector(bulk, (snapshot) => snapshot.matches('applying'));
  const selected = useSelector(bulk, (snapshot) => snapshot.context.selected);
  const action = useSelector(bulk, (snapshot) => snapshot.context.action);
  if (!open || action === null) return null;
  const preview = bulkPreview(selected, orders, action);
  const allowedCount = preview.filter((row) => row.allowed).length;
  return (
    <ConfirmDialog
      title={bulkActionTitle(action)}
      confirmLabel={allowedCount === 0 ? 'Всё равно отправить' : `Применить к ${allowedCount}`}
      destructive={action.kind === 'delete'}
      busy={applying}
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
  );
}

/** What happened to each order; closing it clears the selection (the list is read again). */
function BulkResults({ bulk }: { bulk: BulkActor }) {
  const open = useSelector(bulk, (snapshot) => snapshot.matches('results'));
  const results = useSelector(bulk, (snapshot) => snapshot.context.results);
  const error = useSelector(bulk, (snapshot) => snapshot.context.error);
  if (!open) return null;
  const close = () => bulk.send({ type: 'results.closed' });
  return (
    <Modal title="Результат" onClose={close} name="bulk-results">
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
          <Button onClick={close}>Готово</Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * The list's selection machine (bulk-orders.ts), given every order the list has shown: a status change
 * sends each order with the status the manager saw, on whichever page it was ticked.
 */
function useBulkOrders(orders: readonly AdminOrder[], reload: () => void): BulkActor {
  const seen = useRef(new Map<number, AdminOrder>());
  for (const order of orders) seen.current.set(order.id, order);
  const provide = useUseCase(bulkOrders);
  const machine = useMemo(() => provide((id) => seen.current.get(id)), [provide]);
  const bulk = useActorRef(machine);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    const subscription = bulk.on('bulk.applied', () => reloadRef.current());
    return () => subscription.unsubscribe();
  }, [bulk]);
  return bulk;
}

export function OrdersListView({ search, page, exportCsv, exportXlsx, reload }: OrdersListProps) {
  const navigate = useNavigate();
  const bulk = useBulkOrders(page.items, reload);
  const selected = useSelector(bulk, (snapshot) => snapshot.context.selected);
  const applying = useSelector(bulk, (snapshot) => snapshot.matches('applying'));
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
      <ViewsBar search={search} />
      <Filters search={search} />
      <DataTable
        caption="Заказы"
        data={page.items}
        columns={columns}
        rowId={(order) => order.id}
        rowLabel={(order) => `заказ № ${order.id}`}
        selection={{
          selected,
          onToggle: (id) => bulk.send({ type: 'selection.toggled', id }),
          onTogglePage: (ids) =>
            bulk.send({
              type: 'selection.replaced',
              ids: ids.every((id) => selected.includes(id))
                ? selected.filter((id) => !ids.includes(id))
                : [...selected, ...ids],
            }),
          disabled: applying,
        }}
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
        // The link's name is its visible «Назад» / «Вперёд» (a different aria-label would hide it).
        renderLink={(next, children) => (
          <Link to={TO} search={{ ...search, page: next > 1 ? next : undefined }} className={styles.chip}>
            {children}
          </Link>
        )}
      />
      <BulkBar bulk={bulk} orders={page.items} />
      <BulkConfirmation bulk={bulk} orders={page.items} />
      <BulkResults bulk={bulk} />
    </>
  );
}
