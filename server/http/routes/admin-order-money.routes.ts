import { apiError, ErrorCode } from '../../../api/errors';
import { refundAdminOrder, requestOrderPrepayment } from '../../../api/order-money';
import { formatKopecks } from '../../../shared-rules/money-rule';
import type { AdminOrderUseCases } from '../../application/admin-orders/admin-order-use-cases';
import type { RouteModule } from '../app';
import { ApiFailure } from '../contract';
import { adminActorOf, refusal } from './admin-order-answers';
import { adminOnlyRouter, type SessionSettings } from './session.hooks';

const unprocessable = (error: string, message: string) => new ApiFailure(422, apiError(error, message));

/**
 * An order's money calls of the back office (api/order-money.ts, issue 22): asking for a prepayment
 * with an amount, and partial refunds. Admin-only, audited like every admin write.
 */
export function adminOrderMoneyRoutes(
  settings: SessionSettings,
  useCases: Pick<AdminOrderUseCases, 'requestPrepayment' | 'refundOrder'>,
): RouteModule {
  return {
    name: 'admin-order-money',
    register(_app, contractRouter) {
      // The caller is checked before the body is read (issue 24, item 8).
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(requestOrderPrepayment, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        if ((body.percent === undefined) === (body.amount === undefined))
          return new ApiFailure(
            400,
            apiError(ErrorCode.badRequest, 'Укажите предоплату: процент от суммы заказа или сумму в рублях.'),
          );
        const result = await useCases.requestPrepayment(
          actor,
          params.id,
          body.percent !== undefined
            ? { kind: 'percent', percent: body.percent }
            : { kind: 'amount', amount: body.amount ?? 0 },
        );
        if (result.ok) return { ok: true };
        if ('left' in result)
          return unprocessable(
            'prepayment_too_large',
            result.left > 0
              ? `Предоплата не может быть больше неоплаченной части заказа: ${formatKopecks(result.left)}.`
              : 'Заказ уже оплачен полностью: просить предоплату не за что.',
          );
        return refusal(result);
      });

      router.route(refundAdminOrder, async ({ params, body, raw }) => {
        const actor = await adminActorOf(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        if ((body.lines === undefined) === (body.amount === undefined))
          return new ApiFailure(
            400,
            apiError(ErrorCode.badRequest, 'Укажите, что вернуть: позиции заказа или сумму.'),
          );
        const result = await useCases.refundOrder(
          actor,
          params.id,
          body.lines !== undefined
            ? { kind: 'lines', lines: body.lines }
            : { kind: 'amount', amount: body.amount ?? 0 },
          body.reason,
        );
        if (result.ok) return { amount: result.amount, confirmed: result.confirmed };
        switch (result.error) {
          case 'not_found':
            return new ApiFailure(404, apiError(ErrorCode.notFound, 'Заказ не найден.'));
          case 'nothing_to_refund':
            return new ApiFailure(
              409,
              apiError('nothing_to_refund', 'По заказу нет онлайн-оплаты, которую можно вернуть.'),
            );
          case 'invalid_refund_line':
            return unprocessable(
              'invalid_refund_line',
              'В возврате позиция, которой нет в заказе, или больше штук, чем осталось вернуть.',
            );
          case 'refund_all_goods':
            return new ApiFailure(
              409,
              apiError(
                'refund_all_goods',
                'Это все товары заказа: чтобы вернуть их, отмените заказ — отмена вернёт оплату.',
              ),
            );
          case 'refund_too_large':
            return unprocessable(
              'refund_too_large',
              `Вернуть можно не больше, чем оплачено за вычетом прежних возвратов: ${formatKopecks(result.refundable ?? 0)}.`,
            );
        }
      });
    },
  };
}
