/**
 * The shop's clock is Moscow time (spec): UTC+3, no daylight saving since 26 October 2014. The back
 * office shows every moment in it, whatever the manager's computer says; the export files too.
 */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

const two = (value: number): string => String(value).padStart(2, '0');

/**
 * The Moscow wall-clock time of a moment as a Date whose UTC fields read it. A spreadsheet cell
 * holds a date without a zone: written from this Date, Excel shows «27.11.2026 14:05» in Moscow
 * time on any computer.
 */
export function moscowWallClock(ms: number): Date {
  return new Date(ms + MOSCOW_OFFSET_MS);
}

/** «27.11.2026 14:05»: a moment in Moscow time, as the export's CSV writes it. */
export function moscowDateTimeText(ms: number): string {
  const wall = moscowWallClock(ms);
  return `${moscowDayText(wall)} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

function moscowDayText(wall: Date): string {
  return `${two(wall.getUTCDate())}.${two(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()}`;
}

/** A calendar day (YYYY-MM-DD, a delivery date) as a zone-free Date at its midnight; null if malformed. */
export function calendarDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC rolls 2026-02-31 over to March and month 13 to the next year; such a day does not exist.
  return date.getUTCDate() === Number(match[3]) && date.getUTCMonth() === Number(match[2]) - 1 ? date : null;
}

/** «05.12.2026» for a YYYY-MM-DD day; the text as given when it is not one. */
export function calendarDayText(day: string): string {
  const date = calendarDay(day);
  return date === null ? day : moscowDayText(date);
}
