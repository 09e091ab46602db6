import { type CalendarDay, isWorkingDay, weekdayDayText } from '../domain/delivery-dates';
import type { DayDelivery, DeliveryCalendar, DeliveryWindowRecord } from './delivery-calendar.port';

/** «Доставки на день»: the day's deliveries, its capacity and the places taken (issue 23, item 5). */
export interface DeliveryDayView {
  readonly day: CalendarDay;
  readonly label: string;
  readonly workingDay: boolean;
  readonly capacity: number;
  readonly override: number | null;
  readonly defaultCapacity: number;
  readonly booked: number;
  readonly deliveries: readonly DayDelivery[];
  readonly windows: readonly DeliveryWindowRecord[];
}

export async function deliveryDayView(
  calendar: DeliveryCalendar,
  day: CalendarDay,
): Promise<DeliveryDayView> {
  const [settings, loads, deliveries, windows] = await Promise.all([
    calendar.settings(),
    calendar.loads(day, day),
    calendar.deliveriesOn(day),
    calendar.windows(),
  ]);
  const load = loads.get(day);
  return {
    day,
    label: weekdayDayText(day),
    workingDay: isWorkingDay(day),
    capacity: load?.capacity ?? settings.defaultCapacity,
    override: load?.override ?? null,
    defaultCapacity: settings.defaultCapacity,
    booked: load?.booked ?? 0,
    deliveries,
    windows,
  };
}
