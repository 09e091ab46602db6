/**
 * A date, not a speed (issue 23, item 5; docs/delivery-dates.md): the earliest delivery range of a
 * product from today in Moscow time, counted in Russian working days, and its Russian words
 * («3–5 декабря», «завтра»). Pure and total: every input gives a range, the range never starts on a
 * day off and never before tomorrow.
 */

/** Where the goods are now, as the manager states it on the product (the product's availability source). */
export type AvailabilitySource =
  | { readonly kind: 'showroom' }
  | { readonly kind: 'warehouse' }
  /** From the supplier in `days` working days. */
  | { readonly kind: 'supplier'; readonly days: number }
  /** Made to order in `minDays`–`maxDays` working days. */
  | { readonly kind: 'made_to_order'; readonly minDays: number; readonly maxDays: number };

/** A calendar day, YYYY-MM-DD (zone-free: a day of the Moscow calendar). */
export type CalendarDay = string;

export interface DeliveryRange {
  readonly from: CalendarDay;
  readonly to: CalendarDay;
}

/** The longest lead a product may state (a year of working days); longer inputs are clamped to it. */
const MAX_LEAD_WORKING_DAYS = 250;

/**
 * An order placed from this hour (Moscow) is handled from the next day: the day's route sheets are
 * made up in the afternoon.
 */
export const ORDER_CUTOFF_HOUR = 14;

const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/**
 * Non-working holidays (Labour Code art. 112): 1–8 January, 23 February, 8 March, 1 May, 9 May,
 * 12 June, 4 November. A holiday outside January that falls on a weekend moves to the next working day
 * (art. 112 part 2); the January ones move only by the government's yearly decree (below).
 */
const FIXED_HOLIDAYS: readonly (readonly [month: number, day: number])[] = [
  [1, 1],
  [1, 2],
  [1, 3],
  [1, 4],
  [1, 5],
  [1, 6],
  [1, 7],
  [1, 8],
  [2, 23],
  [3, 8],
  [5, 1],
  [5, 9],
  [6, 12],
  [11, 4],
];

/**
 * The government's yearly transfers of days off (the production calendar), by year: `off` are
 * weekdays made days off, `working` are weekend days made working days.
 * - 2026: Постановление Правительства РФ от 24.09.2025 «О переносе выходных дней в 2026 году» — the
 *   days off of Saturday 3 and Sunday 4 January move to Friday 9 January and Thursday 31 December
 *   (reported by TV Zvezda and Vedomosti, 24.09.2025 and 01.10.2025; 247 working days, which
 *   test/server/domain/delivery-dates.property.test.ts checks).
 * - 2027: the Ministry of Labour's draft as reported on 28.12.2025 (news.mail.ru): 4–7 November
 *   off with Saturday 13 November worked (its day off moves to Friday 5 November). The transfers of
 *   Saturday 2 and Sunday 3 January are not in that report; update this row from the decree.
 */
const DECREE_TRANSFERS: ReadonlyMap<
  number,
  { readonly off: readonly CalendarDay[]; readonly working: readonly CalendarDay[] }
> = new Map([
  [2026, { off: ['2026-01-09', '2026-12-31'], working: [] }],
  [2027, { off: ['2027-11-05'], working: ['2027-11-13'] }],
]);

const two = (value: number): string => String(value).padStart(2, '0');

function dayOf(ms: number): CalendarDay {
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
}

function msOf(day: CalendarDay): number {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

/** The day after (or `count` days after) a calendar day. */
export function addCalendarDays(day: CalendarDay, count: number): CalendarDay {
  return dayOf(msOf(day) + count * DAY_MS);
}

const isWeekend = (ms: number): boolean => {
  const weekday = new Date(ms).getUTCDay();
  return weekday === 0 || weekday === 6;
};

const yearCache = new Map<
  number,
  { readonly off: ReadonlySet<string>; readonly working: ReadonlySet<string> }
>();

/** The year's days off beyond weekends and its worked weekend days. */
function calendarOfYear(year: number): {
  readonly off: ReadonlySet<string>;
  readonly working: ReadonlySet<string>;
} {
  const cached = yearCache.get(year);
  if (cached !== undefined) return cached;
  const off = new Set<string>();
  const holidays = FIXED_HOLIDAYS.map(([month, date]) => Date.UTC(year, month - 1, date));
  for (const ms of holidays) off.add(dayOf(ms));
  const holidaySet = new Set(holidays.map(dayOf));
  for (const [index, ms] of holidays.entries()) {
    const [month] = FIXED_HOLIDAYS[index] ?? [1];
    if (month === 1 || !isWeekend(ms)) continue;
    let moved = ms + DAY_MS;
    while (isWeekend(moved) || holidaySet.has(dayOf(moved)) || off.has(dayOf(moved))) moved += DAY_MS;
    off.add(dayOf(moved));
  }
  const decree = DECREE_TRANSFERS.get(year);
  for (const day of decree?.off ?? []) off.add(day);
  const calendar = { off, working: new Set(decree?.working ?? []) };
  yearCache.set(year, calendar);
  return calendar;
}

/** A working day of the Russian five-day week: not a weekend (unless worked by decree), not a day off. */
export function isWorkingDay(day: CalendarDay): boolean {
  const calendar = calendarOfYear(Number(day.slice(0, 4)));
  if (calendar.working.has(day)) return true;
  return !isWeekend(msOf(day)) && !calendar.off.has(day);
}

/** The `count`-th working day after `day` (count ≥ 1; a smaller count reads as 1). */
export function addWorkingDays(day: CalendarDay, count: number): CalendarDay {
  let left = Math.max(1, Math.floor(Number.isFinite(count) ? count : 1));
  let current = day;
  while (left > 0) {
    current = addCalendarDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** Today in Moscow and the Moscow hour. */
export function moscowToday(nowMs: number): { readonly day: CalendarDay; readonly hour: number } {
  const wall = new Date(nowMs + MOSCOW_OFFSET_MS);
  return { day: dayOf(wall.getTime()), hour: wall.getUTCHours() };
}

const clampDays = (value: number): number =>
  Math.min(MAX_LEAD_WORKING_DAYS, Math.max(0, Math.floor(Number.isFinite(value) ? value : 0)));

/**
 * Working days from the day the order is handled to the first and last day of the promise: the goods
 * leave the showroom or warehouse the next working day (the showroom needs a day more to pack the
 * display piece); a supplier's or a factory's goods reach our warehouse after their lead and go out
 * within the next one to three working days.
 */
export function leadOf(source: AvailabilitySource): { readonly min: number; readonly max: number } {
  switch (source.kind) {
    case 'showroom':
      return { min: 1, max: 2 };
    case 'warehouse':
      return { min: 1, max: 3 };
    case 'supplier': {
      const days = clampDays(source.days);
      return { min: days + 1, max: days + 3 };
    }
    case 'made_to_order': {
      const low = clampDays(Math.min(source.minDays, source.maxDays));
      const high = clampDays(Math.max(source.minDays, source.maxDays));
      return { min: low + 1, max: high + 3 };
    }
  }
}

/** The earliest delivery range of goods of this source for an order placed at `nowMs`. */
export function deliveryRange(source: AvailabilitySource, nowMs: number): DeliveryRange {
  const { day, hour } = moscowToday(nowMs);
  // After the cutoff the order is handled tomorrow: count from tomorrow as if it were today.
  const handled = hour >= ORDER_CUTOFF_HOUR ? addCalendarDays(day, 1) : day;
  const lead = leadOf(source);
  return { from: addWorkingDays(handled, lead.min), to: addWorkingDays(handled, lead.max) };
}

/** A cart comes in one delivery: from the latest first day to the latest last day of its lines. */
export function rangeOfAll(ranges: readonly DeliveryRange[]): DeliveryRange | null {
  if (ranges.length === 0) return null;
  let from = ranges[0]?.from ?? '';
  let to = ranges[0]?.to ?? '';
  for (const range of ranges) {
    if (range.from > from) from = range.from;
    if (range.to > to) to = range.to;
  }
  return { from, to };
}

const GENITIVE_MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

const WEEKDAYS = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'] as const;

const dateOfDay = (day: CalendarDay): number => Number(day.slice(8, 10));
const monthOfDay = (day: CalendarDay): string => GENITIVE_MONTHS[Number(day.slice(5, 7)) - 1] ?? '';

/** «4 декабря». */
function dayText(day: CalendarDay): string {
  return `${dateOfDay(day)} ${monthOfDay(day)}`;
}

/** «пятница, 4 декабря»: a day of the checkout's day picker. */
export function weekdayDayText(day: CalendarDay): string {
  return `${WEEKDAYS[new Date(msOf(day)).getUTCDay()] ?? ''}, ${dayText(day)}`;
}

/**
 * The range in words after «Привезём»: «завтра», «завтра или послезавтра», «5 декабря», «3–5 декабря»,
 * «30 ноября – 2 декабря». Never a speed («2–4 дня»).
 */
export function deliveryRangeText(range: DeliveryRange, today: CalendarDay): string {
  const tomorrow = addCalendarDays(today, 1);
  const [from = range.from, to = range.to] = [range.from, range.to].sort();
  if (from === to) return from === tomorrow ? 'завтра' : dayText(from);
  if (from === tomorrow && to === addCalendarDays(tomorrow, 1)) return 'завтра или послезавтра';
  if (from.slice(0, 7) === to.slice(0, 7)) return `${dateOfDay(from)}–${dateOfDay(to)} ${monthOfDay(to)}`;
  return `${dayText(from)} – ${dayText(to)}`;
}

/** «Привезём 3–5 декабря»: the product page's and the cart's promise. */
export function deliveryPromise(range: DeliveryRange, today: CalendarDay): string {
  return `Привезём ${deliveryRangeText(range, today)}`;
}
