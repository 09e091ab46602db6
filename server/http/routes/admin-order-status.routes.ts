import {
  allowOrderPayment,
  deleteAdminOrder,
  restoreAdminOrder,
  updateAdminOrderStatus,
} from '../../../api/admin-orders';
import type { AdminOrderUseCases } from '../../application/admin-orders/admin-order-use-cases';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActorOf, adminOrderCardJson, refusal } from './admin-order-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

/**
 * One order's place in its life: a status move (with the status the manager saw: a stale card gets
 * 409), «Разрешить оплату» and the bin. Each answers the saved card.
 */
export function adminOrderStatusRoutes(
  settings: SessionSettings,
  useCases: Pick<
    AdminOrderUseCases,
    'changeStatus' | 'allowPayment' | 'moveToBin' | 'restoreFromBin' | 'orderCardOf'
  >,
): RouteModule {
  return {
    name: 'admin-order-status',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      const answer = async (result: Awaited<ReturnType<AdminOrderUseCases['changeStatus']>>) =>
        result.ok ? adminOrderCardJson(await useCases.orderCardOf(result.order)) : refusal(result);

      router.route(updateAdminOrderStatus, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.changeStatus(actor, params.id, body.status, body.expectedStatus));
      });
      router.route(allowOrderPayment, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.allowPayment(actor, params.id, body.allowed ?? true));
      });
      router.route(deleteAdminOrder, async ({ params, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.moveToBin(actor, params.id));
      });
      router.route(restoreAdminOrder, async ({ params, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.restoreFromBin(actor, params.id));
      });
    },
  };
}
