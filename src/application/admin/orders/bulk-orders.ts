import { fromPromise } from 'xstate';
import { deliveryDateRefusal } from '../../../../shared-rules/delivery-agreement-rule';
import {
  type BulkAction,
  type BulkRowResult,
  bulkSelectionMachine,
} from '../../machines/admin/bulk-selection.machine';
import { ADMIN_ORDERS_PORT, type AdminOrder, isAdminOrderStatus } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';

/**
 * The orders list's selection and bulk flow, given how the list last showed each order (`seen`, any
 * page): one bulk call per action, answered per order. A status change sends each order with the
 * status the list showed, so an order someone moved meanwhile fails on its own with «Статус заказа
 * уже изменён…» instead of being moved from a status the manager never saw; an order with no delivery
 * date is not sent to «Доставка согласована» and says why (shared-rules/delivery-agreement-rule.ts).
 */
export const bulkOrders = defineUseCase(
  'admin.orders.bulk',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    (seen: (id: number) => AdminOrder | undefined) =>
      bulkSelectionMachine.provide({
        actors: {
          apply: fromPromise<readonly BulkRowResult[], { action: BulkAction; ids: readonly number[] }>(
            async ({ input: { action, ids }, signal }) => {
              if (action.kind === 'delete') return (await orders.bulkDelete(ids, { signal })).results;
              if (action.kind === 'allowPayment')
                return (await orders.bulkAllowPayment(ids, true, { signal })).results;
              const status = action.status;
              if (!isAdminOrderStatus(status)) throw new Error(`Unknown order status ${status}`);
              const refused = new Map<number, string>();
              const sent = ids.flatMap((id) => {
                const order = seen(id);
                if (order === undefined) return [];
                const refusal = deliveryDateRefusal(status, order.deliveryDetails.date);
                if (refusal !== null) refused.set(id, refusal);
                return refusal === null ? [{ id, expectedStatus: order.status }] : [];
              });
              const answered =
                sent.length === 0 ? [] : (await orders.bulkUpdateStatus(sent, status, { signal })).results;
              const byId = new Map(answered.map((row) => [row.id, row]));
              return ids.flatMap((id): BulkRowResult[] => {
                const refusal = refused.get(id);
                if (refusal !== undefined) return [{ id, ok: false, error: refusal }];
                const row = byId.get(id);
                return row === undefined ? [] : [row];
              });
            },
          ),
        },
      }),
);
