import {
  addAdminOrderNote,
  updateAdminOrderDelivery,
  updateAdminOrderPayment,
  updateAdminOrderUserInfo,
} from '../../../api/admin-orders';
import type { AdminOrderUseCases } from '../../application/admin-orders/admin-order-use-cases';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActorOf, adminOrderCardJson, refusal, storedContact } from './admin-order-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

/** One order's details a manager edits: contact, payment terms, delivery, and notes. Each answers the saved card. */
export function adminOrderDetailsRoutes(
  settings: SessionSettings,
  useCases: Pick<
    AdminOrderUseCases,
    'updateContact' | 'updatePaymentTerms' | 'updateDelivery' | 'addNote' | 'orderCardOf'
  >,
): RouteModule {
  return {
    name: 'admin-order-details',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      const answer = async (result: Awaited<ReturnType<AdminOrderUseCases['updateContact']>>) =>
        result.ok ? adminOrderCardJson(await useCases.orderCardOf(result.order)) : refusal(result);

      router.route(updateAdminOrderUserInfo, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.updateContact(actor, params.id, storedContact(body.contact)));
      });
      router.route(updateAdminOrderPayment, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await useCases.updatePaymentTerms(actor, params.id, {
            ...(body.paymentMethod !== undefined ? { paymentMethod: body.paymentMethod } : {}),
            ...(body.prepaymentAmount !== undefined ? { prepaymentAmount: body.prepaymentAmount } : {}),
          }),
        );
      });
      router.route(updateAdminOrderDelivery, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.updateDelivery(actor, params.id, body));
      });
      router.route(addAdminOrderNote, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return answer(await useCases.addNote(actor, params.id, body.text, body.visibility));
      });
    },
  };
}
