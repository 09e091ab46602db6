/** The shop's day is Moscow's (spec), whatever the manager's computer says. */
const MOSCOW_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of the instant in Moscow. */
export function moscowToday(now: number): string {
  return MOSCOW_DAY.format(new Date(now));
}
