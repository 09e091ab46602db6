import {
  auditActionLabel,
  auditFieldLabel,
  auditValueText,
  hasAuditFieldLabel,
} from '../../../shared-rules/audit-action-rule';
import { formatKopecks } from '../../../shared-rules/money-rule';
import { isOrderStatus, ORDER_STATUS_LABELS } from '../../domain/order-lifecycle.machine';
import type { AdminOrdersRepository, OrderTimelineSources } from '../admin-orders.port';

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

function changesOf(
  before: Readonly<Record<string, unknown>> | null | undefined,
  after: Readonly<Record<string, unknown>> | null | undefined,
): TimelineItem['changes'] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter(hasAuditFieldLabel).map((key) => ({
    field: key,
    label: auditFieldLabel(key, 'order'),
    before: auditValueText(key, before?.[key], 'order'),
    after: auditValueText(key, after?.[key], 'order'),
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
            label: auditFieldLabel('status'),
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
        : auditActionLabel(entry.action),
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

export type OrderTimeline = (id: number) => Promise<readonly TimelineItem[] | null>;

/** The order card's history, worded in Russian; null when there is no such order. */
export function orderTimeline(ports: {
  readonly orders: Pick<AdminOrdersRepository, 'find' | 'timelineSources'>;
}): OrderTimeline {
  return async (id) => {
    const order = await ports.orders.find(id);
    if (order === null) return null;
    return mergeTimeline(await ports.orders.timelineSources(id));
  };
}
