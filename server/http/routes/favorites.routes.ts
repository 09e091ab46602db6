import { ErrorCode } from '../../../api/errors';
import {
  addFavorite,
  clearFavorites,
  getSharedFavorites,
  listFavorites,
  removeFavorite,
  shareFavorites,
} from '../../../api/favorites';
import { type ClientDataService, ownClient } from '../../application/client-data.service';
import type { RateLimiter } from '../../application/rate-limiter.port';
import { RATE_LIMITS } from '../../domain/rate-limit';
import type { RouteModule } from '../app';
import { failure, notFound } from '../contract';
import { PRODUCT_NOT_FOUND_MESSAGE } from './cart.routes';
import { callerOf, denied, ipOf, type SessionSettings, tooManyRequests } from './session.hooks';

/** Spec §8: «Список не найден или пуст.» */
const SHARED_LIST_NOT_FOUND_MESSAGE = 'Список не найден или пуст.';
const NOTHING_TO_SHARE_MESSAGE = 'В списке нет товаров, которыми можно поделиться.';

export function favoritesRoutes(
  settings: SessionSettings,
  data: ClientDataService,
  limiter: RateLimiter,
): RouteModule {
  return {
    name: 'favorites',
    register(_app, router) {
      router.route(listFavorites, async ({ query, raw }) => {
        const access = ownClient(await callerOf(raw, settings), query.clientId);
        return access.ok ? data.listFavorites(access.clientId) : denied(access.status);
      });
      router.route(addFavorite, async ({ body, raw }) => {
        const access = ownClient(await callerOf(raw, settings), body.clientId);
        if (!access.ok) return denied(access.status);
        return (await data.addFavorite(access.clientId, body.productId))
          ? { ok: true }
          : notFound(PRODUCT_NOT_FOUND_MESSAGE);
      });
      router.route(removeFavorite, async ({ params, raw }) => {
        const access = ownClient(await callerOf(raw, settings), params.clientId);
        if (!access.ok) return denied(access.status);
        await data.removeFavorite(access.clientId, params.productId);
        return { ok: true };
      });
      router.route(clearFavorites, async ({ params, raw }) => {
        const access = ownClient(await callerOf(raw, settings), params.clientId);
        if (!access.ok) return denied(access.status);
        await data.clearFavorites(access.clientId);
        return { ok: true };
      });
      router.route(shareFavorites, async ({ body, raw, reply }) => {
        const caller = await callerOf(raw, settings);
        if (body.productIds === undefined && caller.kind !== 'client')
          return denied(caller.kind === 'anonymous' ? 401 : 403);
        // Shares are public writes: limited per IP like the other anonymous writes.
        const decision = await limiter.take([
          { key: `share:ip:${ipOf(raw, settings)}`, rule: RATE_LIMITS.requestsIp },
        ]);
        if (!decision.allowed) return tooManyRequests(reply, decision.retryAfterSeconds);
        const hash = await data.share(caller, body.productIds);
        return hash === null ? failure(ErrorCode.badRequest, NOTHING_TO_SHARE_MESSAGE, 422) : { hash };
      });
      router.route(getSharedFavorites, async ({ params }) => {
        const products = await data.sharedList(params.hash);
        return products === null ? notFound(SHARED_LIST_NOT_FOUND_MESSAGE) : { products };
      });
    },
  };
}
