import {
  updateAdminOrderCart,
  updateAdminOrderPromo,
  updateAdminOrderServices,
} from '../../../api/admin-orders';
import type { AdminOrderUseCases } from '../../application/admin-orders/admin-order-use-cases';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActorOf, adminOrderCardJson, refusal } from './admin-order-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

/**
 * One order's lines, promo code and services (issue 23): priced again with checkout's rule, the stock and the promo use
 * moved by exactly the difference, refused (409 with the product and what is left) when short.
 */
export function adminOrderLinesRoutes(
  settings: SessionSettings,
  useCases: Pick<AdminOrderUseCases, 'updateLines' | 'updatePromo' | 'updateServices' | 'orderCardOf'>,
): RouteModule {
  return {
    name: 'admin-order-lines',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      const answer = async (result: Awaited<ReturnType<AdminOrderUseCases['updateLines']>>) =>
        result.ok ? adminOrderCardJson(await useCases.orderCardOf(result.order)) : refusal(result);

      router.route(updateAdminOrderCart, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.updateLines(actor, params.id, body.lines));
      });
      router.route(updateAdminOrderPromo, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.updatePromo(actor, params.id, body.promoCode));
      });
      router.route(updateAdminOrderServices, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.updateServices(actor, params.id, body));
      });
    },
  };
}
