import { ADMIN_ORDERS_PORT, type AdminOrder } from '../../ports/admin-orders.port';
import { ADMIN_REQUESTS_PORT } from '../../ports/admin-requests.port';
import { defineUseCase } from '../../use-case';

/** What needs attention today (/admin): each figure is the total of the list it links to. */
export interface DashboardFigures {
  readonly newOrders: number;
  readonly awaitingPayment: number;
  readonly overdue: number;
  readonly requestsWaiting: number;
  readonly latest: readonly AdminOrder[];
}

export const readDashboard = defineUseCase(
  'admin.dashboard.read',
  { orders: ADMIN_ORDERS_PORT, requests: ADMIN_REQUESTS_PORT },
  ({ orders, requests }) =>
    async (signal?: AbortSignal): Promise<DashboardFigures> => {
      const options = signal === undefined ? {} : { signal };
      const [newOrders, awaiting, overdue, waiting, latest] = await Promise.all([
        orders.list({ status: ['new'], limit: 1 }, options),
        orders.list({ payment: 'awaiting', limit: 1 }, options),
        orders.list({ overdue: true, limit: 1 }, options),
        requests.list({ waiting: true, limit: 1 }, options),
        orders.list({ limit: 6 }, options),
      ]);
      return {
        newOrders: newOrders.total,
        awaitingPayment: awaiting.total,
        overdue: overdue.total,
        requestsWaiting: waiting.total,
        latest: latest.items,
      };
    },
);
