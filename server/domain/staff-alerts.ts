import { formatKopecks, isKopecks } from '../../shared-rules/money-rule';
import {
  DELIVERY_DAY_FILLING_PERCENT,
  STAFF_ALERT_EVENT_LABELS,
  type StaffAlertChannel,
  type StaffAlertEvent,
} from '../../shared-rules/staff-alert-rule';
import { calendarDayText } from './moscow-time';

/**
 * Alerts to staff (docs/alerts.md): what each event says, who gets it by which channel, when a delivery
 * day counts as filling up, and how the bot reads a deep-link /start. Pure and total: a payload the
 * database hands back in an unexpected shape still gives a message (naming what is known), never a throw.
 */

/** One alert as it goes out: a subject (the e-mail's) and the text (the e-mail body, the Telegram message). */
export interface AlertMessage {
  readonly subject: string;
  readonly text: string;
}

const SHOP_NAME = 'Дом и Стиль';

const numberOf = (payload: Readonly<Record<string, unknown>>, key: string): number | null => {
  const value = payload[key];
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  return typeof parsed === 'number' && Number.isSafeInteger(parsed) ? parsed : null;
};

const textOf = (payload: Readonly<Record<string, unknown>>, key: string): string | null => {
  const value = payload[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null;
};

const money = (amount: number | null): string | null => (isKopecks(amount) ? formatKopecks(amount) : null);

const orderNumber = (id: number | null): string => (id === null ? 'без номера' : `№ ${id}`);

/** The message of an event; `publicUrl` (no trailing slash) makes the link to the back-office card. */
export function alertMessage(
  kind: StaffAlertEvent,
  payload: Readonly<Record<string, unknown>>,
  publicUrl: string,
): AlertMessage {
  const label = STAFF_ALERT_EVENT_LABELS[kind];
  const orderId = numberOf(payload, 'orderId');
  const requestId = numberOf(payload, 'requestId');
  const orderLink = orderId === null ? `${publicUrl}/admin/orders` : `${publicUrl}/admin/orders/${orderId}`;
  const requestLink =
    requestId === null
      ? `${publicUrl}/admin/client-requests`
      : `${publicUrl}/admin/client-requests/${requestId}`;
  const lines: string[] = [];
  let headline: string;
  switch (kind) {
    case 'order_created': {
      const total = money(numberOf(payload, 'total'));
      headline = `${label} ${orderNumber(orderId)}${total === null ? '' : ` на ${total}`}`;
      const name = textOf(payload, 'contactName');
      if (name !== null) lines.push(`Покупатель: ${name}`);
      lines.push(`Карточка заказа: ${orderLink}`);
      break;
    }
    case 'payment_received':
    case 'payment_failed': {
      const amount = money(numberOf(payload, 'amount'));
      const total = money(numberOf(payload, 'total'));
      headline = `${label}: заказ ${orderNumber(orderId)}${amount === null ? '' : `, ${amount}`}`;
      if (total !== null) lines.push(`Сумма заказа: ${total}`);
      lines.push(`Карточка заказа: ${orderLink}`);
      break;
    }
    case 'request_created':
    case 'request_reply': {
      headline = `${label} № ${requestId ?? '—'}`;
      const subject = textOf(payload, 'subject');
      if (subject !== null) lines.push(`Тема: ${subject}`);
      lines.push(`Карточка заявки: ${requestLink}`);
      break;
    }
    case 'delivery_day_filling': {
      const day = textOf(payload, 'date');
      const booked = numberOf(payload, 'booked');
      const capacity = numberOf(payload, 'capacity');
      headline = `${label}: ${day === null ? 'дата не указана' : calendarDayText(day)}`;
      if (booked !== null && capacity !== null && capacity > 0) {
        lines.push(`Занято ${booked} из ${capacity} (${Math.floor((booked * 100) / capacity)} %)`);
      }
      // The day's own screen («Доставки на день») when the day is known; a day is YYYY-MM-DD.
      const dayLink =
        day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day)
          ? `${publicUrl}/admin/deliveries?day=${day}`
          : `${publicUrl}/admin/deliveries`;
      lines.push(`Доставки на день: ${dayLink}`);
      break;
    }
  }
  return { subject: `${headline} — «${SHOP_NAME}»`, text: [headline, ...lines].join('\n') };
}

/**
 * Whether booking a delivery day from `before` to `after` of its `capacity` crosses the filling-up
 * threshold (≥ 80 %): the one moment its alert is raised. A day that was already full does not alert
 * again; a day without capacity never alerts.
 */
export function crossesFillingThreshold(before: number, after: number, capacity: number): boolean {
  if (!(capacity > 0) || !Number.isFinite(before) || !Number.isFinite(after)) return false;
  const reached = (booked: number) => booked * 100 >= capacity * DELIVERY_DAY_FILLING_PERCENT;
  return !reached(before) && reached(after);
}

/** A staff member as the fan-out sees them: the account e-mail and the linked chat (if any). */
export interface AlertStaff {
  readonly userId: number;
  readonly email: string;
  readonly telegramChatId: string | null;
  /** The (event, channel) pairs they chose. */
  readonly choices: readonly { readonly event: string; readonly channel: string }[];
}

export interface AlertRecipient {
  readonly userId: number | null;
  readonly channel: StaffAlertChannel;
  readonly recipient: string;
}

/**
 * Who gets an event: the shop's alert mailbox (SHOP_ALERT_EMAIL, every event), and each staff member by
 * each channel they chose for it — e-mail to their account's address, Telegram to their linked chat
 * (none when not linked, or when the bot is off). One message per channel and address, however many
 * reasons lead to it.
 */
export function recipientsOf(
  kind: StaffAlertEvent,
  staff: readonly AlertStaff[],
  shopAlertEmail: string | null,
  telegramOn: boolean,
): AlertRecipient[] {
  const out: AlertRecipient[] = [];
  const seen = new Set<string>();
  const add = (recipient: AlertRecipient) => {
    const key = `${recipient.channel}\u0000${recipient.recipient.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(recipient);
  };
  if (shopAlertEmail !== null && shopAlertEmail !== '') {
    add({ userId: null, channel: 'email', recipient: shopAlertEmail });
  }
  for (const member of staff) {
    for (const choice of member.choices) {
      if (choice.event !== kind) continue;
      if (choice.channel === 'email')
        add({ userId: member.userId, channel: 'email', recipient: member.email });
      if (choice.channel === 'telegram' && telegramOn && member.telegramChatId !== null) {
        add({ userId: member.userId, channel: 'telegram', recipient: member.telegramChatId });
      }
    }
  }
  return out;
}

/** Link tokens work this long after they are shown (docs/alerts.md). */
export const LINK_TOKEN_TTL_MS = 15 * 60_000;

/** The deep-link payload Telegram allows: 1–64 of A–Z, a–z, 0–9, _ and -. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

/** The token of «/start <token>» (also «/start@bot <token>»); null for any other text. */
export function startTokenOf(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const match = /^\/start(?:@[A-Za-z0-9_]{1,64})?\s+(\S+)\s*$/.exec(text.trim());
  const token = match?.[1];
  return token !== undefined && START_PAYLOAD.test(token) ? token : null;
}
