import { allowPaymentSkipReason } from '../../shared-rules/allow-payment-rule';
import { formatKopecks } from '../../shared-rules/money-rule';
import {
  DELIVERY_METHOD_LABELS,
  LIFT_LABELS,
  PAYMENT_METHOD_LABELS,
} from '../../shared-rules/order-options-rule';
import { isOverdue, paymentStateOf } from '../domain/order-admin-rules';
import {
  decide,
  isOrderStatus,
  isPayable,
  ORDER_STATUS_LABELS,
  type OrderDecision,
  type OrderStatus,
} from '../domain/order-lifecycle.machine';
import { normalisePromoCode, type PricingProblem, priceOrder } from '../domain/order-pricing';
import { payLinkStatusOpen } from '../domain/pay-link';
import { adminLimitRefusal } from './admin-order-limits';
import type {
  AdminOrderListFilter,
  AdminOrderPatch,
  AdminOrderRecord,
  AdminOrdersRepository,
  DeliveryDetailsRecord,
  LiftKind,
  OrderTimelineSources,
} from './admin-orders.port';
import type { AuditEntry } from './audit-log.port';
import type { AuthService, EventLog } from './auth.service';
import type { ProductLookup } from './client-data.port';
import {
  orderPlacedMail,
  orderStatusChangedMail,
  payLinkReissuedMail,
  paymentAllowedMail,
  type ShopIdentity,
} from './mail-templates';
import type { Mailer, MailMessage } from './mailer.port';
import type { OrderPaymentEffects } from './order-payment-effects.port';
import type { DeliveryMethod, OrderContact, OrdersRepository, PaymentMethod } from './orders.port';
import type { PayLinksService } from './pay-links.service';

/** Who makes an admin change: the session's administrator and the request's address. */
export interface AdminActor {
  readonly adminId: number;
  readonly ip: string | null;
}

export type AdminOrderFailure =
  | 'not_found'
  | 'deleted'
  | 'not_deleted'
  | 'same_status'
  | 'status_not_allowed'
  | 'status_changed'
  | 'order_locked'
  | 'address_required'
  | 'client_not_found'
  | 'client_required'
  | 'pay_link_needs_online'
  | 'prepayment_too_large'
  | 'nothing_to_change'
  | 'out_of_stock'
  | 'promo_limit'
  | PricingProblem['kind'];

export type AdminOrderResult =
  | { readonly ok: true; readonly order: AdminOrderRecord }
  | {
      readonly ok: false;
      readonly error: AdminOrderFailure;
      readonly from?: OrderStatus;
      readonly to?: OrderStatus;
      /** The refusal in Russian when the code alone cannot say it (stock, promo limit). */
      readonly message?: string;
    };

export interface TimelineItem {
  readonly id: string;
  readonly at: number;
  readonly kind: 'created' | 'status' | 'client_edit' | 'admin_edit' | 'payment' | 'mail' | 'note';
  readonly actorKind: 'client' | 'admin' | 'system';
  readonly actorId: number | null;
  readonly actorName: string | null;
  readonly title: string;
  readonly changes: readonly {
    readonly field: string;
    readonly label: string;
    readonly before: string | null;
    readonly after: string | null;
  }[];
  readonly text: string | null;
  readonly visibility: 'internal' | 'client' | null;
}

export interface AdminOrdersDeps {
  readonly repository: AdminOrdersRepository;
  /** Promo rules. */
  readonly orders: OrdersRepository;
  readonly products: ProductLookup;
  readonly auth: AuthService;
  readonly mailer: Mailer;
  /** Voids, refunds and receipts the chart asks for (the payments service). */
  readonly paymentEffects: OrderPaymentEffects;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
  readonly now: () => number;
  /** How long a status change waits for a mail before answering (the mail still goes). */
  readonly mailWaitMs?: number;
  /** Signed pay links for the mails (absent: the signed-in /pay/{id} page). */
  readonly payLinks?: Pick<PayLinksService, 'urlFor' | 'reissue'>;
}

/** Statuses in which the cart and promo may still change: nothing paid, nothing handed over. */
const CART_EDITABLE_STATUSES: readonly OrderStatus[] = [
  'new',
  'confirmed',
  'awaiting_payment',
  'awaiting_prepayment',
];

const FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'Статус',
  'contact.name': 'Имя',
  'contact.phone': 'Телефон',
  'contact.email': 'E-mail',
  paymentMethod: 'Способ оплаты',
  prepaymentAmount: 'Предоплата',
  'delivery.method': 'Способ доставки',
  'delivery.address': 'Адрес',
  'delivery.date': 'Дата доставки',
  'delivery.timeSlot': 'Время доставки',
  'delivery.floor': 'Этаж',
  'delivery.lift': 'Лифт',
  'delivery.assembly': 'Сборка',
  items: 'Состав заказа',
  subtotal: 'Сумма товаров',
  discount: 'Скидка',
  total: 'Итого',
  promoCode: 'Промокод',
  deletedAt: 'В корзине',
  note: 'Заметка',
  refundAmount: 'Сумма возврата',
  refundLines: 'Позиции',
  refundReason: 'Причина',
};

const ACTION_TITLES: Readonly<Record<string, string>> = {
  'order.created': 'Заказ оформлен менеджером',
  'order.statusChanged': 'Статус изменён',
  'order.deleted': 'Заказ перемещён в корзину',
  'order.restored': 'Заказ восстановлен из корзины',
  'order.contactChanged': 'Изменены контакты',
  'order.paymentMethodChanged': 'Изменён способ оплаты',
  'order.paymentChanged': 'Изменены условия оплаты',
  'order.deliveryChanged': 'Изменена доставка',
  'order.promoChanged': 'Изменён промокод',
  'order.cartChanged': 'Изменён состав заказа',
  'order.refunded': 'Оформлен возврат',
};

const CLIENT_EDIT_TITLES: Readonly<Record<string, string>> = {
  address: 'Клиент изменил доставку',
  contact: 'Клиент изменил контакты',
  comment: 'Клиент изменил комментарий',
};

const MAIL_TITLES: Readonly<Record<string, string>> = {
  'order-placed': 'Письмо: заказ принят',
  'order-status-changed': 'Письмо: статус заказа изменён',
  'payment-allowed': 'Письмо: ссылка на оплату',
  'pay-link-reissued': 'Письмо: новая ссылка на оплату',
  'payment-received': 'Письмо: оплата получена',
};

/** What the payment's settlement was; a later refund shows as its own entries. */
const PAYMENT_STATUS_TITLES: Readonly<Record<string, string>> = {
  succeeded: 'Оплата прошла',
  refund_pending: 'Оплата прошла',
  refunded: 'Оплата прошла',
  cancelled: 'Платёж отменён',
};

/** The timeline prints amounts exactly as the card does (docs/money.md): «138 864 ₽». */
const rub = formatKopecks;

function shown(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field === 'status' && isOrderStatus(value)) return ORDER_STATUS_LABELS[value];
  if (field === 'paymentMethod' && (value === 'online' || value === 'on_delivery'))
    return PAYMENT_METHOD_LABELS[value];
  if (field === 'delivery.method' && (value === 'courier' || value === 'pickup'))
    return DELIVERY_METHOD_LABELS[value];
  if (field === 'delivery.lift' && (value === 'none' || value === 'passenger' || value === 'freight'))
    return LIFT_LABELS[value];
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (
    ['subtotal', 'discount', 'total', 'prepaymentAmount', 'refundAmount'].includes(field) &&
    typeof value === 'number'
  )
    return rub(value);
  if (field === 'items' && Array.isArray(value)) {
    return value
      .map((line: unknown) => {
        if (typeof line !== 'object' || line === null) return '';
        const record = line as Record<string, unknown>;
        return `${String(record.name ?? record.productId)} × ${String(record.quantity)}`;
      })
      .join('; ');
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Only the fields whose value changed, flattened to `a.b` keys. */
function diff(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changedBefore[key] = before[key] ?? null;
      changedAfter[key] = after[key] ?? null;
    }
  }
  return { before: changedBefore, after: changedAfter };
}

const deliveryFields = (
  delivery: {
    readonly method: DeliveryMethod;
    readonly address: string | null;
  },
  details: DeliveryDetailsRecord,
): Record<string, unknown> => ({
  'delivery.method': delivery.method,
  'delivery.address': delivery.address,
  'delivery.date': details.date,
  'delivery.timeSlot': details.timeSlot,
  'delivery.floor': details.floor,
  'delivery.lift': details.lift,
  'delivery.assembly': details.assembly,
});

export interface DeliveryInput {
  readonly method: DeliveryMethod;
  readonly address?: string | null;
  readonly date?: string | null;
  readonly timeSlot?: string | null;
  readonly floor?: number | null;
  readonly lift?: LiftKind | null;
  readonly assembly?: boolean;
}

export interface NewOrderInput {
  readonly clientId?: number;
  readonly newClient?: OrderContact;
  readonly contact?: OrderContact;
  readonly lines: readonly { readonly productId: number; readonly quantity: number }[];
  readonly delivery: DeliveryInput;
  readonly promoCode?: string;
  readonly paymentMethod: PaymentMethod;
  readonly comment?: string;
  readonly sendPayLink?: boolean;
}

const EMPTY_DETAILS: DeliveryDetailsRecord = {
  date: null,
  timeSlot: null,
  floor: null,
  lift: null,
  assembly: false,
};

/**
 * The back office's order use cases. Every status change — single, bulk, allow-payment, a phone
 * order's pay link — goes through the lifecycle chart's `decide()` and is stored with a
 * compare-and-set, so two managers (or a bulk change and a single one) never apply the same move
 * twice; the loser gets `status_changed`. Every write leaves an audit entry with the administrator
 * and the address. Effects (mail, payment gateway) run after the change is stored and never make the
 * call fail: a slow or failing mail is logged.
 */
export class AdminOrdersService {
  constructor(private readonly deps: AdminOrdersDeps) {}

  private audit(
    actor: AdminActor,
    id: number,
    action: string,
    before: Readonly<Record<string, unknown>> | null,
    after: Readonly<Record<string, unknown>> | null,
  ): AuditEntry {
    return {
      actorKind: 'admin',
      actorId: actor.adminId,
      action,
      entityType: 'order',
      entityId: String(id),
      before,
      after,
      ip: actor.ip,
    };
  }

  isOverdue(order: AdminOrderRecord): boolean {
    return order.deletedAt === null && isOverdue(order.status, order.statusSince, this.deps.now());
  }

  paymentState(order: AdminOrderRecord) {
    return paymentStateOf(order);
  }

  find(id: number): Promise<AdminOrderRecord | null> {
    return this.deps.repository.find(id);
  }

  list(filter: AdminOrderListFilter, page: number, limit: number) {
    return this.deps.repository.list(filter, page, limit);
  }

  stream(filter: AdminOrderListFilter, max: number) {
    return this.deps.repository.stream(filter, max);
  }

  private async live(id: number): Promise<AdminOrderResult> {
    const order = await this.deps.repository.find(id);
    if (order === null) return { ok: false, error: 'not_found' };
    if (order.deletedAt !== null) return { ok: false, error: 'deleted' };
    return { ok: true, order };
  }

  private async reload(id: number): Promise<AdminOrderResult> {
    const order = await this.deps.repository.find(id);
    return order === null ? { ok: false, error: 'not_found' } : { ok: true, order };
  }

  /**
   * Moves one order through the chart: decide, compare-and-set, then the effects. `expected` is the
   * status the manager saw (issue 22): when the order has moved since, nothing changes and the answer
   * is `status_changed` with the status it is in now (the card reloads).
   */
  async changeStatus(
    actor: AdminActor,
    id: number,
    to: OrderStatus,
    expected?: OrderStatus,
  ): Promise<AdminOrderResult> {
    const current = await this.live(id);
    if (!current.ok) return current;
    const order = current.order;
    if (expected !== undefined && order.status !== expected)
      return { ok: false, error: 'status_changed', from: order.status, to };
    const decision = decide(
      { status: order.status, total: order.total, paidAmount: order.paidAmount },
      { type: 'order.moveTo', to },
    );
    if (!decision.ok) {
      return {
        ok: false,
        error: decision.reason === 'same_status' ? 'same_status' : 'status_not_allowed',
        from: order.status,
        to,
      };
    }
    const stored = await this.deps.repository.moveStatus({
      id,
      from: decision.from,
      to: decision.to,
      actor: 'admin',
      paymentAllowed: isPayable(decision.to),
      markPaid: decision.to === 'paid' && order.paidAt === null,
      audit: this.audit(actor, id, 'order.statusChanged', { status: decision.from }, { status: decision.to }),
    });
    if (!stored) return this.staleStatus(id, to);
    this.deps.log.info(
      {
        event: 'order_status_changed',
        orderId: id,
        from: decision.from,
        to: decision.to,
        adminId: actor.adminId,
      },
      'order status changed',
    );
    await this.carryOut(order, decision);
    return this.reload(id);
  }

  /** The compare-and-set lost: answer with the status the order is in now. */
  private async staleStatus(id: number, to: OrderStatus): Promise<AdminOrderResult> {
    const now = await this.deps.repository.find(id);
    return now === null
      ? { ok: false, error: 'not_found' }
      : { ok: false, error: 'status_changed', from: now.status, to };
  }

  /**
   * Bulk = the single change, one order after another (the same chart, the same compare-and-set),
   * each with the status the manager saw in the list (`expected`, by id).
   */
  async bulkChangeStatus(
    actor: AdminActor,
    orders: readonly { readonly id: number; readonly expected?: OrderStatus }[],
    to: OrderStatus,
  ): Promise<{ readonly id: number; readonly result: AdminOrderResult }[]> {
    const results = [];
    const seen = new Set<number>();
    for (const { id, expected } of orders) {
      if (seen.has(id)) continue;
      seen.add(id);
      results.push({ id, result: await this.changeStatus(actor, id, to, expected) });
    }
    return results;
  }

  /**
   * allow = the move to «Ожидает оплаты»; withdraw = back to «Подтверждён». Already there counts as
   * done (idempotent), so a repeated click or bulk does not report an error.
   */
  async allowPayment(actor: AdminActor, id: number, allowed: boolean): Promise<AdminOrderResult> {
    const target: OrderStatus = allowed ? 'awaiting_payment' : 'confirmed';
    const result = await this.changeStatus(actor, id, target);
    if (!result.ok && result.error === 'same_status') return this.reload(id);
    return result;
  }

  /**
   * Why bulk «Разрешить оплату» leaves this order alone (shared-rules/allow-payment-rule.ts): cash or
   * card on delivery, cancelled, paid, in the bin, already open, or a status the chart cannot move from.
   * Null when the bulk action applies; the move itself is then `allowPayment` (chart + compare-and-set).
   */
  async allowPaymentSkipReason(id: number): Promise<string | null> {
    const order = await this.deps.repository.find(id);
    if (order === null) return 'заказ не найден';
    const move = decide(
      { status: order.status, total: order.total, paidAmount: order.paidAmount },
      { type: 'order.moveTo', to: 'awaiting_payment' },
    );
    return allowPaymentSkipReason({
      paymentMethod: order.paymentMethod,
      status: order.status,
      statusLabel: ORDER_STATUS_LABELS[order.status],
      deleted: order.deletedAt !== null,
      paid: paymentStateOf(order) === 'paid',
      canAwaitPayment: move.ok,
    });
  }

  private async carryOut(order: AdminOrderRecord, decision: Extract<OrderDecision, { ok: true }>) {
    const effects = decision.effects;
    const payments = this.deps.paymentEffects;
    for (const effect of effects) {
      try {
        if (effect === 'voidPendingPayments') await payments.voidPending(order.id);
        else if (effect === 'refundPayments')
          await payments.refundAll(order.id, `Заказ № ${order.id} отменён`);
        else if (effect === 'issueSettlementReceipt') await payments.issueSettlementReceipt(order.id);
      } catch (error) {
        this.deps.log.warn(
          { event: 'order_payment_effect_failed', orderId: order.id, effect, error: String(error) },
          'payment effect failed',
        );
      }
    }
    // Entering a payment state mails the pay link (it says the status too); other moves mail the status.
    if (effects.includes('openPaymentGate')) {
      const payUrl =
        (await this.deps.payLinks?.urlFor(order.id)) ?? `${this.deps.shop.publicUrl}/pay/${order.id}`;
      await this.mail(order.id, paymentAllowedMail(this.deps.shop, order.contact.email, order.id, payUrl));
    } else if (effects.includes('notifyClient')) {
      await this.mail(
        order.id,
        orderStatusChangedMail(this.deps.shop, order.contact.email, order.id, decision.to, order.clientId),
      );
    }
  }

  /** Sends and records a mail about the order; waits at most `mailWaitMs`, never throws. */
  private async mail(orderId: number, message: MailMessage): Promise<void> {
    const sending = this.deps.mailer
      .send(message)
      .then(() =>
        this.deps.repository.recordMail(orderId, {
          template: message.template,
          subject: message.subject,
          to: message.to,
        }),
      )
      .catch((error: unknown) => {
        this.deps.log.warn(
          { event: 'order_mail_failed', orderId, template: message.template, error: String(error) },
          'order mail failed',
        );
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.deps.mailWaitMs ?? 3000);
    });
    await Promise.race([sending, wait]);
    clearTimeout(timer);
  }

  async remove(actor: AdminActor, id: number): Promise<AdminOrderResult> {
    const order = await this.deps.repository.find(id);
    if (order === null) return { ok: false, error: 'not_found' };
    if (order.deletedAt !== null) return { ok: false, error: 'deleted' };
    const now = new Date(this.deps.now()).toISOString();
    const done = await this.deps.repository.setDeleted(
      id,
      true,
      this.audit(actor, id, 'order.deleted', { deletedAt: null }, { deletedAt: now }),
    );
    if (!done) return { ok: false, error: 'deleted' };
    return this.reload(id);
  }

  async restore(actor: AdminActor, id: number): Promise<AdminOrderResult> {
    const order = await this.deps.repository.find(id);
    if (order === null) return { ok: false, error: 'not_found' };
    if (order.deletedAt === null) return { ok: false, error: 'not_deleted' };
    const restoring = this.deps.repository.setDeleted(
      id,
      false,
      this.audit(
        actor,
        id,
        'order.restored',
        { deletedAt: new Date(order.deletedAt).toISOString() },
        { deletedAt: null },
      ),
    );
    // Restoring takes the order's stock again (issue 22): refused when it is no longer there.
    const done = await restoring.catch((error: unknown) => {
      const refused = adminLimitRefusal(error);
      if (refused === null) throw error;
      return refused;
    });
    if (typeof done === 'object') return { ok: false, ...done };
    if (!done) return { ok: false, error: 'not_deleted' };
    return this.reload(id);
  }

  private async patch(
    actor: AdminActor,
    order: AdminOrderRecord,
    action: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    patch: AdminOrderPatch,
    whileStatusIn?: readonly OrderStatus[],
  ): Promise<AdminOrderResult> {
    const changed = diff(before, after);
    if (Object.keys(changed.after).length === 0) return { ok: true, order };
    const done = await this.deps.repository.update(
      order.id,
      patch,
      this.audit(actor, order.id, action, changed.before, changed.after),
      whileStatusIn,
    );
    if (!done) return { ok: false, error: 'order_locked' };
    return this.reload(order.id);
  }

  async updateContact(actor: AdminActor, id: number, contact: OrderContact): Promise<AdminOrderResult> {
    const current = await this.live(id);
    if (!current.ok) return current;
    const order = current.order;
    const fields = (value: OrderContact) => ({
      'contact.name': value.name,
      'contact.phone': value.phone,
      'contact.email': value.email,
    });
    return this.patch(actor, order, 'order.contactChanged', fields(order.contact), fields(contact), {
      contact,
    });
  }

  /**
   * The payment method and/or the prepayment (kopecks; null → the default 10 % rule). A prepayment
   * must leave nothing negative: at most total − paid (checked again in the update itself).
   */
  async updatePayment(
    actor: AdminActor,
    id: number,
    change: { readonly paymentMethod?: PaymentMethod; readonly prepaymentAmount?: number | null },
  ): Promise<AdminOrderResult> {
    if (change.paymentMethod === undefined && change.prepaymentAmount === undefined)
      return { ok: false, error: 'nothing_to_change' };
    const current = await this.live(id);
    if (!current.ok) return current;
    const order = current.order;
    const prepayment = change.prepaymentAmount;
    if (typeof prepayment === 'number' && (prepayment <= 0 || prepayment > order.total - order.paidAmount))
      return { ok: false, error: 'prepayment_too_large' };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (change.paymentMethod !== undefined) {
      before.paymentMethod = order.paymentMethod;
      after.paymentMethod = change.paymentMethod;
    }
    if (prepayment !== undefined) {
      before.prepaymentAmount = order.prepaymentAmount;
      after.prepaymentAmount = prepayment;
    }
    const action =
      change.paymentMethod !== undefined && prepayment === undefined
        ? 'order.paymentMethodChanged'
        : 'order.paymentChanged';
    const patched = await this.patch(actor, order, action, before, after, {
      ...(change.paymentMethod !== undefined ? { paymentMethod: change.paymentMethod } : {}),
      ...(prepayment !== undefined ? { prepaymentAmount: prepayment } : {}),
    });
    // The update refuses a prepayment the (meanwhile changed) total no longer covers.
    if (!patched.ok && patched.error === 'order_locked' && typeof prepayment === 'number')
      return { ok: false, error: 'prepayment_too_large' };
    return patched;
  }

  updatePaymentMethod(actor: AdminActor, id: number, method: PaymentMethod): Promise<AdminOrderResult> {
    return this.updatePayment(actor, id, { paymentMethod: method });
  }

  async updateDelivery(actor: AdminActor, id: number, input: DeliveryInput): Promise<AdminOrderResult> {
    const current = await this.live(id);
    if (!current.ok) return current;
    const order = current.order;
    const resolved = resolveDelivery(input, order.delivery.address, order.deliveryDetails);
    if (!resolved.ok) return { ok: false, error: 'address_required' };
    return this.patch(
      actor,
      order,
      'order.deliveryChanged',
      deliveryFields(order.delivery, order.deliveryDetails),
      deliveryFields(resolved.delivery, resolved.details),
      { delivery: resolved.delivery, deliveryDetails: resolved.details },
    );
  }

  private async price(
    lines: readonly { readonly productId: number; readonly quantity: number }[],
    promoCode: string | null,
  ) {
    const catalogue = await this.deps.products.byIds(lines.map((line) => line.productId));
    const code = promoCode?.trim() ? normalisePromoCode(promoCode) : null;
    const promo = code === null ? null : { code, rule: await this.deps.orders.promoRule(code) };
    return priceOrder(lines, catalogue, promo, this.deps.now());
  }

  private async reprice(
    actor: AdminActor,
    id: number,
    action: 'order.promoChanged' | 'order.cartChanged',
    lines: (order: AdminOrderRecord) => readonly { readonly productId: number; readonly quantity: number }[],
    promoCode: (order: AdminOrderRecord) => string | null,
  ): Promise<AdminOrderResult> {
    const current = await this.live(id);
    if (!current.ok) return current;
    const order = current.order;
    if (!CART_EDITABLE_STATUSES.includes(order.status) || order.paidAmount > 0 || order.paidAt !== null) {
      return { ok: false, error: 'order_locked' };
    }
    const priced = await this.price(lines(order), promoCode(order));
    if (!priced.ok) return { ok: false, error: priced.problem.kind };
    const pricing = {
      items: priced.order.lines,
      subtotal: priced.order.subtotal,
      discount: priced.order.discount,
      total: priced.order.total,
      promoCode: priced.order.promoCode,
    };
    const fields = (value: typeof pricing) => ({
      items: value.items.map((line) => ({
        productId: line.productId,
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
      subtotal: value.subtotal,
      discount: value.discount,
      total: value.total,
      promoCode: value.promoCode,
    });
    try {
      return await this.patch(
        actor,
        order,
        action,
        fields({ ...order, items: order.items }),
        fields(pricing),
        { pricing },
        CART_EDITABLE_STATUSES,
      );
    } catch (error) {
      // The edit takes or gives back exactly the difference; short stock or a spent code refuses it.
      const refused = adminLimitRefusal(error);
      if (refused === null) throw error;
      return { ok: false, ...refused };
    }
  }

  updatePromo(actor: AdminActor, id: number, promoCode: string | null): Promise<AdminOrderResult> {
    return this.reprice(
      actor,
      id,
      'order.promoChanged',
      (order) => order.items.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      () => promoCode,
    );
  }

  updateCart(
    actor: AdminActor,
    id: number,
    lines: readonly { readonly productId: number; readonly quantity: number }[],
  ): Promise<AdminOrderResult> {
    return this.reprice(
      actor,
      id,
      'order.cartChanged',
      () => lines,
      (order) => order.promoCode,
    );
  }

  async addNote(
    actor: AdminActor,
    id: number,
    text: string,
    visibility: 'internal' | 'client',
  ): Promise<AdminOrderResult> {
    const order = await this.deps.repository.find(id);
    if (order === null) return { ok: false, error: 'not_found' };
    await this.deps.repository.addNote(
      { orderId: id, authorId: actor.adminId, text: text.trim(), visibility },
      (noteId) => this.audit(actor, id, 'order.noteAdded', null, { noteId, visibility }),
    );
    return this.reload(id);
  }

  /** A phone order: the client, priced lines, delivery; optionally straight to the pay link. */
  async create(actor: AdminActor, input: NewOrderInput): Promise<AdminOrderResult> {
    if (input.sendPayLink === true && input.paymentMethod !== 'online')
      return { ok: false, error: 'pay_link_needs_online' };
    let clientId: number;
    let contact: OrderContact;
    if (input.clientId !== undefined) {
      const client = await this.deps.repository.clientContact(input.clientId);
      if (client === null || client.role !== 'user') return { ok: false, error: 'client_not_found' };
      clientId = client.id;
      contact = input.contact ?? { name: client.name ?? '', phone: client.phone ?? '', email: client.email };
    } else if (input.newClient !== undefined) {
      const existing = await this.deps.auth.findOrCreateClient(input.newClient.email, 'order', {
        name: input.newClient.name,
        phone: input.newClient.phone,
      });
      if (existing.user.role !== 'user') return { ok: false, error: 'client_not_found' };
      clientId = existing.user.id;
      contact = input.contact ?? input.newClient;
    } else {
      return { ok: false, error: 'client_required' };
    }
    if (contact.name.trim() === '' || contact.phone.trim() === '')
      return { ok: false, error: 'client_required' };
    const resolved = resolveDelivery(input.delivery, null, EMPTY_DETAILS);
    if (!resolved.ok) return { ok: false, error: 'address_required' };
    const priced = await this.price(input.lines, input.promoCode ?? null);
    if (!priced.ok) return { ok: false, error: priced.problem.kind };
    const inserting = this.deps.repository.insert(
      {
        clientId,
        items: priced.order.lines,
        subtotal: priced.order.subtotal,
        discount: priced.order.discount,
        total: priced.order.total,
        promoCode: priced.order.promoCode,
        contact,
        delivery: resolved.delivery,
        deliveryDetails: resolved.details,
        comment: input.comment?.trim() ? input.comment.trim() : null,
        paymentMethod: input.paymentMethod,
      },
      (orderId) =>
        this.audit(actor, orderId, 'order.created', null, {
          clientId,
          total: priced.order.total,
          items: priced.order.lines.map((line) => ({
            productId: line.productId,
            name: line.name,
            quantity: line.quantity,
          })),
        }),
    );
    // A phone order takes its stock and promo use like checkout (issue 22), or is refused.
    const inserted = await inserting.catch((error: unknown) => {
      const refused = adminLimitRefusal(error);
      if (refused === null) throw error;
      return refused;
    });
    if (typeof inserted === 'object') return { ok: false, ...inserted };
    const id = inserted;
    this.deps.log.info(
      { event: 'order_placed_by_admin', orderId: id, clientId, adminId: actor.adminId },
      'order placed by a manager',
    );
    await this.mail(
      id,
      orderPlacedMail(
        this.deps.shop,
        contact.email,
        { id, total: priced.order.total, discount: priced.order.discount, lines: priced.order.lines },
        clientId,
      ),
    );
    if (input.sendPayLink === true) return this.changeStatus(actor, id, 'awaiting_payment');
    return this.reload(id);
  }

  /**
   * «Отправить ссылку на оплату заново» (issue 22, item 5): every earlier pay link stops working and
   * the client is mailed the new one. Only while the link can open the order (new, confirmed,
   * awaiting payment or prepayment).
   */
  async resendPayLink(
    actor: AdminActor,
    id: number,
  ): Promise<
    | { readonly ok: true; readonly url: string; readonly mailed: boolean }
    | { readonly ok: false; readonly error: 'not_found' | 'not_payable' }
  > {
    const current = await this.live(id);
    if (!current.ok || this.deps.payLinks === undefined) return { ok: false, error: 'not_found' };
    const order = current.order;
    if (!payLinkStatusOpen(order.status)) return { ok: false, error: 'not_payable' };
    const url = await this.deps.payLinks.reissue(id);
    if (url === null) return { ok: false, error: 'not_found' };
    this.deps.log.info(
      { event: 'pay_link_resent', orderId: id, adminId: actor.adminId },
      'pay link re-issued by a manager',
    );
    const mailed = order.contact.email.includes('@');
    if (mailed) await this.mail(id, payLinkReissuedMail(this.deps.shop, order.contact.email, id, url));
    return { ok: true, url, mailed };
  }

  async timeline(id: number): Promise<readonly TimelineItem[] | null> {
    const order = await this.deps.repository.find(id);
    if (order === null) return null;
    return mergeTimeline(await this.deps.repository.timelineSources(id));
  }
}

function resolveDelivery(
  input: DeliveryInput,
  currentAddress: string | null,
  current: DeliveryDetailsRecord,
):
  | { ok: true; delivery: { method: DeliveryMethod; address: string | null }; details: DeliveryDetailsRecord }
  | { ok: false } {
  const address = (input.address === undefined ? currentAddress : input.address)?.trim() ?? '';
  if (input.method === 'courier' && address === '') return { ok: false };
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return {
    ok: true,
    delivery: { method: input.method, address: input.method === 'courier' ? address : null },
    details: {
      date: pick(input.date, current.date),
      timeSlot: pick(input.timeSlot, current.timeSlot)?.trim() || null,
      floor: pick(input.floor, current.floor),
      lift: pick(input.lift, current.lift),
      assembly: pick(input.assembly, current.assembly),
    },
  };
}

function changesOf(
  before: Readonly<Record<string, unknown>> | null | undefined,
  after: Readonly<Record<string, unknown>> | null | undefined,
): TimelineItem['changes'] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys]
    .filter((key) => key in FIELD_LABELS)
    .map((key) => ({
      field: key,
      label: FIELD_LABELS[key] ?? key,
      before: shown(key, before?.[key]),
      after: shown(key, after?.[key]),
    }));
}

const statusName = (value: string | null): string =>
  value !== null && isOrderStatus(value) ? ORDER_STATUS_LABELS[value] : (value ?? '—');

/**
 * One list, oldest first: the client's and the system's order events (an administrator's own moves
 * come from the audit log, which knows who made them), every audit entry, payments, mails and notes.
 */
function mergeTimeline(sources: OrderTimelineSources): TimelineItem[] {
  const items: TimelineItem[] = [];
  const person = (id: number | null) => (id === null ? null : (sources.people.get(id) ?? null));
  const base = { changes: [], text: null, visibility: null } as const;
  for (const event of sources.events) {
    if (event.actor === 'admin') continue;
    if (event.kind === 'created') {
      items.push({
        ...base,
        id: `event:${event.id}`,
        at: event.at,
        kind: 'created',
        actorKind: event.actor,
        actorId: null,
        actorName: null,
        title: 'Заказ оформлен',
      });
    } else if (event.kind === 'status') {
      items.push({
        ...base,
        id: `event:${event.id}`,
        at: event.at,
        kind: 'status',
        actorKind: event.actor,
        actorId: null,
        actorName: null,
        title: `Статус: ${statusName(event.fromStatus)} → ${statusName(event.toStatus)}`,
        changes: [
          {
            field: 'status',
            label: 'Статус',
            before: statusName(event.fromStatus),
            after: statusName(event.toStatus),
          },
        ],
      });
    } else {
      items.push({
        ...base,
        id: `event:${event.id}`,
        at: event.at,
        kind: 'client_edit',
        actorKind: event.actor,
        actorId: null,
        actorName: null,
        title: CLIENT_EDIT_TITLES[event.kind] ?? 'Заказ изменён',
      });
    }
  }
  for (const entry of sources.audit) {
    if (entry.action === 'order.noteAdded') continue;
    const isStatus = entry.action === 'order.statusChanged';
    const before = entry.before?.status;
    const after = entry.after?.status;
    items.push({
      ...base,
      id: `audit:${entry.id}`,
      at: entry.at,
      kind: entry.action === 'order.created' ? 'created' : isStatus ? 'status' : 'admin_edit',
      actorKind: entry.actorKind,
      actorId: entry.actorId,
      actorName: person(entry.actorId),
      title: isStatus
        ? `Статус: ${statusName(typeof before === 'string' ? before : null)} → ${statusName(typeof after === 'string' ? after : null)}`
        : (ACTION_TITLES[entry.action] ?? entry.action),
      changes: changesOf(entry.before, entry.after),
    });
  }
  for (const payment of sources.payments) {
    items.push({
      ...base,
      id: `payment:${payment.id}:created`,
      at: payment.createdAt,
      kind: 'payment',
      actorKind: 'client',
      actorId: null,
      actorName: null,
      title: `Создан платёж на ${rub(payment.amount)}`,
    });
    if (payment.settledAt !== null && payment.status !== 'pending') {
      items.push({
        ...base,
        id: `payment:${payment.id}:${payment.status}`,
        at: payment.settledAt,
        kind: 'payment',
        actorKind: 'system',
        actorId: null,
        actorName: null,
        title: `${PAYMENT_STATUS_TITLES[payment.status] ?? payment.status}: ${rub(payment.amount)}`,
      });
    }
  }
  for (const refund of sources.refunds) {
    items.push({
      ...base,
      id: `refund:${refund.id}:requested`,
      at: refund.createdAt,
      kind: 'payment',
      actorKind: 'system',
      actorId: null,
      actorName: null,
      title: `Возврат запрошен: ${rub(refund.amount)}`,
    });
    if (refund.status === 'succeeded' && refund.settledAt !== null) {
      items.push({
        ...base,
        id: `refund:${refund.id}:succeeded`,
        at: refund.settledAt,
        kind: 'payment',
        actorKind: 'system',
        actorId: null,
        actorName: null,
        title: `Возврат выполнен: ${rub(refund.amount)}`,
      });
    }
  }
  for (const receipt of sources.settlementReceipts) {
    const parts = `предоплата ${rub(receipt.prepaid)}, при получении ${rub(receipt.postpaid)}`;
    items.push({
      ...base,
      id: `settlement:${receipt.id}`,
      at: receipt.at,
      kind: 'payment',
      actorKind: 'system',
      actorId: null,
      actorName: null,
      title: `${receipt.sent ? 'Чек зачёта предоплаты отправлен' : 'Чек зачёта предоплаты ждёт отправки'}: ${rub(receipt.amount)} (${parts})`,
    });
  }
  for (const mail of sources.mails) {
    items.push({
      ...base,
      id: `mail:${mail.id}`,
      at: mail.at,
      kind: 'mail',
      actorKind: 'system',
      actorId: null,
      actorName: null,
      title: MAIL_TITLES[mail.template] ?? `Письмо: ${mail.subject}`,
      text: mail.subject,
    });
  }
  for (const note of sources.notes) {
    items.push({
      id: `note:${note.id}`,
      at: note.at,
      kind: 'note',
      actorKind: 'admin',
      actorId: note.authorId,
      actorName: person(note.authorId),
      title: note.visibility === 'client' ? 'Заметка для клиента' : 'Внутренняя заметка',
      changes: [],
      text: note.text,
      visibility: note.visibility,
    });
  }
  return items.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}
