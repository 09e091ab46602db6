import { Schema } from 'effect';
import { MAX_LINE_QUANTITY } from '../shared-rules/cart-limits-rule';
import { LIFT_KINDS, PAYMENT_STATES } from '../shared-rules/order-options-rule';
import { Email, Phone } from './auth';
import { hasCalendarDate, isIsoDate } from './dates';
import { defineEndpoint } from './endpoint';
import { Kopecks, PositiveKopecks } from './money';
import { DeliveryMethod, Order, OrderStatus, PaymentMethod, ServiceLine } from './orders';
import { Id, IdFromString, intParam, repeated } from './query-fields';
import { MultiLineText } from './text';

/**
 * Administrator order calls (admin session only: a guest gets 401, a client 403). Every write is
 * recorded in the audit log (who, from which address, before → after) and shows in the order's
 * timeline. Status changes — single, bulk and allow-payment — all go through the order lifecycle
 * chart (server/domain/order-lifecycle.machine.ts): `actions` on every order lists exactly the moves
 * the chart allows now, so the UI offers only those.
 *
 * Money is integer kopecks (api/money.ts, like the storefront Order; docs/money.md); times are ISO 8601
 * strings.
 *
 * Product search for the new-order form reuses the public `GET /api/search?q=` (api/search.ts):
 * its items carry id, name, price and picture; send the chosen ids in `lines`.
 */

/** Checked text (api/text.ts): no control characters; line breaks allowed. */
const Text = (max: number) => MultiLineText(max);
const NonEmptyText = (max: number) =>
  MultiLineText(max).pipe(
    Schema.check(
      Schema.makeFilter((value: string) => value.trim().length > 0, { title: 'non-empty after trimming' }),
      Schema.isMaxLength(max),
    ),
  );

// ── The admin order ──────────────────────────────────────────────────────────────────────────────

/**
 * Payment state of an order (and the list filter of the same name):
 * - `awaiting` — the order waits for payment or prepayment (the pay link works);
 * - `paid`     — marked paid, or the money taken online covers the total;
 * - `prepaid`  — some money was taken online, less than the total;
 * - `unpaid`   — none of the above (e.g. cash on delivery, or not yet allowed to pay).
 */
const PaymentState = Schema.Literals(PAYMENT_STATES);

/** A status move the chart allows now; `label` is the button's verb («Подтвердить», «Отменить заказ»). */
const OrderAction = Schema.Struct({ to: OrderStatus, label: Schema.String });

/** Lift in the building, for furniture delivery to the floor. */
const LiftKind = Schema.Literals(LIFT_KINDS);

/** Furniture delivery arrangements a manager agrees by phone (all optional). */
const DeliveryDetails = Schema.Struct({
  /** YYYY-MM-DD. */
  date: Schema.NullOr(Schema.String),
  /** Free text such as «10:00–14:00». */
  timeSlot: Schema.NullOr(Schema.String),
  floor: Schema.NullOr(Schema.Int),
  lift: Schema.NullOr(LiftKind),
  /** Assembly by the shop's fitters ordered. */
  assembly: Schema.Boolean,
});

/**
 * The storefront Order plus what the back office needs. `overdue` follows the rule in
 * server/domain/order-overdue.ts (docs/api.md): new > 2 h, confirmed > 24 h, awaiting (pre)payment
 * > 3 days, ordered from the factory > 45 days, in stock > 14 days, delivery agreed > 7 days, handed
 * to delivery > 7 days, return/claim > 10 days; completed, cancelled and delivered are never overdue.
 */
export const AdminOrder = Schema.Struct({
  ...Order.fields,
  statusLabel: Schema.String,
  /** The moves the chart allows now, in the chart's order. Empty for a deleted order. */
  actions: Schema.Array(OrderAction),
  /** When the order entered its current status. */
  statusSince: Schema.String,
  overdue: Schema.Boolean,
  paymentState: PaymentState,
  /** Kopecks taken online and not refunded. */
  paidAmount: Kopecks,
  /**
   * Kopecks refunded from the order's online payments (> 0: the money went back, e.g. a cancelled
   * paid order; `paid` and `paymentState` then no longer say paid). Always sent by the server.
   */
  refundedAmount: Schema.optionalKey(Kopecks),
  /**
   * Kopecks: the prepayment the pay page charges in «Ожидает предоплаты», set by a manager
   * (POST …/prepayment, PATCH …/payment); null → the default 10 % of the total rounded up to whole
   * roubles. Always sent.
   */
  prepaymentAmount: Schema.optionalKey(Schema.NullOr(Kopecks)),
  deliveryDetails: DeliveryDetails,
  updatedAt: Schema.String,
  /** Set when the order is in the bin (soft-deleted); restorable. */
  deletedAt: Schema.NullOr(Schema.String),
});
export type AdminOrder = typeof AdminOrder.Type;

const TimelineKind = Schema.Literals([
  /** The order was placed (by the client, or by a manager for a phone order). */
  'created',
  /** A status change (from the client's payment, a manager or the system). */
  'status',
  /** The client changed delivery, contact or comment. */
  'client_edit',
  /** A manager edited the order (cart, delivery, contact, payment method, promo, delete, restore…). */
  'admin_edit',
  /** A payment was created, succeeded, was cancelled or refunded. */
  'payment',
  /** A mail about this order was sent to the client. */
  'mail',
  /** A note by a manager: internal, or visible to the client in the account. */
  'note',
]);

const TimelineChange = Schema.Struct({
  /** Field key (`status`, `delivery.address`, `items`…) and its Russian label. */
  field: Schema.String,
  label: Schema.String,
  before: Schema.NullOr(Schema.String),
  after: Schema.NullOr(Schema.String),
});

const NoteVisibility = Schema.Literals(['internal', 'client']);

export const TimelineEntry = Schema.Struct({
  /** Unique within the timeline: `event:12`, `audit:5`, `payment:<id>:succeeded`, `note:3`. */
  id: Schema.String,
  at: Schema.String,
  kind: TimelineKind,
  actorKind: Schema.Literals(['client', 'admin', 'system']),
  actorId: Schema.NullOr(Schema.Int),
  /** The administrator's name or e-mail, the client's name; null for the system. */
  actorName: Schema.NullOr(Schema.String),
  /** One Russian line: «Статус: Новый → Подтверждён», «Письмо: статус заказа изменён». */
  title: Schema.String,
  /** Field-by-field before → after of an edit. */
  changes: Schema.Array(TimelineChange),
  /** The note text (notes only). */
  text: Schema.NullOr(Schema.String),
  /** Notes only. */
  visibility: Schema.NullOr(NoteVisibility),
});
export type TimelineEntry = typeof TimelineEntry.Type;

/** Oldest first. */
const OrderTimeline = Schema.Struct({ items: Schema.Array(TimelineEntry) });

/** One order with its merged timeline (GET, and the answer of every single write). */
export const AdminOrderDetail = Schema.Struct({
  ...AdminOrder.fields,
  timeline: Schema.Array(TimelineEntry),
});
export type AdminOrderDetail = typeof AdminOrderDetail.Type;

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

const ADMIN_ORDER_SORTS = ['createdAt', 'total', 'status', 'updatedAt'] as const;
const AdminOrderSort = Schema.Literals(ADMIN_ORDER_SORTS);

/** `YYYY-MM-DD` (a Moscow calendar day) or a full ISO 8601 date-time. */
const DateParam = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter(
      (value: string) =>
        /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value) &&
        hasCalendarDate(value) &&
        !Number.isNaN(Date.parse(value)),
      { title: 'a date YYYY-MM-DD or an ISO date-time' },
    ),
  ),
);

/**
 * The list filters (also taken by the export). All optional; combined with AND.
 * - `status` may repeat (`?status=new&status=confirmed`): any of them;
 * - `from` / `to`: creation date; a bare date is a Moscow day, `to` includes its whole day;
 * - `payment`: see PaymentState; `delivery`: courier / pickup; `promo`: exact code, case-insensitive;
 * - `q`: order number, name, e-mail or phone. Phones are compared by digits, a leading 8 of an
 *   11-digit number read as 7, so «8 921 555 44 33», «+7 (921) 555-44-33» and «9215554433» find the
 *   same order (at least 5 digits make a phone search);
 * - `deleted=true` shows the bin (soft-deleted orders) instead of the live orders;
 * - `overdue=true`: only overdue orders (the dashboard's figure);
 * - `sort` (createdAt by default) and `dir` (desc by default); ties by number.
 */
export const AdminOrderListQuery = Schema.Struct({
  status: Schema.optionalKey(repeated(OrderStatus)),
  from: Schema.optionalKey(DateParam),
  to: Schema.optionalKey(DateParam),
  payment: Schema.optionalKey(PaymentState),
  delivery: Schema.optionalKey(DeliveryMethod),
  promo: Schema.optionalKey(Text(64)),
  clientId: Schema.optionalKey(IdFromString),
  /** Kept for older callers: true = payment allowed now. */
  paymentAllowed: Schema.optionalKey(Schema.Literals(['true', 'false'])),
  q: Schema.optionalKey(Text(100)),
  deleted: Schema.optionalKey(Schema.Literals(['true', 'false'])),
  overdue: Schema.optionalKey(Schema.Literals(['true', 'false'])),
  sort: Schema.optionalKey(AdminOrderSort),
  dir: Schema.optionalKey(Schema.Literals(['asc', 'desc'])),
  page: intParam(1, 100_000, 1),
  limit: intParam(1, 200, 20),
});
export type AdminOrderListQuery = typeof AdminOrderListQuery.Type;

const AdminOrderList = Schema.Struct({
  items: Schema.Array(AdminOrder),
  /** All orders matching the filters (not only this page). */
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
});

export const listAdminOrders = defineEndpoint({
  area: 'orders',
  method: 'GET',
  path: '/api/admin/orders',
  summary: 'Orders filtered (status, dates, payment, delivery, promo, text/phone, bin), sorted and paged',
  tag: 'admin',
  query: AdminOrderListQuery,
  response: AdminOrderList,
  errorStatuses: [401, 403],
});

/**
 * The list as a file with the current filters (sort included, paging ignored; at most 100 000 rows),
 * streamed: `text/csv; charset=utf-8` (with BOM, `;`-separated for Russian Excel) or XLSX. Columns:
 * ORDER_EXPORT_COLUMNS. Times are Moscow time: the CSV writes «27.11.2026 14:05», the XLSX real date
 * cells; amounts are roubles (CSV «12345,00», XLSX numbers). The XLSX has a second sheet «Позиции»
 * with every line of those orders (ORDER_LINE_EXPORT_COLUMNS); the CSV of the lines is
 * exportAdminOrderLines. Open it as a link (`<a href download>`), not through fetch.
 */
export const ORDER_EXPORT_COLUMNS = [
  'Номер',
  'Дата',
  'Статус',
  'Клиент',
  'Телефон',
  'E-mail',
  'Доставка',
  'Адрес',
  'Оплата',
  'Состояние оплаты',
  'Промокод',
  'Сумма товаров, ₽',
  'Скидка, ₽',
  'Итого, ₽',
  'Оплачено, ₽',
  'Позиций',
  'Дата доставки',
  'Время доставки',
  'Комментарий',
] as const;

/** The columns of the order lines (the XLSX's «Позиции» sheet and exportAdminOrderLines). */
export const ORDER_LINE_EXPORT_COLUMNS = [
  'Номер заказа',
  'Дата заказа',
  'Статус',
  'Клиент',
  'Код товара',
  'Товар',
  'Количество',
  'Цена, ₽',
  'Сумма, ₽',
  'Скидка, ₽',
  'К оплате, ₽',
  'Под заказ',
] as const;

const OrderExportQuery = Schema.Struct({
  ...AdminOrderListQuery.fields,
  format: Schema.optionalKey(Schema.Literals(['csv', 'xlsx'])),
});

export const exportAdminOrders = defineEndpoint({
  area: 'orders',
  method: 'GET',
  path: '/api/admin/orders/export',
  summary: 'The filtered order list as CSV or XLSX (Russian column names), streamed',
  tag: 'admin',
  query: OrderExportQuery,
  response: Schema.String,
  errorStatuses: [401, 403],
});

/** The lines of the filtered orders, one row per line, as CSV (or XLSX with the one sheet «Позиции»). */
export const exportAdminOrderLines = defineEndpoint({
  area: 'orders',
  method: 'GET',
  path: '/api/admin/orders/export/lines',
  summary: 'The lines of the filtered orders as CSV or XLSX (Russian column names), streamed',
  tag: 'admin',
  query: OrderExportQuery,
  response: Schema.String,
  errorStatuses: [401, 403],
});

// ── One order ────────────────────────────────────────────────────────────────────────────────────

const OrderIdParams = Schema.Struct({ id: IdFromString });
const SINGLE_ERRORS = [401, 403, 404, 409, 415, 422] as const;

export const getAdminOrder = defineEndpoint({
  area: 'orders',
  method: 'GET',
  path: '/api/admin/orders/:id',
  summary: 'One order (deleted ones too) with its actions and merged timeline',
  tag: 'admin',
  params: OrderIdParams,
  response: AdminOrderDetail,
  errorStatuses: [401, 403, 404],
});

/**
 * Moves the order to `status` if the chart allows it from the current status (409
 * `status_not_allowed` otherwise; 422 `delivery_date_required` «Укажите дату доставки: без неё доставку
 * не согласовать» for «Доставка согласована» while the order has no delivery date). `expectedStatus` is the status the manager saw: when the order is
 * no longer in it, nothing changes and the answer is 409 `status_changed` naming the status it is in
 * now («Статус заказа уже изменён: сейчас «Подтверждён». Обновите карточку.»). The
 * client's counter and a mail follow; the payment gate opens/closes; cancelling voids a pending
 * payment and refunds money taken.
 */
export const updateAdminOrderStatus = defineEndpoint({
  area: 'orders',
  method: 'PATCH',
  path: '/api/admin/orders/:id',
  summary: 'Moves the order to a status the lifecycle chart allows (recorded; the client is e-mailed)',
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({ status: OrderStatus, expectedStatus: OrderStatus }),
  response: AdminOrderDetail,
  errorStatuses: SINGLE_ERRORS,
});

/** Soft delete: the order goes to the bin (hidden from lists, also from the client's account). */
export const deleteAdminOrder = defineEndpoint({
  area: 'orders',
  method: 'DELETE',
  path: '/api/admin/orders/:id',
  summary: 'Moves the order to the bin (soft delete, restorable)',
  tag: 'admin',
  params: OrderIdParams,
  response: AdminOrderDetail,
  errorStatuses: [401, 403, 404, 409],
});

export const restoreAdminOrder = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/:id/restore',
  summary: 'Takes the order out of the bin',
  tag: 'admin',
  params: OrderIdParams,
  response: AdminOrderDetail,
  errorStatuses: [401, 403, 404, 409, 415],
});

/**
 * `allowed: true` = the move to «Ожидает оплаты» (the client is mailed the /pay/{id} link);
 * `allowed: false` = back to «Подтверждён». Both through the chart (409 when not allowed).
 */
export const allowOrderPayment = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/:id/allow-payment',
  summary: 'Allows (awaiting payment) or withdraws (back to confirmed) online payment of one order',
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({ allowed: Schema.optionalKey(Schema.Boolean) }),
  response: AdminOrderDetail,
  errorStatuses: SINGLE_ERRORS,
});

const ContactPatch = Schema.Struct({
  name: NonEmptyText(200),
  phone: Phone,
  email: Email,
});

export const updateAdminOrderUserInfo = defineEndpoint({
  area: 'orders',
  method: 'PATCH',
  path: '/api/admin/orders/:id/user-info',
  summary: "Changes the order's contact (name, phone, e-mail)",
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({ contact: ContactPatch }),
  response: AdminOrderDetail,
  errorStatuses: SINGLE_ERRORS,
});

/**
 * The payment method and/or the prepayment the pay page charges in «Ожидает предоплаты»
 * (`prepaymentAmount` in kopecks, > 0 and at most total − paid, else 422 `prepayment_too_large`;
 * `null` returns to the default 10 % rounded up to whole roubles). Send at least one field.
 */
export const updateAdminOrderPayment = defineEndpoint({
  area: 'orders',
  method: 'PATCH',
  path: '/api/admin/orders/:id/payment',
  summary: "Changes the order's payment method and/or the prepayment a manager asks for",
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({
    paymentMethod: Schema.optionalKey(PaymentMethod),
    prepaymentAmount: Schema.optionalKey(Schema.NullOr(PositiveKopecks)),
  }),
  response: AdminOrderDetail,
  errorStatuses: SINGLE_ERRORS,
});

const DateOnly = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter((value: string) => isIsoDate(value), {
      title: 'a date YYYY-MM-DD',
    }),
  ),
);

/**
 * Delivery: the method and address (required for courier), and the furniture arrangements. Fields
 * left out keep their value; `null` clears one.
 */
const DeliveryPatch = Schema.Struct({
  method: DeliveryMethod,
  address: Schema.optionalKey(Schema.NullOr(Text(500))),
  date: Schema.optionalKey(Schema.NullOr(DateOnly)),
  timeSlot: Schema.optionalKey(Schema.NullOr(Text(50))),
  floor: Schema.optionalKey(
    Schema.NullOr(Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: -5, maximum: 200 })))),
  ),
  lift: Schema.optionalKey(Schema.NullOr(LiftKind)),
  assembly: Schema.optionalKey(Schema.Boolean),
});

export const updateAdminOrderDelivery = defineEndpoint({
  area: 'orders',
  method: 'PATCH',
  path: '/api/admin/orders/:id/delivery',
  summary: 'Changes delivery: method, address, date, time slot, floor, lift, assembly',
  tag: 'admin',
  params: OrderIdParams,
  body: DeliveryPatch,
  response: AdminOrderDetail,
  errorStatuses: SINGLE_ERRORS,
});

/** Applies a promo code (`promoCode: "LETO10"`) or removes it (`null`); totals are recomputed (422 if invalid). */
export const updateAdminOrderPromo = defineEndpoint({
  area: 'orders',
  method: 'PATCH',
  path: '/api/admin/orders/:id/promo',
  summary: 'Applies or removes a promo code; totals recomputed on the server',
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({ promoCode: Schema.NullOr(Text(64)) }),
  response: AdminOrderDetail,
  errorStatuses: SINGLE_ERRORS,
});

const AdminCartLine = Schema.Struct({
  productId: Id,
  quantity: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: MAX_LINE_QUANTITY }))),
});

const CartLines = Schema.Array(AdminCartLine).pipe(
  Schema.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
);

/**
 * Replaces the order's lines. Prices come from the catalogue now (for lines already in the order
 * too), the promo code is re-applied, totals recomputed. Only before payment: an order that took money
 * or is handed to delivery answers 409 `order_locked`.
 */
export const updateAdminOrderCart = defineEndpoint({
  area: 'orders',
  method: 'PATCH',
  path: '/api/admin/orders/:id/cart',
  summary: "Replaces the order's lines (catalogue prices, totals recomputed on the server)",
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({ lines: CartLines }),
  response: AdminOrderDetail,
  errorStatuses: SINGLE_ERRORS,
});

/**
 * Replaces the order's services (issue 23; docs/delivery.md «The manager's edit»): «Доставка»,
 * «Подъём на 5 этаж», «Сборка»… in whole roubles; the total becomes goods − discount + services.
 * `seenTotal` is the total the card showed: 409 `order_changed` when the order changed meanwhile,
 * 409 `order_locked` after payment or handover, 422 `invalid_service_amount` for kopecks.
 */
export const updateAdminOrderServices = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/orders/:id/services',
  summary: "Replaces the order's delivery services; the total is recomputed on the server",
  tag: 'admin',
  area: 'orders',
  params: OrderIdParams,
  body: Schema.Struct({
    services: Schema.Array(
      Schema.Struct({ kind: ServiceLine.fields.kind, label: NonEmptyText(128), amount: Kopecks }),
    ).pipe(Schema.check(Schema.isMaxLength(20))),
    seenTotal: Kopecks,
  }),
  response: AdminOrderDetail,
  errorStatuses: SINGLE_ERRORS,
});

export const addAdminOrderNote = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/:id/notes',
  summary: 'Adds a note: internal, or visible to the client on their order',
  tag: 'admin',
  params: OrderIdParams,
  body: Schema.Struct({ text: NonEmptyText(2000), visibility: NoteVisibility }),
  response: AdminOrderDetail,
  successStatus: 201,
  errorStatuses: [401, 403, 404, 415],
});

export const getAdminOrderTimeline = defineEndpoint({
  area: 'orders',
  method: 'GET',
  path: '/api/admin/orders/:id/timeline',
  summary: 'The merged timeline: status changes, edits, payments, mails, notes (oldest first)',
  tag: 'admin',
  params: OrderIdParams,
  response: OrderTimeline,
  errorStatuses: [401, 403, 404],
});

/**
 * A manager takes an order by phone. The client: `clientId` of an existing client, or `newClient`
 * (the account of that e-mail is found or created, with a mailed temporary password when new).
 * `contact` defaults to the client's name/phone/e-mail. `sendPayLink: true` (online payment only)
 * moves the order to «Ожидает оплаты» and mails the /pay/{id} link.
 */
const NewAdminOrderBody = Schema.Struct({
  clientId: Schema.optionalKey(Id),
  newClient: Schema.optionalKey(Schema.Struct({ name: NonEmptyText(200), phone: Phone, email: Email })),
  contact: Schema.optionalKey(ContactPatch),
  lines: CartLines,
  delivery: DeliveryPatch,
  promoCode: Schema.optionalKey(Text(64)),
  paymentMethod: PaymentMethod,
  comment: Schema.optionalKey(Text(500)),
  sendPayLink: Schema.optionalKey(Schema.Boolean),
});

export const createAdminOrder = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/new',
  summary: 'A manager places an order for a client (phone order); can send the pay link',
  tag: 'admin',
  body: NewAdminOrderBody,
  response: AdminOrderDetail,
  successStatus: 201,
  errorStatuses: [401, 403, 404, 409, 415, 422],
});

// ── Bulk ─────────────────────────────────────────────────────────────────────────────────────────

const BULK_MAX_ORDER_IDS = 500;
const BulkIds = Schema.Array(Id).pipe(
  Schema.check(Schema.isMinLength(1), Schema.isMaxLength(BULK_MAX_ORDER_IDS)),
);

/**
 * Per item: each order succeeds or fails on its own, in the order of `ids` (duplicates once). A
 * failure carries a stable `code` (`status_not_allowed`, `status_changed`, `not_found`, `deleted`,
 * `not_deleted`) and a Russian `error` explaining it («Из статуса «Доставлен» нельзя перейти в «Новый»»).
 */
export const BulkResult = Schema.Struct({
  results: Schema.Array(
    Schema.Struct({
      id: Schema.Int,
      ok: Schema.Boolean,
      error: Schema.optionalKey(Schema.String),
      code: Schema.optionalKey(Schema.String),
    }),
  ),
});
export type BulkResult = typeof BulkResult.Type;

/** Each order with the status the manager saw in the list (a stale one fails with `status_changed`). */
const BulkSeenOrders = Schema.Array(Schema.Struct({ id: Id, expectedStatus: OrderStatus })).pipe(
  Schema.check(Schema.isMinLength(1), Schema.isMaxLength(BULK_MAX_ORDER_IDS)),
);

export const bulkUpdateOrderStatus = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/update-status',
  summary: 'Moves several orders to a status; each goes through the chart and succeeds or fails on its own',
  tag: 'admin',
  body: Schema.Struct({ orders: BulkSeenOrders, status: OrderStatus }),
  response: BulkResult,
  errorStatuses: [401, 403, 415],
});

/** `allowed` defaults to true (move to «Ожидает оплаты»); false moves back to «Подтверждён». */
export const bulkAllowOrderPayment = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/allow-payment',
  summary: 'Allows (or withdraws) online payment of several orders; per-item results',
  tag: 'admin',
  body: Schema.Struct({ ids: BulkIds, allowed: Schema.optionalKey(Schema.Boolean) }),
  response: BulkResult,
  errorStatuses: [401, 403, 415],
});

export const bulkDeleteOrders = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/delete',
  summary: 'Moves several orders to the bin (soft delete); per-item results',
  tag: 'admin',
  body: Schema.Struct({ ids: BulkIds }),
  response: BulkResult,
  errorStatuses: [401, 403, 415],
});

export const bulkRestoreOrders = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/restore',
  summary: 'Takes several orders out of the bin; per-item results',
  tag: 'admin',
  body: Schema.Struct({ ids: BulkIds }),
  response: BulkResult,
  errorStatuses: [401, 403, 415],
});
