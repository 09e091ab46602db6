import {
  REQUEST_KINDS,
  REQUEST_STATUSES,
  type RequestKind,
  type RequestStatus,
} from '../../../shared-rules/request-labels-rule';
import type { AdminClientQuery, ClientSort } from '../ports/admin-clients.port';
import type { AdminRequestQuery } from '../ports/admin-requests.port';

/**
 * The requests inbox's and the clients list's URL parameters, checked like the orders list's
 * (order-list-search.ts): malformed values are dropped, never trusted.
 */
export interface RequestListSearch {
  readonly type?: RequestKind;
  readonly status?: RequestStatus;
  /** Only requests waiting for the shop's answer (the dashboard's «Заявки ждут ответа»). */
  readonly waiting?: boolean;
  readonly from?: string;
  readonly to?: string;
  /** An admin id, or 'none' for unassigned. */
  readonly assignee?: number | 'none';
  readonly q?: string;
  readonly page?: number;
}

export interface ClientListSearch {
  readonly q?: string;
  readonly sort?: ClientSort;
  readonly page?: number;
}

const REQUEST_LIST_PAGE_SIZE = 25;
const CLIENT_LIST_PAGE_SIZE = 25;
const CLIENT_SORTS: readonly ClientSort[] = [
  'created_desc',
  'created_asc',
  'last_seen_desc',
  'email_asc',
  'name_asc',
];

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
};
const day = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;
function positive(value: unknown, max: number): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number >= 1 && number <= max ? number : undefined;
}
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;
}

export function parseRequestListSearch(raw: Readonly<Record<string, unknown>>): RequestListSearch {
  const page = positive(raw.page, 100_000);
  return compact({
    type: oneOf(raw.type, REQUEST_KINDS),
    status: oneOf(raw.status, REQUEST_STATUSES),
    waiting: raw.waiting === true || raw.waiting === 'true' ? true : undefined,
    from: day(raw.from),
    to: day(raw.to),
    assignee: raw.assignee === 'none' ? ('none' as const) : positive(raw.assignee, 999_999_999),
    q: text(raw.q, 100),
    page: page !== undefined && page > 1 ? page : undefined,
  });
}

export function requestQueryOf(search: RequestListSearch): AdminRequestQuery {
  return compact({ ...search, page: search.page ?? 1, limit: REQUEST_LIST_PAGE_SIZE });
}

export function parseClientListSearch(raw: Readonly<Record<string, unknown>>): ClientListSearch {
  const page = positive(raw.page, 100_000);
  return compact({
    q: text(raw.q, 100),
    sort: oneOf(raw.sort, CLIENT_SORTS),
    page: page !== undefined && page > 1 ? page : undefined,
  });
}

export function clientQueryOf(search: ClientListSearch): AdminClientQuery {
  return compact({ ...search, page: search.page ?? 1, limit: CLIENT_LIST_PAGE_SIZE });
}
