import {
  getDeliveryDays,
  getDeliveryPromise,
  getProductDeliveryBySlug,
  getProductsDelivery,
  quoteCarrier,
  suggestAddress,
} from '../../../api/delivery';
import { ErrorCode } from '../../../api/errors';
import type { DeliveryService } from '../../application/delivery.service';
import type { RateLimiter } from '../../application/rate-limiter.port';
import { limitAddress, RATE_LIMITS } from '../../domain/rate-limit';
import type { RouteModule } from '../app';
import { failure } from '../contract';
import { ipOf, type SessionSettings } from './session.hooks';

const TOO_MANY = 'Слишком много запросов адреса подряд. Попробуйте через минуту.';

/**
 * Delivery for the storefront (issue 23; docs/delivery-dates.md): address suggestions with their zone
 * and the carrier's quote (both rate-limited per address: they spend paid quotas), a product's date,
 * and the checkout's days and windows.
 */
export function deliveryRoutes(
  settings: SessionSettings,
  delivery: DeliveryService,
  limiter: RateLimiter,
): RouteModule {
  const allowed = async (ip: string) =>
    limiter.take([{ key: `address:ip:${limitAddress(ip)}`, rule: RATE_LIMITS.addressSuggestIp }]);
  return {
    name: 'delivery',
    register(_app, router) {
      router.route(suggestAddress, async ({ query, raw, reply }) => {
        reply.header('cache-control', 'private, no-store');
        if (!delivery.suggestionsEnabled) return { enabled: false, suggestions: [] };
        const text = query.q?.trim() ?? '';
        if (text === '') return { enabled: true, suggestions: [] };
        const decision = await allowed(ipOf(raw, settings));
        if (!decision.allowed) {
          reply.header('retry-after', String(decision.retryAfterSeconds));
          return failure(ErrorCode.tooManyRequests, TOO_MANY);
        }
        return { enabled: true, suggestions: await delivery.suggest(text) };
      });

      router.route(getDeliveryPromise, async ({ query, reply }) => {
        reply.header('cache-control', 'private, no-store');
        const promise = await delivery.promiseFor(query.productId);
        return promise ?? failure(ErrorCode.notFound, 'Товар не найден.');
      });

      router.route(getProductsDelivery, async ({ query, reply }) => {
        reply.header('cache-control', 'private, no-store');
        return delivery.productsDelivery(query.ids);
      });

      router.route(getProductDeliveryBySlug, async ({ params, reply }) => {
        reply.header('cache-control', 'private, no-store');
        const facts = await delivery.productDeliveryBySlug(params.slug);
        return facts ?? failure(ErrorCode.notFound, 'Товар не найден.');
      });

      router.route(getDeliveryDays, async ({ body, reply }) => {
        reply.header('cache-control', 'private, no-store');
        return delivery.offer(body.cart);
      });

      router.route(quoteCarrier, async ({ body, raw }) => {
        const decision = await allowed(ipOf(raw, settings));
        if (!decision.allowed) return failure(ErrorCode.tooManyRequests, TOO_MANY);
        return delivery.carrierQuote(body.cart, {
          postalCode: body.postalCode ?? null,
          city: body.city ?? null,
        });
      });
    },
  };
}
