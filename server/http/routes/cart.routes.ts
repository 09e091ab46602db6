import { getCart, putCart } from '../../../api/cart';
import { getClient } from '../../../api/clients';
import { ErrorCode } from '../../../api/errors';
import { addViewed, clearViewed, getViewed } from '../../../api/viewed';
import { type ClientDataService, ownClient, sessionClient } from '../../application/client-data.service';
import type { RouteModule } from '../app';
import { failure, notFound } from '../contract';
import { callerOf, denied, type SessionSettings } from './session.hooks';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Товар не найден.';
const CLIENT_NOT_FOUND_MESSAGE = 'Клиент не найден.';

/** Cart, recently viewed and the client record: own data only (another client's id → 403). */
export function cartRoutes(settings: SessionSettings, data: ClientDataService): RouteModule {
  return {
    name: 'cart',
    register(_app, router) {
      router.route(getCart, async ({ params, raw }) => {
        const access = ownClient(await callerOf(raw, settings), params.clientId);
        return access.ok ? data.getCart(access.clientId) : denied(access.status);
      });
      router.route(putCart, async ({ params, body, raw }) => {
        const access = ownClient(await callerOf(raw, settings), params.clientId);
        return access.ok ? data.putCart(access.clientId, body.cart) : denied(access.status);
      });

      router.route(getViewed, async ({ raw }) => {
        const access = sessionClient(await callerOf(raw, settings));
        return access.ok ? data.listViewed(access.clientId) : denied(access.status);
      });
      router.route(addViewed, async ({ body, raw }) => {
        const access = sessionClient(await callerOf(raw, settings));
        if (!access.ok) return denied(access.status);
        const list = await data.addViewed(access.clientId, body.productId);
        return list ?? notFound(PRODUCT_NOT_FOUND_MESSAGE);
      });
      router.route(clearViewed, async ({ raw }) => {
        const access = sessionClient(await callerOf(raw, settings));
        if (!access.ok) return denied(access.status);
        await data.clearViewed(access.clientId);
        return { ok: true };
      });

      router.route(getClient, async ({ params, raw }) => {
        const result = await data.clientRecord(await callerOf(raw, settings), params.id);
        if (result.ok) return result.record;
        return result.status === 404
          ? failure(ErrorCode.notFound, CLIENT_NOT_FOUND_MESSAGE)
          : denied(result.status);
      });
    },
  };
}
