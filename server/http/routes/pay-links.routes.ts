import { apiError, ErrorCode } from '../../../api/errors';
import {
  adminOrderPayLink,
  openPayLink,
  ownPayPage,
  payByLink,
  paymentOptions,
  reissueAdminOrderPayLink,
} from '../../../api/pay-links';
import type { AdminOrderUseCases } from '../../application/admin-orders/admin-order-use-cases';
import type { PayLinksService } from '../../application/pay-links.service';
import type { PaymentsService } from '../../application/payments.service';
import type { RateLimiter } from '../../application/rate-limiter.port';
import { limitAddress, RATE_LIMITS } from '../../domain/rate-limit';
import type { RouteModule } from '../app';
import { ApiFailure, notFound } from '../contract';
import { ORDER_MESSAGES } from './orders.routes';
import {
  adminOnlyRouter,
  callerOf,
  denied,
  ipOf,
  requireAdmin,
  type SessionSettings,
  tooManyRequests,
} from './session.hooks';

/** One answer for every unusable link: nobody learns which part was wrong. */
const PAY_LINK_NOT_FOUND_MESSAGE =
  'Ссылка на оплату недействительна или устарела. Если заказ ещё не оплачен, войдите в личный кабинет или позвоните нам — менеджер пришлёт новую ссылку.';
const METHOD_NOT_OFFERED_MESSAGE = 'Этот способ оплаты недоступен для этой суммы. Выберите другой.';
const PAYMENT_PROVIDER_ERROR_MESSAGE = 'Платёжный сервис недоступен. Попробуйте позже.';
const REISSUE_NOT_PAYABLE_MESSAGE =
  'Ссылку на оплату можно отправить, пока заказ ждёт подтверждения, оплаты или предоплаты.';

/**
 * Signed pay links (issue 22, item 5), the online methods offered (item 10) and the back office's
 * link on the order card with «Отправить ссылку на оплату заново». Public pay-link calls are limited
 * per address like the other public token lookups, so guessing is slow as well as hopeless.
 */
export function payLinksRoutes(
  settings: SessionSettings,
  payLinks: PayLinksService,
  payments: PaymentsService,
  adminOrders: Pick<AdminOrderUseCases, 'findOrder' | 'resendPayLink'>,
  limiter: RateLimiter,
): RouteModule {
  const limited = async (raw: Parameters<typeof ipOf>[0]) =>
    limiter.take([{ key: `pay-link:ip:${limitAddress(ipOf(raw, settings))}`, rule: RATE_LIMITS.payLinkIp }]);
  return {
    name: 'pay-links',
    register(_app, router) {
      router.route(openPayLink, async ({ params, body, raw, reply }) => {
        const decision = await limited(raw);
        if (!decision.allowed) return tooManyRequests(reply, decision.retryAfterSeconds);
        const view = await payLinks.open(params.orderId, body.token);
        return view ?? notFound(PAY_LINK_NOT_FOUND_MESSAGE);
      });
      router.route(payByLink, async ({ params, body, raw, reply }) => {
        const decision = await limited(raw);
        if (!decision.allowed) return tooManyRequests(reply, decision.retryAfterSeconds);
        const result = await payLinks.pay(params.orderId, body.token, body.method);
        if (result === null) return notFound(PAY_LINK_NOT_FOUND_MESSAGE);
        if (result.ok) return { paymentId: result.paymentId, confirmationUrl: result.confirmationUrl };
        if (result.status === 409)
          return new ApiFailure(409, apiError('not_payable', ORDER_MESSAGES.not_payable));
        if (result.status === 422)
          return new ApiFailure(422, apiError('method_not_offered', METHOD_NOT_OFFERED_MESSAGE));
        if (result.status === 502)
          return new ApiFailure(502, apiError('payment_provider_error', PAYMENT_PROVIDER_ERROR_MESSAGE));
        return notFound(PAY_LINK_NOT_FOUND_MESSAGE);
      });
      router.route(ownPayPage, async ({ params, raw }) => {
        const caller = await callerOf(raw, settings);
        if (caller.kind === 'anonymous') return denied(401);
        if (caller.kind !== 'client') return denied(403);
        const view = await payLinks.ownPage(caller.clientId, params.orderId);
        return view ?? notFound(ORDER_MESSAGES.not_found);
      });
      router.route(paymentOptions, async () => {
        const { offered, installments } = payments.onlineMethods;
        return {
          methods: [...offered],
          installments: offered.includes('installments') ? installments : null,
        };
      });
      // The back office's two calls check the caller before anything is decoded (issue 24, item 8).
      const adminRouter = adminOnlyRouter(router, settings);
      adminRouter.route(adminOrderPayLink, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        if ((await adminOrders.findOrder(params.orderId)) === null) return notFound(ORDER_MESSAGES.not_found);
        return { url: await payLinks.urlFor(params.orderId) };
      });
      adminRouter.route(reissueAdminOrderPayLink, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const caller = await callerOf(raw, settings);
        const actor = { adminId: caller.kind === 'admin' ? caller.adminId : 0, ip: ipOf(raw, settings) };
        const result = await adminOrders.resendPayLink(actor, params.orderId);
        if (result.ok) return { url: result.url, mailed: result.mailed };
        if (result.error === 'not_found') return notFound(ORDER_MESSAGES.not_found);
        return new ApiFailure(409, apiError(ErrorCode.conflict, REISSUE_NOT_PAYABLE_MESSAGE));
      });
    },
  };
}
