import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Download, Plus } from 'lucide-react';
import {
  activeFilterCount,
  nextSort,
  type OrderListSearch,
} from '../../../application/admin/order-list-search';
import type { OrdersListPage } from '../../../application/admin/orders/read-orders-page.query';
import { buttonClassName } from '../../components/button';
import { plural } from '../admin-format';
import { EmptyPanel } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { DataTable } from '../data-table';
import { PageHeader } from '../page-header';
import { Pager } from '../pager';
import { BulkBar, BulkConfirmation, BulkResults, useBulkOrders } from './orders-list/bulk-flow';
import { ORDER_COLUMNS } from './orders-list/order-columns';
import { ORDERS_LIST, OrderFilters } from './orders-list/order-filters';
import { ViewsBar } from './orders-list/views-bar';

export interface OrdersListProps extends OrdersListPage {
  readonly search: OrderListSearch;
  /**
   * Reads the list again after a bulk action: a bulk call answers per order whether it worked, not
   * the orders, so the rows are read once more.
   */
  readonly reload: () => void;
}

/**
 * The orders list (spec §7 «Admin: Orders»): views, filters and sorting in the URL, the table with
 * selection, the pager, and the bulk flow over the bulk-selection machine (orders-list/bulk-flow.tsx).
 */
export function OrdersListView({
  search,
  page,
  exportCsv,
  exportXlsx,
  exportLinesXlsx,
  reload,
}: OrdersListProps) {
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
            <a
              href={exportLinesXlsx}
              className={buttonClassName({ variant: 'secondary', size: 's' })}
              download
              title="Позиции заказов: строка на каждый товар, те же фильтры"
            >
              <Download width={16} height={16} aria-hidden="true" /> Позиции, Excel
            </a>
            <Link to="/admin/orders/new" className={buttonClassName({ variant: 'accent', size: 's' })}>
              <Plus width={16} height={16} aria-hidden="true" /> Новый заказ
            </Link>
          </>
        }
      />
      <ViewsBar search={search} />
      <OrderFilters search={search} />
      <DataTable
        caption="Заказы"
        data={page.items}
        columns={ORDER_COLUMNS}
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
            if (sortKey !== undefined) void navigate({ to: ORDERS_LIST, search: nextSort(search, sortKey) });
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
            {...label}
            activeOptions={{ exact: true, includeSearch: true }}
            to={ORDERS_LIST}
            search={{ ...search, page: next > 1 ? next : undefined }}
            className={styles.chip}
          >
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
