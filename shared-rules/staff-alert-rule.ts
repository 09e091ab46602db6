/**
 * Alerts to the shop's staff (issue 26, item 2): which events there are, by which channels they go, and
 * how both are named in the back office's «Уведомления» section. The server's alert texts and the
 * preferences screen read these, so a label is typed once (docs/alerts.md).
 */
export const STAFF_ALERT_EVENTS = [
  'order_created',
  'request_created',
  'request_reply',
  'payment_received',
  'payment_failed',
  'delivery_day_filling',
] as const;
export type StaffAlertEvent = (typeof STAFF_ALERT_EVENTS)[number];

export const STAFF_ALERT_CHANNELS = ['email', 'telegram'] as const;
export type StaffAlertChannel = (typeof STAFF_ALERT_CHANNELS)[number];

export const STAFF_ALERT_EVENT_LABELS: Readonly<Record<StaffAlertEvent, string>> = {
  order_created: 'Новый заказ',
  request_created: 'Новая заявка',
  request_reply: 'Ответ клиента в заявке',
  payment_received: 'Оплата получена',
  payment_failed: 'Оплата не прошла',
  delivery_day_filling: 'День доставки заполняется',
};

export const STAFF_ALERT_CHANNEL_LABELS: Readonly<Record<StaffAlertChannel, string>> = {
  email: 'E-mail',
  telegram: 'Telegram',
};

/** A delivery day alerts once its bookings reach this share of its capacity (percent). */
export const DELIVERY_DAY_FILLING_PERCENT = 80;

export const isStaffAlertEvent = (value: unknown): value is StaffAlertEvent =>
  typeof value === 'string' && (STAFF_ALERT_EVENTS as readonly string[]).includes(value);
