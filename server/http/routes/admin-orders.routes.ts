import {
  createAdminOrder,
  getAdminOrder,
  getAdminOrderTimeline,
  listAdminOrders,
} from '../../../api/admin-orders';
import type { AdminOrderUseCases } from '../../application/admin-orders/admin-order-use-cases';
import { orderListFilterOf } from '../../application/admin-orders/order-list-filter';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import {
  adminActorOf,
  adminOrderCardJson,
  adminOrderJson,
  orderNotFound,
  refusal,
  storedContact,
  timelineJson,
} from './admin-order-answers';
import { adminOnlyRouter, requireAdmin, type SessionSettings } from './session.hooks';

/**
 * The back office's orders as a list and as cards (api/admin-orders.ts): the filtered list, one
 * order's card and history, and a phone order. Admin-only, decided from the session before anything
 * is read; a write passes the administrator and the request's address on for the audit log.
 */
export function adminOrdersRoutes(
  settings: SessionSettings,
  useCases: Pick<
    AdminOrderUseCases,
    'listOrders' | 'showOrderCard' | 'orderTimeline' | 'orderCardOf' | 'createPhoneOrder'
  >,
): RouteModule {
  return {
    name: 'admin-orders',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(listAdminOrders, async ({ query, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const filter = orderListFilterOf(query, settings.now());
        const { items, total } = await useCases.listOrders(filter, query.page, query.limit);
        return { items: items.map(adminOrderJson), total, page: query.page, limit: query.limit };
      });

      router.route(getAdminOrder, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const card = await useCases.showOrderCard(params.id);
        return card === null ? orderNotFound() : adminOrderCardJson(card);
      });

      router.route(getAdminOrderTimeline, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const items = await useCases.orderTimeline(params.id);
        return items === null ? orderNotFound() : { items: items.map(timelineJson) };
      });

      router.route(createAdminOrder, async ({ body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const result = await useCases.createPhoneOrder(actor, {
          ...(body.clientId !== undefined ? { clientId: body.clientId } : {}),
          ...(body.newClient !== undefined ? { newClient: storedContact(body.newClient) } : {}),
          ...(body.contact !== undefined ? { contact: storedContact(body.contact) } : {}),
          lines: body.lines,
          delivery: body.delivery,
          ...(body.promoCode !== undefined ? { promoCode: body.promoCode } : {}),
          paymentMethod: body.paymentMethod,
          ...(body.comment !== undefined ? { comment: body.comment } : {}),
          ...(body.sendPayLink !== undefined ? { sendPayLink: body.sendPayLink } : {}),
        });
        return result.ok ? adminOrderCardJson(await useCases.orderCardOf(result.order)) : refusal(result);
      });
    },
  };
}
