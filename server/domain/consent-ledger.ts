import {
  CONSENT_ACTION_LABELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_SOURCE_LABELS,
  type ConsentPurposeKey,
} from '../../shared-rules/consent-rule';
import { parseContactSearch } from './contact-search';
import { moscowDateTimeText } from './moscow-time';

/**
 * The rules of the 152-FZ consent ledger (issue 26, item 3; docs/privacy.md): which consent is in force,
 * how the back office's filter reads, and what a CSV row holds. Pure and total.
 */

export type ConsentAction = 'given' | 'withdrawn';

export interface ConsentEvent {
  readonly purpose: ConsentPurposeKey;
  readonly action: ConsentAction;
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** The ledger's order of insertion: it breaks ties of `at` (two records in one millisecond). */
  readonly id: number;
}

/**
 * Whether a purpose's consent is in force: the latest of its records (by time, then by insertion)
 * gives it. No record at all: not given.
 */
export function consentInForce(records: readonly ConsentEvent[], purpose: ConsentPurposeKey): boolean {
  let latest: ConsentEvent | null = null;
  for (const record of records) {
    if (record.purpose !== purpose) continue;
    if (latest === null || record.at > latest.at || (record.at === latest.at && record.id > latest.id))
      latest = record;
  }
  return latest?.action === 'given';
}

/** The subject filter of «Согласия»: a client number, phone digits, or a part of an e-mail. */
export type ConsentSubjectFilter =
  | { readonly kind: 'none' }
  | { readonly kind: 'client'; readonly clientId: number }
  | { readonly kind: 'phone'; readonly variants: readonly string[] }
  | { readonly kind: 'text'; readonly text: string };

const CLIENT_NUMBER = /^(?:№\s*)?(\d{1,9})$/;
/** A client number is at most this many digits; longer digit strings are phones. */
const MAX_CLIENT_ID = 2_147_483_647;

export function consentSubjectFilter(raw: string | undefined): ConsentSubjectFilter {
  const text = (raw ?? '').trim();
  if (text === '') return { kind: 'none' };
  const number = CLIENT_NUMBER.exec(text);
  if (number !== null && text.replace(/\D/g, '').length < 5) {
    const clientId = Number(number[1]);
    if (clientId >= 1 && clientId <= MAX_CLIENT_ID) return { kind: 'client', clientId };
  }
  const search = parseContactSearch(text);
  if (search.phoneDigits !== null) return { kind: 'phone', variants: search.phoneVariants };
  return { kind: 'text', text: text.toLowerCase() };
}

const MOSCOW_OFFSET = '+03:00';
const DAY_MS = 86_400_000;

/** A Moscow day range as [from, before) milliseconds; a bound is absent when its day is. */
export function consentDayRange(
  from: string | undefined,
  to: string | undefined,
): { readonly from?: number; readonly before?: number } {
  const start = from === undefined ? Number.NaN : Date.parse(`${from}T00:00:00${MOSCOW_OFFSET}`);
  const end = to === undefined ? Number.NaN : Date.parse(`${to}T00:00:00${MOSCOW_OFFSET}`) + DAY_MS;
  return {
    ...(Number.isNaN(start) ? {} : { from: start }),
    ...(Number.isNaN(end) ? {} : { before: end }),
  };
}

export interface ConsentRow {
  readonly id: number;
  readonly at: number;
  readonly purpose: ConsentPurposeKey;
  readonly action: ConsentAction;
  readonly document: string;
  readonly documentVersion: number;
  readonly source: string;
  readonly clientId: number | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly reference: string | null;
  readonly ip: string;
  readonly userAgent: string;
}

/**
 * One CSV row in the order of CONSENT_EXPORT_COLUMNS (api/admin-consents.ts): Moscow time, Russian
 * labels, empty cells for what the form did not take. Text cells go through the CSV-injection
 * neutraliser when written (SHOP_CSV_OPTIONS, server/domain/csv-cell.ts).
 */
export function consentCsvCells(row: ConsentRow): readonly (string | number)[] {
  return [
    row.id,
    moscowDateTimeText(row.at),
    CONSENT_PURPOSE_LABELS[row.purpose],
    CONSENT_ACTION_LABELS[row.action],
    row.document,
    row.documentVersion,
    CONSENT_SOURCE_LABELS[row.source] ?? row.source,
    row.clientId ?? '',
    row.email ?? '',
    row.phone ?? '',
    row.reference ?? '',
    row.ip,
    row.userAgent,
  ];
}

/** The longest user agent kept: the header is the browser's word, not ours to store unbounded. */
export const USER_AGENT_MAX_LENGTH = 512;

/** The User-Agent header as stored: one line, at most USER_AGENT_MAX_LENGTH characters. */
export function storedUserAgent(header: string | readonly string[] | undefined): string {
  const value = typeof header === 'string' ? header : (header?.join(' ') ?? '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, USER_AGENT_MAX_LENGTH);
}
