import { pluralRu } from '../../../shared-rules/plural-rule';
import type { AdminOrderStatus, PaymentState } from '../../application/ports/admin-orders.port';
import type { RequestStatus } from '../../application/ports/admin-requests.port';
import type { BadgeTone } from './admin-ui.css';

/** The shop's clock is Moscow time (spec), whatever the manager's computer says. */
const TIME_ZONE = 'Europe/Moscow';

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('ru-RU', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat('ru-RU', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit' });
const shortTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});

function parsed(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** «23.11.2026, 14:05». */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date === null ? '—' : dateTime.format(date);
}

/** «23 ноября 2026 г.» — for a bare day (YYYY-MM-DD) too. */
export function formatDay(isoOrDay: string | null | undefined): string {
  const date = parsed(
    isoOrDay && /^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? `${isoOrDay}T12:00:00+03:00` : isoOrDay,
  );
  return date === null ? '—' : dateOnly.format(date);
}

/** The list's compact date: «14:05» today, «23.11» this year. */
export function formatListDate(iso: string, now: Date = new Date()): string {
  const date = parsed(iso);
  if (date === null) return '—';
  return shortDate.format(date) === shortDate.format(now)
    ? `сегодня, ${shortTime.format(date)}`
    : dateTime.format(date);
}

/** «3 ч назад», «2 дн. назад» — how long something has waited. */
export function formatAge(iso: string | null | undefined, now: number = Date.now()): string {
  const date = parsed(iso);
  if (date === null) return '—';
  const minutes = Math.max(0, Math.round((now - date.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} мин назад`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} ч назад`;
  return `${Math.round(hours / 24)} дн. назад`;
}

export function plural(count: number, one: string, few: string, many: string): string {
  return `${count} ${pluralRu(count, [one, few, many])}`;
}

export const ORDER_STATUS_TONES: Readonly<Record<AdminOrderStatus, BadgeTone>> = {
  new: 'accent',
  confirmed: 'info',
  awaiting_payment: 'warning',
  awaiting_prepayment: 'warning',
  paid: 'success',
  prepaid: 'success',
  ordered_from_factory: 'info',
  in_stock: 'info',
  delivery_agreed: 'info',
  shipped: 'info',
  delivered: 'success',
  completed: 'muted',
  cancelled: 'danger',
  claim: 'danger',
};

export const PAYMENT_STATE_TONES: Readonly<Record<PaymentState, BadgeTone>> = {
  awaiting: 'warning',
  paid: 'success',
  prepaid: 'info',
  unpaid: 'neutral',
};

export const REQUEST_STATUS_TONES: Readonly<Record<RequestStatus, BadgeTone>> = {
  new: 'accent',
  in_work: 'info',
  waiting_client: 'warning',
  closed: 'muted',
};
