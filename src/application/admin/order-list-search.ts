import {
  ADMIN_ORDER_STATUSES,
  type AdminDeliveryMethod,
  type AdminOrderQuery,
  type AdminOrderSort,
  type AdminOrderStatus,
  isAdminOrderStatus,
  PAYMENT_STATES,
  type PaymentState,
} from '../ports/admin-orders.port';

/**
 * The orders list's filters as they live in the URL (/admin/orders?status=new&payment=awaiting…).
 * `parseOrderListSearch` is the schema the route validates its search params with: every value is
 * checked and anything unknown or malformed is dropped (a hand-edited URL never breaks the page).
 */
export interface OrderListSearch {
  readonly status?: readonly AdminOrderStatus[];
  readonly from?: string;
  readonly to?: string;
  readonly payment?: PaymentState;
  readonly delivery?: AdminDeliveryMethod;
  readonly promo?: string;
  readonly q?: string;
  readonly deleted?: true;
  readonly overdue?: true;
  readonly sort?: AdminOrderSort;
  readonly dir?: 'asc' | 'desc';
  readonly page?: number;
}

const ORDER_LIST_PAGE_SIZE = 25;
const SORTS: readonly AdminOrderSort[] = ['createdAt', 'total', 'status', 'updatedAt'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
};

const day = (value: unknown): string | undefined =>
  typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

const yes = (value: unknown): true | undefined => (value === true || value === 'true' ? true : undefined);

function statuses(value: unknown): readonly AdminOrderStatus[] | undefined {
  const list = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []).filter(
    isAdminOrderStatus,
  );
  const unique = ADMIN_ORDER_STATUSES.filter((status) => list.includes(status));
  return unique.length === 0 ? undefined : unique;
}

function page(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number > 1 && number <= 100_000 ? number : undefined;
}

/** Drops the keys whose value is undefined, so equal filters make equal objects (and URLs). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;
}

export function parseOrderListSearch(raw: Readonly<Record<string, unknown>>): OrderListSearch {
  return compact({
    status: statuses(raw.status),
    from: day(raw.from),
    to: day(raw.to),
    payment: oneOf(raw.payment, PAYMENT_STATES),
    delivery: oneOf<AdminDeliveryMethod>(raw.delivery, ['courier', 'pickup']),
    promo: text(raw.promo, 64),
    q: text(raw.q, 100),
    deleted: yes(raw.deleted),
    overdue: yes(raw.overdue),
    sort: oneOf(raw.sort, SORTS),
    dir: oneOf<'asc' | 'desc'>(raw.dir, ['asc', 'desc']),
    page: page(raw.page),
  });
}

/** The API query of a search (the list call and the export link). */
export function orderQueryOf(search: OrderListSearch): AdminOrderQuery {
  return compact({ ...search, page: search.page ?? 1, limit: ORDER_LIST_PAGE_SIZE });
}

/** The filters without paging and sorting: what a saved view stores and compares. */
export function filtersOf(search: OrderListSearch): OrderListSearch {
  const { page: _page, sort: _sort, dir: _dir, ...filters } = search;
  return filters;
}

/** Whether two searches filter the same orders. */
export function sameFilters(a: OrderListSearch, b: OrderListSearch): boolean {
  return JSON.stringify(sortedEntries(filtersOf(a))) === JSON.stringify(sortedEntries(filtersOf(b)));
}

function sortedEntries(value: object): [string, unknown][] {
  return Object.entries(value).sort(([left], [right]) => left.localeCompare(right));
}

/** How many filters are on (the «Сбросить (3)» button). */
export function activeFilterCount(search: OrderListSearch): number {
  return Object.keys(filtersOf(search)).length;
}

/** A header click: a new column sorts descending first; the same column flips the direction. */
export function nextSort(search: OrderListSearch, key: AdminOrderSort): OrderListSearch {
  const by = search.sort ?? 'createdAt';
  const dir = search.dir ?? 'desc';
  const flipped = by === key ? (dir === 'desc' ? 'asc' : 'desc') : 'desc';
  return compact({ ...search, sort: key, dir: flipped, page: undefined });
}
