import { Schema } from 'effect';
import { ConsentAction, ConsentPurpose } from './consents';
import { defineEndpoint } from './endpoint';
import { intParam } from './query-fields';
import { SingleLineText } from './text';

/**
 * The back office's «Согласия» (issue 26, item 3): every consent record, filtered by Moscow days and
 * by subject (e-mail, phone digits or client number), as a page or as a CSV file.
 */

/** `YYYY-MM-DD`: a Moscow calendar day; `to` includes its whole day. */
const Day = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter(
      (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      { title: 'a date YYYY-MM-DD' },
    ),
  ),
);

export const AdminConsentQuery = Schema.Struct({
  from: Schema.optionalKey(Day),
  to: Schema.optionalKey(Day),
  /** E-mail (part of it), phone (at least 5 digits) or client number. */
  subject: Schema.optionalKey(SingleLineText(100)),
  purpose: Schema.optionalKey(ConsentPurpose),
  page: intParam(1, 100_000, 1),
  limit: intParam(1, 200, 50),
});
export type AdminConsentQuery = typeof AdminConsentQuery.Type;

const AdminConsentRecord = Schema.Struct({
  id: Schema.Int,
  at: Schema.String,
  purpose: ConsentPurpose,
  action: ConsentAction,
  document: Schema.String,
  documentVersion: Schema.Int,
  source: Schema.String,
  clientId: Schema.NullOr(Schema.Int),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  /** What the form made: `order:12`, `request:5`. */
  reference: Schema.NullOr(Schema.String),
  ip: Schema.String,
  userAgent: Schema.String,
});

export const listAdminConsents = defineEndpoint({
  area: 'settings',
  method: 'GET',
  path: '/api/admin/consents',
  summary: 'Consent records, newest first, filtered by day and subject',
  tag: 'admin',
  query: AdminConsentQuery,
  response: Schema.Struct({
    items: Schema.Array(AdminConsentRecord),
    total: Schema.Int,
    page: Schema.Int,
    limit: Schema.Int,
  }),
  errorStatuses: [401, 403],
});

/** The columns of the CSV, in order. */
export const CONSENT_EXPORT_COLUMNS = [
  'Номер',
  'Дата и время (МСК)',
  'Цель',
  'Действие',
  'Документ',
  'Версия документа',
  'Форма',
  'Клиент',
  'E-mail',
  'Телефон',
  'Основание',
  'IP-адрес',
  'Браузер',
] as const;

/** The filtered records as `text/csv; charset=utf-8` (BOM, `;`), every text cell neutralised. */
export const exportAdminConsents = defineEndpoint({
  area: 'settings',
  method: 'GET',
  path: '/api/admin/consents/export',
  summary: 'The filtered consent records as CSV (Russian column names), streamed',
  tag: 'admin',
  query: AdminConsentQuery,
  response: Schema.String,
  errorStatuses: [401, 403],
});
