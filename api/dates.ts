import { Schema } from 'effect';

/**
 * Dates in the contract. A pattern alone lets «2026-66-02» or «2026-02-31» through; JavaScript rolls
 * the latter over to March and PostgreSQL refuses both, so a request carrying one failed with a 500
 * (found by the contract fuzz suite). These check the calendar too, and keep years to 1900–9999 so a
 * date always fits a PostgreSQL timestamp and prints as four digits.
 */
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

const DATE_MESSAGE = 'Неверная дата';

/** Whether a text starts with a real calendar date YYYY-MM-DD (years 1900–9999). */
export function hasCalendarDate(text: string): boolean {
  const match = DATE_PREFIX.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** YYYY-MM-DD, a real date. */
export function isIsoDate(text: string): boolean {
  return DATE.test(text) && hasCalendarDate(text);
}

/** YYYY-MM-DD or an ISO date-time (minutes, optional seconds and milliseconds, optional zone). */
function isIsoDateTime(text: string): boolean {
  return DATE_TIME.test(text) && hasCalendarDate(text) && !Number.isNaN(Date.parse(text));
}

export const IsoDate = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter((text: string) => isIsoDate(text) || DATE_MESSAGE, { title: 'a date YYYY-MM-DD' }),
  ),
);

export const IsoDateTime = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter((text: string) => isIsoDateTime(text) || DATE_MESSAGE, {
      title: 'a date YYYY-MM-DD or an ISO date-time',
    }),
  ),
);
