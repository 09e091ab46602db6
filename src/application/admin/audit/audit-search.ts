import { ADMIN_AREAS, type AdminArea } from '../../../../shared-rules/staff-role-rule';
import type { AuditQuery } from '../../ports/admin-staff.port';

/**
 * «Журнал действий»'s URL parameters (person, area, Moscow days, text, page), checked like the other
 * lists' (list-search.ts): a malformed value is dropped, never trusted.
 */
export interface AuditSearch {
  readonly actorId?: number;
  readonly area?: AdminArea;
  readonly from?: string;
  readonly to?: string;
  readonly q?: string;
  readonly page?: number;
}

const AUDIT_PAGE_SIZE = 50;
const MAX_ID = 2_147_483_647;

const positive = (value: unknown, max: number): number | undefined => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number >= 1 && number <= max ? number : undefined;
};
const day = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;

export function parseAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const area =
    typeof raw.area === 'string' && (ADMIN_AREAS as readonly string[]).includes(raw.area)
      ? (raw.area as AdminArea)
      : undefined;
  // The router reads «?q=1042» as a number.
  const q = typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q).trim().slice(0, 200) : '';
  const found: {
    actorId?: number;
    area?: AdminArea;
    from?: string;
    to?: string;
    q?: string;
    page?: number;
  } = {};
  const actorId = positive(raw.actorId, MAX_ID);
  if (actorId !== undefined) found.actorId = actorId;
  if (area !== undefined) found.area = area;
  const from = day(raw.from);
  if (from !== undefined) found.from = from;
  const to = day(raw.to);
  if (to !== undefined) found.to = to;
  if (q !== '') found.q = q;
  const page = positive(raw.page, 100_000);
  if (page !== undefined && page > 1) found.page = page;
  return found;
}

/** How many filters are set (for «Фильтры (N)» and «Сбросить (N)»): everything but the page. */
export const auditFilterCount = (search: AuditSearch): number =>
  Object.keys(search).filter((key) => key !== 'page').length;

/** The port's query: only the known filters (the address may carry other parameters). */
export function auditQueryOf(search: AuditSearch): AuditQuery {
  const { actorId, area, from, to, q, page } = parseAuditSearch({ ...search });
  return {
    ...(actorId === undefined ? {} : { actorId }),
    ...(area === undefined ? {} : { area }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...(q === undefined ? {} : { q }),
    page: page ?? 1,
    limit: AUDIT_PAGE_SIZE,
  };
}
