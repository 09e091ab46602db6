import type { AdminOrderListQuery } from '../../../api/admin-orders';
import type { AdminOrderListFilter } from '../admin-orders.port';

const MOSCOW_OFFSET = '+03:00';
const DAY = 86_400_000;
const bareDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The list's query (also the export's) as a repository filter: a bare date is a Moscow calendar
 * day, `to` includes its whole day; `overdue` means overdue at this instant.
 */
export function orderListFilterOf(query: AdminOrderListQuery, now: number): AdminOrderListFilter {
  const from =
    query.from === undefined
      ? undefined
      : Date.parse(bareDay(query.from) ? `${query.from}T00:00:00${MOSCOW_OFFSET}` : query.from);
  const to =
    query.to === undefined
      ? undefined
      : bareDay(query.to)
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
