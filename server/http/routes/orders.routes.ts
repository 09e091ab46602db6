import type { FastifyRequest } from 'fastify';
import { apiError, ErrorCode } from '../../../api/errors';
import {
  createOrder,
  getLastContact,
  IDEMPOTENCY_KEY_HEADER,
  listOrders,
  type Order,
  type OrderQuote,
  quoteOrder,
  type ServiceLine,
  updateOrderAddress,
  updateOrderComment,
  updateOrderUserInfo,
} from '../../../api/orders';
import { storedPhone } from '../../../shared-rules/phone-number';
import type { AbuseLimits } from '../../application/abuse-limits';
import { ownClient } from '../../application/client-data.service';
import type { OrderRecord } from '../../application/orders.port';
import type { OrderEditResult, OrdersService } from '../../application/orders.service';
import { type CheckoutQuote, promoProblemMessage } from '../../domain/checkout-quote';
import { normaliseEmail } from '../../domain/contact-validation';
import { isPaid } from '../../domain/order-admin-rules';
import { paymentSummaryOf } from '../../domain/order-money';
import type { PricingProblem } from '../../domain/order-pricing';
import type { RouteModule } from '../app';
import { ApiFailure, failure } from '../contract';
import { callerOf, denied, ipOf, type SessionSettings } from './session.hooks';

const serviceToJson = (line: ServiceLine): ServiceLine => ({
  kind: line.kind,
  label: line.label,
  amount: line.amount,
});

export function orderToJson(order: OrderRecord): Order {
  return {
    id: order.id,
    clientId: order.clientId,
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    items: order.items.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      discount: line.discount,
      netTotal: line.netTotal,
      ...(line.backorder === true ? { backorder: true } : {}),
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    promoCode: order.promoCode,
    contact: order.contact,
    delivery:
      order.deliverySlot === undefined || order.deliverySlot === null
        ? order.delivery
        : { ...order.delivery, slot: order.deliverySlot },
    services: order.services.map(serviceToJson),
    comment: order.comment,
    paymentMethod: order.paymentMethod,
    paymentAllowed: order.paymentAllowed,
    paid: isPaid(order),
    payment: paymentSummaryOf(order),
    history: order.history.map((entry) => ({ status: entry.status, at: new Date(entry.at).toISOString() })),
    ...(order.notes !== undefined
      ? {
          notes: order.notes.map((note) => ({
            id: note.id,
            text: note.text,
            at: new Date(note.at).toISOString(),
          })),
        }
      : {}),
  };
}

export const ORDER_MESSAGES = {
  consent_required: 'Нужно согласие на обработку персональных данных.',
  address_required: 'Укажите адрес доставки.',
  idempotency_key_reused: 'Этот ключ повтора уже использован для другого заказа.',
  invalid_idempotency_key: 'Некорректный заголовок Idempotency-Key.',
  empty_cart: 'Корзина пуста.',
  too_many_lines: 'Слишком много позиций в заказе.',
  invalid_quantity: 'Количество товара должно быть целым числом от 1 до 999.',
  unavailable_products: 'Некоторые товары больше не продаются. Обновите корзину.',
  invalid_promo_code: 'Промокод не найден или больше не действует.',
  promo_min_subtotal: 'Сумма заказа меньше минимальной для этого промокода.',
  order_too_large: 'Сумма заказа больше 1 000 000 000 ₽. Разделите его на несколько заказов.',
  order_locked: 'Заказ уже нельзя изменить.',
  status_not_allowed: 'Такой переход статуса невозможен.',
  not_payable: 'Этот заказ сейчас нельзя оплатить.',
  method_not_offered: 'Этот способ оплаты недоступен для суммы заказа. Выберите другой.',
  not_found: 'Заказ не найден.',
  admin_cannot_order: 'Администратор не может оформлять заказы в магазине.',
  delivery_day_not_offered: 'Этот день доставки недоступен для заказа. Выберите день из списка.',
  unknown_window: 'Такого интервала доставки нет. Выберите интервал из списка.',
} as const;

/** A failure with a resource-specific code (api/errors.ts allows resources to add their own). */
const fail = (code: string, message: string, status: number): ApiFailure =>
  new ApiFailure(status, apiError(code, message));

const pricingFailure = (problem: PricingProblem): ApiFailure =>
  fail(problem.kind, ORDER_MESSAGES[problem.kind], 422);

function editFailure(result: Exclude<OrderEditResult, { ok: true }>): ApiFailure {
  if (result.status === 401 || result.status === 403) return denied(result.status);
  const message = ORDER_MESSAGES[result.error as keyof typeof ORDER_MESSAGES] ?? ORDER_MESSAGES.not_found;
  return fail(result.status === 404 ? ErrorCode.notFound : result.error, message, result.status);
}

const editResult = (result: OrderEditResult): Order | ApiFailure =>
  result.ok ? orderToJson(result.order) : editFailure(result);

function quoteToJson(quote: CheckoutQuote): OrderQuote {
  return {
    items: quote.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      discount: line.discount,
      netTotal: line.netTotal,
      available: line.available,
    })),
    subtotal: quote.subtotal,
    discount: quote.discount,
    services: quote.services.map(serviceToJson),
    delivery: quote.delivery,
    deliveryNote: quote.deliveryNote,
    total: quote.total,
    offers: quote.offers.map((offer) => ({ service: offer.service, amount: offer.amount })),
    promo:
      quote.promo.status === 'problem'
        ? {
            status: 'problem',
            code: quote.promo.code,
            problem: quote.promo.problem.kind,
            message: promoProblemMessage(quote.promo.problem),
          }
        : quote.promo,
  };
}

function idempotencyKey(request: FastifyRequest): string | null | 'invalid' {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{8,255}$/.test(raw)) return 'invalid';
  return raw;
}

export function ordersRoutes(
  settings: SessionSettings,
  orders: OrdersService,
  abuse: AbuseLimits,
): RouteModule {
  return {
    name: 'orders',
    register(_app, router) {
      router.route(createOrder, async ({ body, raw, reply }) => {
        const key = idempotencyKey(raw);
        if (key === 'invalid') return failure(ErrorCode.badRequest, ORDER_MESSAGES.invalid_idempotency_key);
        const caller = await callerOf(raw, settings);
        // Guest checkouts (per address and per contact e-mail) and promo-code attempts are limited.
        const attempt = await abuse.beforeOrder({
          caller,
          ip: ipOf(raw, settings),
          contactEmail: normaliseEmail(body.contact.email),
          promoCode: body.promoCode,
        });
        if (!attempt.decision.allowed) {
          reply.header('retry-after', String(attempt.decision.retryAfterSeconds));
          return failure(ErrorCode.tooManyRequests, attempt.message);
        }
        const result = await orders.place(caller, {
          cart: body.cart,
          contact: {
            name: body.contact.name.trim(),
            phone: storedPhone(body.contact.phone),
            email: normaliseEmail(body.contact.email),
          },
          delivery: body.delivery,
          paymentMethod: body.paymentMethod,
          ...(body.onlineMethod !== undefined ? { onlineMethod: body.onlineMethod } : {}),
          consent: body.consent,
          idempotencyKey: key,
          ...(body.comment !== undefined ? { comment: body.comment } : {}),
          ...(body.promoCode !== undefined ? { promoCode: body.promoCode } : {}),
        });
        await abuse.afterOrder(
          attempt,
          result.ok
            ? result.created
              ? 'created'
              : 'replayed'
            : result.error === 'idempotency_key_reused'
              ? 'refused_after_account'
              : 'refused_before_account',
        );
        if (!result.ok) {
          if (result.error === 'pricing') return pricingFailure(result.problem);
          // Stock or promo limit met in the order's transaction (issue 11): a per-line Russian message.
          if (
            result.error === 'out_of_stock' ||
            result.error === 'promo_limit' ||
            result.error === 'delivery_day_full'
          )
            return fail(result.error, result.message, 409);
          if (result.error === 'forbidden')
            return failure(ErrorCode.forbidden, ORDER_MESSAGES.admin_cannot_order);
          return fail(result.error, ORDER_MESSAGES[result.error], 422);
        }
        // A replay answers the stored order and says so.
        if (!result.created) reply.header('idempotent-replayed', 'true');
        const placed = orderToJson(result.order);
        return result.payLink === undefined ? placed : { ...placed, payLink: result.payLink };
      });

      router.route(quoteOrder, async ({ body, raw, reply }) => {
        const caller = await callerOf(raw, settings);
        const attempt = await abuse.beforeQuote({
          caller,
          ip: ipOf(raw, settings),
          promoCode: body.promoCode,
        });
        if (!attempt.decision.allowed) {
          reply.header('retry-after', String(attempt.decision.retryAfterSeconds));
          return failure(ErrorCode.tooManyRequests, attempt.message);
        }
        const result = await orders.quote(caller, {
          cart: body.cart,
          delivery: body.delivery,
          ...(body.promoCode !== undefined ? { promoCode: body.promoCode } : {}),
        });
        await abuse.afterQuote(
          attempt.promoBuckets,
          result.ok &&
            !(result.quote.promo.status === 'problem' && result.quote.promo.problem.kind === 'invalid'),
        );
        if (!result.ok) {
          if (result.error === 'forbidden')
            return failure(ErrorCode.forbidden, ORDER_MESSAGES.admin_cannot_order);
          // The slot is checked as the order will check it (issue 23): a full day is 409, as at ordering.
          if (result.error === 'delivery_day_full') return fail(result.error, result.message, 409);
          if (result.error !== 'pricing') return fail(result.error, ORDER_MESSAGES[result.error], 422);
          return pricingFailure(result.problem);
        }
        return quoteToJson(result.quote);
      });

      router.route(getLastContact, async ({ raw }) => {
        const caller = await callerOf(raw, settings);
        if (caller.kind === 'anonymous') return denied(401);
        if (caller.kind !== 'client') return denied(403);
        return orders.lastContact(caller);
      });

      router.route(listOrders, async ({ params, raw }) => {
        const access = ownClient(await callerOf(raw, settings), params.clientId);
        return access.ok
          ? (await orders.listForClient(access.clientId)).map(orderToJson)
          : denied(access.status);
      });
      router.route(updateOrderAddress, async ({ params, body, raw }) =>
        editResult(
          await orders.editDetails(await callerOf(raw, settings), params.id, {
            kind: 'address',
            delivery: body.delivery,
          }),
        ),
      );
      router.route(updateOrderUserInfo, async ({ params, body, raw }) =>
        editResult(
          await orders.editDetails(await callerOf(raw, settings), params.id, {
            kind: 'contact',
            contact: {
              name: body.contact.name.trim(),
              phone: storedPhone(body.contact.phone),
              email: normaliseEmail(body.contact.email),
            },
          }),
        ),
      );
      router.route(updateOrderComment, async ({ params, body, raw }) =>
        editResult(
          await orders.editDetails(await callerOf(raw, settings), params.id, {
            kind: 'comment',
            comment: body.comment,
          }),
        ),
      );
    },
  };
}
