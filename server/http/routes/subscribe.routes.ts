import { apiError, ErrorCode } from '../../../api/errors';
import { SUBSCRIBE_FORBIDDEN_MESSAGE, subscribe } from '../../../api/subscribe';
import { ABUSE_MESSAGES, type AbuseLimits } from '../../application/abuse-limits';
import type { SubscribeService } from '../../application/subscribe.service';
import { isValidEmail, normaliseEmail } from '../../domain/contact-validation';
import type { RouteModule } from '../app';
import { ApiFailure, failure } from '../contract';
import { callerOf, ipOf, type SessionSettings, tooManyRequests } from './session.hooks';

const SUBSCRIBE_INVALID_EMAIL_MESSAGE = 'Пожалуйста, введите корректный email';

export function subscribeRoutes(
  settings: SessionSettings,
  service: SubscribeService,
  abuse: AbuseLimits,
): RouteModule {
  return {
    name: 'subscribe',
    register(_app, router) {
      router.route(subscribe, async ({ body, raw, reply }) => {
        const email = normaliseEmail(body.email);
        if (!isValidEmail(email))
          return new ApiFailure(422, apiError(ErrorCode.badRequest, SUBSCRIBE_INVALID_EMAIL_MESSAGE));
        const caller = await callerOf(raw, settings);
        // An anonymous subscription may create an account: it shares the per-address account budget.
        const creation = await abuse.accountCreation(caller, ipOf(raw, settings));
        if (!creation.allowed) {
          reply.header('retry-after', String(creation.retryAfterSeconds));
          return failure(ErrorCode.tooManyRequests, ABUSE_MESSAGES.account_creation);
        }
        const result = await service.subscribe(caller, email, ipOf(raw, settings));
        if (!result.ok) {
          if (result.error === 'rate_limited') return tooManyRequests(reply, result.retryAfterSeconds);
          // Spec §8: the browser shows `error` (or its own default) under «Операция запрещена».
          return new ApiFailure(403, apiError(SUBSCRIBE_FORBIDDEN_MESSAGE, SUBSCRIBE_FORBIDDEN_MESSAGE));
        }
        if (result.status === 'already_exists') return { status: 'already_exists' as const };
        return result.promoCode === null
          ? { status: result.status }
          : { status: result.status, promo_code: result.promoCode };
      });
    },
  };
}
