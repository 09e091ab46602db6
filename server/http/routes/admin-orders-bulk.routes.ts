import {
  bulkAllowOrderPayment,
  bulkDeleteOrders,
  bulkRestoreOrders,
  bulkUpdateOrderStatus,
} from '../../../api/admin-orders';
import type { AdminOrderUseCases } from '../../application/admin-orders/admin-order-use-cases';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActorOf, bulkResultJson } from './admin-order-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

/**
 * The list's bulk actions: per order, in the order of the ids (duplicates once), each through the
 * same single-order use case; each succeeds or fails on its own.
 */
export function adminOrdersBulkRoutes(
  settings: SessionSettings,
  useCases: Pick<
    AdminOrderUseCases,
    'bulkChangeStatus' | 'bulkAllowPayment' | 'bulkMoveToBin' | 'bulkRestoreFromBin'
  >,
): RouteModule {
  return {
    name: 'admin-orders-bulk',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(bulkUpdateOrderStatus, async ({ body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const seen = body.orders.map((order) => ({ id: order.id, expected: order.expectedStatus }));
        const outcomes = await useCases.bulkChangeStatus(actor, seen, body.status);
        return { results: outcomes.map(({ id, result }) => bulkResultJson(id, result)) };
      });
      router.route(bulkAllowOrderPayment, async ({ body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const outcomes = await useCases.bulkAllowPayment(actor, body.ids, body.allowed ?? true);
        return {
          results: outcomes.map((outcome) =>
            'skipped' in outcome
              ? { id: outcome.id, ok: false, code: 'skipped', error: `Пропущен: ${outcome.skipped}` }
              : bulkResultJson(outcome.id, outcome.result),
          ),
        };
      });
      router.route(bulkDeleteOrders, async ({ body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const outcomes = await useCases.bulkMoveToBin(actor, body.ids);
        return { results: outcomes.map(({ id, result }) => bulkResultJson(id, result)) };
      });
      router.route(bulkRestoreOrders, async ({ body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const outcomes = await useCases.bulkRestoreFromBin(actor, body.ids);
        return { results: outcomes.map(({ id, result }) => bulkResultJson(id, result)) };
      });
    },
  };
}
