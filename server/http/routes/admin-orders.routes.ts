import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import {
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  addAdminOrderNote,
  allowOrderPayment,
  bulkAllowOrderPayment,
  bulkDeleteOrders,
  bulkRestoreOrders,
  bulkUpdateOrderStatus,
  createAdminOrder,
  deleteAdminOrder,
  exportAdminOrders,
  getAdminOrder,
  getAdminOrderTimeline,
  listAdminOrders,
  ORDER_EXPORT_COLUMNS,
  restoreAdminOrder,
  type TimelineEntry,
  updateAdminOrderCart,
  updateAdminOrderDelivery,
  updateAdminOrderPayment,
  updateAdminOrderPromo,
  updateAdminOrderStatus,
  updateAdminOrderUserInfo,
} from '../../../api/admin-orders';
import { apiError, ErrorCode } from '../../../api/errors';
import { kopecksToDecimal } from '../../../shared-rules/money-rule';
import {
  DELIVERY_METHOD_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATE_LABELS,
} from '../../../shared-rules/order-options-rule';
import { storedPhone } from '../../../shared-rules/phone-number';
import type { AdminOrderListFilter, AdminOrderRecord } from '../../application/admin-orders.port';
import type {
  AdminActor,
  AdminOrderFailure,
  AdminOrderResult,
  AdminOrdersService,
  TimelineItem,
} from '../../application/admin-orders.service';
import { normaliseEmail } from '../../domain/contact-validation';
import { SHOP_CSV_OPTIONS } from '../../domain/csv-cell';
import { paymentStateOf } from '../../domain/order-admin-rules';
import {
  availableMoves,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '../../domain/order-lifecycle.machine';
import type { RouteModule } from '../app';
import { ApiFailure, failure, STREAMED } from '../contract';
import { orderToJson } from './orders.routes';
import { adminOnlyRouter, callerOf, ipOf, requireAdmin, type SessionSettings } from './session.hooks';

const iso = (ms: number): string => new Date(ms).toISOString();

function adminOrderToJson(order: AdminOrderRecord, overdue: boolean): AdminOrder {
  return {
    ...orderToJson(order),
    statusLabel: ORDER_STATUS_LABELS[order.status],
    actions:
      order.deletedAt === null
        ? availableMoves(order.status).map((to) => ({ to, label: ORDER_ACTION_LABELS[to] }))
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

const timelineToJson = (item: TimelineItem): TimelineEntry => ({ ...item, at: iso(item.at) });

/** Russian explanations of every refusal (bulk results carry them per id). */
function adminOrderMessage(result: {
  error: AdminOrderFailure;
  from?: OrderStatus;
  to?: OrderStatus;
  message?: string;
}): string {
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
};

export const refusal = (result: Extract<AdminOrderResult, { ok: false }>): ApiFailure =>
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

const MOSCOW_OFFSET = '+03:00';
const DAY = 86_400_000;

/** The list query as a repository filter: Moscow calendar days, `to` inclusive of its whole day. */
function filterOf(query: AdminOrderListQuery, now: number): AdminOrderListFilter {
  const bare = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const from =
    query.from === undefined
      ? undefined
      : Date.parse(bare(query.from) ? `${query.from}T00:00:00${MOSCOW_OFFSET}` : query.from);
  const to =
    query.to === undefined
      ? undefined
      : bare(query.to)
        ? Date.parse(`${query.to}T00:00:00${MOSCOW_OFFSET}`) + DAY
        : Date.parse(query.to) + 1;
  return {
    ...(query.status !== undefined ? { statuses: query.status } : {}),
    ...(from !== undefined ? { createdFrom: from } : {}),
    ...(to !== undefined ? { createdBefore: to } : {}),
    ...(query.payment !== undefined ? { payment: query.payment } : {}),
    ...(query.delivery !== undefined ? { delivery: query.delivery } : {}),
    ...(query.promo !== undefined ? { promo: query.promo } : {}),
    ...(query.clientId !== undefined ? { clientId: query.clientId } : {}),
    ...(query.paymentAllowed !== undefined ? { paymentAllowed: query.paymentAllowed === 'true' } : {}),
    ...(query.q !== undefined && query.q.trim() !== '' ? { q: query.q } : {}),
    ...(query.overdue === 'true' ? { overdueAt: now } : {}),
    deleted: query.deleted === 'true',
    sort: query.sort ?? 'createdAt',
    dir: query.dir ?? 'desc',
  };
}

const EXPORT_MAX_ROWS = 100_000;

/** Export amounts (docs/money.md): CSV writes «138864.50», XLSX a number shown with two decimals. */
// A decimal comma: the CSV is `;`-separated for Russian Excel, which reads «138864,00» as a number.
const csvAmount = (kopecks: number): string => kopecksToDecimal(kopecks).replace('.', ',');
const xlsxAmount = (kopecks: number): number => Number(kopecksToDecimal(kopecks));
/** The 1-based XLSX columns holding amounts («Сумма товаров» … «Оплачено»). */
const XLSX_AMOUNT_COLUMNS = [12, 13, 14, 15] as const;

function exportRow(
  order: AdminOrderRecord,
  amount: (kopecks: number) => string | number = csvAmount,
): (string | number)[] {
  return [
    order.id,
    iso(order.createdAt),
    ORDER_STATUS_LABELS[order.status],
    order.contact.name,
    order.contact.phone,
    order.contact.email,
    DELIVERY_METHOD_LABELS[order.delivery.method],
    order.delivery.address ?? '',
    PAYMENT_METHOD_LABELS[order.paymentMethod],
    PAYMENT_STATE_LABELS[paymentStateOf(order)],
    order.promoCode ?? '',
    amount(order.subtotal),
    amount(order.discount),
    amount(order.total),
    amount(order.paidAmount),
    order.items.reduce((sum, line) => sum + line.quantity, 0),
  ];
}

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

/**
 * The back office's order calls (api/admin-orders.ts). Every call is admin-only, decided from the
 * session; every write passes the administrator and the request's address to the service for the
 * audit log.
 */
export function adminOrdersRoutes(settings: SessionSettings, service: AdminOrdersService): RouteModule {
  const actorOf = (request: FastifyRequest) => adminActorOf(request, settings);
  const toJson = (order: AdminOrderRecord) => adminOrderToJson(order, service.isOverdue(order));
  const detail = async (order: AdminOrderRecord): Promise<AdminOrderDetail> => ({
    ...toJson(order),
    timeline: ((await service.timeline(order.id)) ?? []).map(timelineToJson),
  });
  const answer = async (result: AdminOrderResult): Promise<AdminOrderDetail | ApiFailure> =>
    result.ok ? detail(result.order) : refusal(result);
  const bulk = (outcomes: readonly { id: number; result: AdminOrderResult }[]) => ({
    results: outcomes.map(({ id, result }) =>
      result.ok ? { id, ok: true } : { id, ok: false, code: result.error, error: adminOrderMessage(result) },
    ),
  });
  const each = async (
    ids: readonly number[],
    run: (id: number) => Promise<AdminOrderResult>,
  ): Promise<{ id: number; result: AdminOrderResult }[]> => {
    const outcomes = [];
    for (const id of new Set(ids)) outcomes.push({ id, result: await run(id) });
    return outcomes;
  };
  const contactOf = (contact: { name: string; phone: string; email: string }) => ({
    name: contact.name.trim(),
    phone: storedPhone(contact.phone),
    email: normaliseEmail(contact.email),
  });

  return {
    name: 'admin-orders',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(listAdminOrders, async ({ query, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const { items, total } = await service.list(filterOf(query, settings.now()), query.page, query.limit);
        return { items: items.map(toJson), total, page: query.page, limit: query.limit };
      });

      // The export streams the file itself (STREAMED): the contract still decodes the query.
      router.route(exportAdminOrders, async ({ query, raw: request, reply }) => {
        const refused = await requireAdmin(request, settings);
        if (refused) return refused;
        const rows = service.stream(filterOf(query, settings.now()), EXPORT_MAX_ROWS);
        const stamp = new Date(settings.now()).toISOString().slice(0, 10);
        const body = new PassThrough();
        reply.header('cache-control', 'no-store');
        if (query.format === 'xlsx') {
          reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
          reply.header('content-disposition', `attachment; filename="orders-${stamp}.xlsx"`);
          const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
            stream: body,
            useSharedStrings: false,
            // Amount cells carry a number format (docs/money.md), which needs the styles part.
            useStyles: true,
          });
          const sheet = workbook.addWorksheet('Заказы');
          sheet.addRow([...ORDER_EXPORT_COLUMNS]).commit();
          void (async () => {
            try {
              for await (const order of rows) {
                const row = sheet.addRow(exportRow(order, xlsxAmount));
                for (const column of XLSX_AMOUNT_COLUMNS) row.getCell(column).numFmt = '#,##0.00';
                row.commit();
              }
              sheet.commit();
              await workbook.commit();
            } catch (error) {
              request.log.error({ event: 'orders_export_failed', error: String(error) }, 'export failed');
              body.destroy(error instanceof Error ? error : new Error(String(error)));
            }
          })();
        } else {
          reply.header('content-type', 'text/csv; charset=utf-8');
          reply.header('content-disposition', `attachment; filename="orders-${stamp}.csv"`);
          const csv = stringify({ ...SHOP_CSV_OPTIONS, header: true, columns: [...ORDER_EXPORT_COLUMNS] });
          csv.pipe(body);
          void (async () => {
            try {
              for await (const order of rows) {
                if (!csv.write(exportRow(order))) await new Promise((resolve) => csv.once('drain', resolve));
              }
              csv.end();
            } catch (error) {
              request.log.error({ event: 'orders_export_failed', error: String(error) }, 'export failed');
              body.destroy(error instanceof Error ? error : new Error(String(error)));
            }
          })();
        }
        reply.send(body);
        return STREAMED;
      });

      router.route(createAdminOrder, async ({ body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await service.create(actor, {
            ...(body.clientId !== undefined ? { clientId: body.clientId } : {}),
            ...(body.newClient !== undefined ? { newClient: contactOf(body.newClient) } : {}),
            ...(body.contact !== undefined ? { contact: contactOf(body.contact) } : {}),
            lines: body.lines,
            delivery: body.delivery,
            ...(body.promoCode !== undefined ? { promoCode: body.promoCode } : {}),
            paymentMethod: body.paymentMethod,
            ...(body.comment !== undefined ? { comment: body.comment } : {}),
            ...(body.sendPayLink !== undefined ? { sendPayLink: body.sendPayLink } : {}),
          }),
        );
      });

      router.route(getAdminOrder, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const order = await service.find(params.id);
        return order ? detail(order) : refusal({ ok: false, error: 'not_found' });
      });
      router.route(getAdminOrderTimeline, async ({ params, raw }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const items = await service.timeline(params.id);
        return items === null
          ? refusal({ ok: false, error: 'not_found' })
          : { items: items.map(timelineToJson) };
      });
      router.route(updateAdminOrderStatus, async ({ params, body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.changeStatus(actor, params.id, body.status, body.expectedStatus));
      });
      router.route(deleteAdminOrder, async ({ params, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.remove(actor, params.id));
      });
      router.route(restoreAdminOrder, async ({ params, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.restore(actor, params.id));
      });
      router.route(allowOrderPayment, async ({ params, body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.allowPayment(actor, params.id, body.allowed ?? true));
      });
      router.route(updateAdminOrderUserInfo, async ({ params, body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.updateContact(actor, params.id, contactOf(body.contact)));
      });
      router.route(updateAdminOrderPayment, async ({ params, body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(
          await service.updatePayment(actor, params.id, {
            ...(body.paymentMethod !== undefined ? { paymentMethod: body.paymentMethod } : {}),
            ...(body.prepaymentAmount !== undefined
              ? {
                  prepaymentAmount: body.prepaymentAmount,
                }
              : {}),
          }),
        );
      });
      router.route(updateAdminOrderDelivery, async ({ params, body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.updateDelivery(actor, params.id, body));
      });
      router.route(updateAdminOrderPromo, async ({ params, body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.updatePromo(actor, params.id, body.promoCode));
      });
      router.route(updateAdminOrderCart, async ({ params, body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.updateCart(actor, params.id, body.lines));
      });
      router.route(addAdminOrderNote, async ({ params, body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return answer(await service.addNote(actor, params.id, body.text, body.visibility));
      });

      // Bulk calls: per item, in the order of `ids`, each through the same single-order use case.
      router.route(bulkUpdateOrderStatus, async ({ body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return bulk(
          await service.bulkChangeStatus(
            actor,
            body.orders.map((order) => ({ id: order.id, expected: order.expectedStatus })),
            body.status,
          ),
        );
      });
      router.route(bulkAllowOrderPayment, async ({ body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        if (body.allowed === false)
          return bulk(await each(body.ids, (id) => service.allowPayment(actor, id, false)));
        // Issue 22, item 8: cash/card on delivery, cancelled, paid, binned… orders are skipped with
        // the reason the preview showed; only the rest move (and only they are mailed the pay link).
        const results = [];
        for (const id of new Set(body.ids)) {
          const skipped = await service.allowPaymentSkipReason(id);
          if (skipped !== null) {
            results.push({ id, ok: false, code: 'skipped', error: `Пропущен: ${skipped}` });
            continue;
          }
          const result = await service.allowPayment(actor, id, true);
          results.push(
            result.ok
              ? { id, ok: true }
              : { id, ok: false, code: result.error, error: adminOrderMessage(result) },
          );
        }
        return { results };
      });
      router.route(bulkDeleteOrders, async ({ body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return bulk(await each(body.ids, (id) => service.remove(actor, id)));
      });
      router.route(bulkRestoreOrders, async ({ body, raw }) => {
        const actor = await actorOf(raw);
        if (actor instanceof ApiFailure) return actor;
        return bulk(await each(body.ids, (id) => service.restore(actor, id)));
      });
    },
  };
}
