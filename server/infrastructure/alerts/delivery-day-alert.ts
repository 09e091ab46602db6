import { sql } from 'drizzle-orm';
import { crossesFillingThreshold } from '../../domain/staff-alerts';
import type { AppDb } from '../db/database';

/** A delivery day's load as the delivery calendar books it (issue 23). */
export interface DeliveryDayLoad {
  /** YYYY-MM-DD. */
  readonly date: string;
  /** How many deliveries (or slots) the day takes. */
  readonly capacity: number;
  readonly bookedBefore: number;
  readonly bookedAfter: number;
}

/**
 * The trigger interface of the «delivery day filling up» alert: the delivery calendar calls it inside
 * the transaction that books the day (`executor` is that transaction), so the alert exists exactly
 * when the booking was committed. It raises the event when the booking crosses 80 % of the capacity
 * (`crossesFillingThreshold`); a day alerts once (the event's dedupe key is the date). Answers whether
 * it raised one.
 */
export async function raiseDeliveryDayFilling(
  executor: Pick<AppDb, 'execute'>,
  load: DeliveryDayLoad,
): Promise<boolean> {
  if (!crossesFillingThreshold(load.bookedBefore, load.bookedAfter, load.capacity)) return false;
  const payload = JSON.stringify({ date: load.date, booked: load.bookedAfter, capacity: load.capacity });
  await executor.execute(
    sql`select raise_staff_alert('delivery_day_filling', ${payload}::jsonb, ${`delivery_day_filling:${load.date}`})`,
  );
  return true;
}
