import { ADMIN_ORDERS_PORT, type AdminOrderPage } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import { type OrderListSearch, orderQueryOf } from '../order-list-search';

export interface OrdersListPage {
  readonly page: AdminOrderPage;
  /** Where the CSV and Excel files of exactly this filtered list are… */
  readonly exportCsv: string;
  readonly exportXlsx: string;
  /** …and the Excel sheet of their lines («Позиции»: one row an order line, Moscow time). */
  readonly exportLinesXlsx: string;
}

/** One page of the orders list for the URL's filters, with the export links of the same filters. */
export const readOrdersPage = defineUseCase(
  'admin.orders.listPage',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    async (search: OrderListSearch, signal?: AbortSignal): Promise<OrdersListPage> => {
      const query = orderQueryOf(search);
      const [page, exportCsv, exportXlsx, exportLinesXlsx] = await Promise.all([
        orders.list(query, { signal }),
        orders.exportUrl(query, 'csv', 'orders'),
        orders.exportUrl(query, 'xlsx', 'orders'),
        orders.exportUrl(query, 'xlsx', 'lines'),
      ]);
      return { page, exportCsv, exportXlsx, exportLinesXlsx };
    },
);
