import type { FastifyRequest } from 'fastify';
import type { AdminOrder, AdminOrderDetail, BulkResult, TimelineEntry } from '../../../api/admin-orders';
import { apiError, ErrorCode } from '../../../api/errors';
import { DELIVERY_DATE_REQUIRED } from '../../../shared-rules/delivery-agreement-rule';
import { orderMoveLabel } from '../../../shared-rules/order-status-rule';
import { storedPhone } from '../../../shared-rules/phone-number';
import type {
  AdminActor,
  AdminOrderFailure,
  AdminOrderRefusal,
  AdminOrderResult,
} from '../../application/admin-orders/admin-order-result';
import type { AdminOrderRow } from '../../application/admin-orders/list-orders';
import type { AdminOrderCard } from '../../application/admin-orders/order-card';
import type { TimelineItem } from '../../application/admin-orders/order-timeline';
import { normaliseEmail } from '../../domain/contact-validation';
import { paymentStateOf } from '../../domain/order-admin-rules';
import { availableMoves, ORDER_STATUS_LABELS } from '../../domain/order-lifecycle.machine';
import { ApiFailure, failure } from '../contract';
import { orderToJson } from './orders.routes';
import { callerOf, ipOf, requireAdmin, type SessionSettings } from './session.hooks';

/*
 * What every back-office order route answers: the order as JSON (api/admin-orders.ts), a refusal in
 * Russian with its HTTP status, the bulk results, and the administrator behind a write.
 */

const iso = (ms: number): string => new Date(ms).toISOString();

export function adminOrderJson({ order, overdue }: AdminOrderRow): AdminOrder {
  return {
    ...orderToJson(order),
    statusLabel: ORDER_STATUS_LABELS[order.status],
    actions:
      order.deletedAt === null
        ? availableMoves(order.status).map((to) => ({ to, label: orderMoveLabel(order.status, to) }))
        : [],
    statusSince: iso(order.statusSince),
    overdue,
    paymentState: paymentStateOf(order),
    paidAmount: order.paidAmount,
    refundedAmount: order.refundedAmount,
    prepaymentAmount: order.prepaymentAmount,
    deliveryDetails: order.deliveryDetails,
    updatedAt: iso(order.updatedAt),
    deletedAt: order.deletedAt === null ? null : iso(order.deletedAt),
  };
}

export const timelineJson = (item: TimelineItem): TimelineEntry => ({ ...item, at: iso(item.at) });

export const adminOrderCardJson = (card: AdminOrderCard): AdminOrderDetail => ({
  ...adminOrderJson(card),
  timeline: card.timeline.map(timelineJson),
});

/** Russian explanations of every refusal (bulk results carry them per id). */
function adminOrderMessage(result: Omit<AdminOrderRefusal, 'ok'>): string {
  switch (result.error) {
    case 'not_found':
      return 'Заказ не найден.';
    case 'deleted':
      return 'Заказ в корзине: сначала восстановите его.';
    case 'not_deleted':
      return 'Заказ не в корзине.';
    case 'same_status':
      return result.to
        ? `Заказ уже в статусе «${ORDER_STATUS_LABELS[result.to]}».`
        : 'Заказ уже в этом статусе.';
    case 'status_not_allowed':
      return result.from && result.to
        ? `Из статуса «${ORDER_STATUS_LABELS[result.from]}» нельзя перейти в «${ORDER_STATUS_LABELS[result.to]}».`
        : 'Такой переход статуса невозможен.';
    case 'status_changed':
      return result.from
        ? `Статус заказа уже изменён: сейчас «${ORDER_STATUS_LABELS[result.from]}». Обновите карточку.`
        : 'Статус заказа только что изменил кто-то другой. Обновите страницу.';
    case 'out_of_stock':
      return result.message ?? 'Недостаточно товара на складе.';
    case 'promo_limit':
      return result.message ?? 'Промокод больше не действует: лимит использований исчерпан.';
    case 'order_locked':
      return 'Состав и цены заказа после оплаты или передачи в доставку менять нельзя.';
    case 'address_required':
      return 'Укажите адрес доставки.';
    case 'delivery_date_required':
      return DELIVERY_DATE_REQUIRED;
    case 'client_not_found':
      return 'Клиент не найден.';
    case 'client_required':
      return 'Укажите клиента: существующего или нового (имя, телефон, e-mail).';
    case 'pay_link_needs_online':
      return 'Ссылку на оплату можно отправить только при онлайн-оплате.';
    case 'prepayment_too_large':
      return 'Предоплата должна быть больше нуля и не больше неоплаченной части заказа.';
    case 'nothing_to_change':
      return 'Укажите способ оплаты или сумму предоплаты.';
    case 'empty_cart':
      return 'Добавьте в заказ хотя бы один товар.';
    case 'too_many_lines':
      return 'Слишком много позиций в заказе.';
    case 'invalid_quantity':
      return 'Количество товара должно быть целым числом от 1 до 999.';
    case 'unavailable_products':
      return 'Некоторые товары не найдены или больше не продаются.';
    case 'invalid_promo_code':
      return 'Промокод не найден или больше не действует.';
    case 'promo_min_subtotal':
      return 'Сумма заказа меньше минимальной для этого промокода.';
    case 'order_too_large':
      return 'Сумма заказа больше 1 000 000 000 ₽. Разделите его на несколько заказов.';
    case 'order_changed':
      return 'Заказ только что изменил другой сотрудник. Обновите карточку: ваши изменения не сохранены.';
    case 'invalid_service_amount':
      return 'Цена услуги — в целых рублях, не меньше нуля.';
    case 'delivery_day_full':
      return 'На этот день мест больше нет. Увеличьте вместимость дня в «Доставках на день» или выберите другой.';
  }
}

const STATUS_OF: Readonly<Record<AdminOrderFailure, number>> = {
  not_found: 404,
  client_not_found: 404,
  deleted: 409,
  not_deleted: 409,
  same_status: 409,
  status_not_allowed: 409,
  status_changed: 409,
  order_locked: 409,
  out_of_stock: 409,
  promo_limit: 409,
  address_required: 422,
  delivery_date_required: 422,
  client_required: 422,
  pay_link_needs_online: 422,
  prepayment_too_large: 422,
  nothing_to_change: 400,
  empty_cart: 422,
  too_many_lines: 422,
  invalid_quantity: 422,
  unavailable_products: 422,
  invalid_promo_code: 422,
  promo_min_subtotal: 422,
  order_too_large: 422,
  order_changed: 409,
  invalid_service_amount: 422,
  delivery_day_full: 409,
};

export const refusal = (result: AdminOrderRefusal): ApiFailure =>
  new ApiFailure(
    STATUS_OF[result.error],
    apiError(
      result.error === 'not_found'
        ? ErrorCode.notFound
        : result.error === 'nothing_to_change'
          ? ErrorCode.badRequest
          : result.error,
      adminOrderMessage(result),
    ),
  );

export const orderNotFound = (): ApiFailure => refusal({ ok: false, error: 'not_found' });

/** A bulk call's answer: per id, done or why not (in Russian). */
export const bulkResultJson = (id: number, result: AdminOrderResult): BulkResult['results'][number] =>
  result.ok ? { id, ok: true } : { id, ok: false, code: result.error, error: adminOrderMessage(result) };

/** A contact as the order stores it: trimmed name, the phone in E.164, the e-mail normalised. */
export const storedContact = (contact: { name: string; phone: string; email: string }) => ({
  name: contact.name.trim(),
  phone: storedPhone(contact.phone),
  email: normaliseEmail(contact.email),
});

/** The session's administrator and the request's address, or the refusal (401/403). */
export async function adminActorOf(
  request: FastifyRequest,
  settings: SessionSettings,
): Promise<AdminActor | ApiFailure> {
  const refused = await requireAdmin(request, settings);
  if (refused) return refused;
  const caller = await callerOf(request, settings);
  if (caller.kind !== 'admin') return failure(ErrorCode.forbidden);
  return { adminId: caller.adminId, ip: ipOf(request, settings) };
}
