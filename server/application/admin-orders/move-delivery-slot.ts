import type { CalendarDay } from '../../domain/delivery-dates';
import type { DeliveryCalendar, MoveSlotOutcome } from '../delivery-calendar.port';
import type { AdminActor } from './admin-order-result';

export type MoveDeliverySlot = (
  actor: AdminActor,
  orderId: number,
  input: {
    readonly day: CalendarDay;
    readonly windowId: number;
    /** The slot the manager's screen showed; another one now means the screen is stale. */
    readonly expected: { readonly day: CalendarDay | null; readonly windowId: number | null };
  },
) => Promise<MoveSlotOutcome>;

/**
 * A manager moves an order's delivery slot (issue 23, item 5): one transaction checks the order still
 * holds the slot the screen showed (else `stale`, answered 409), takes a place on the new day under
 * the day's lock (else `day_full`, 409) and records the change in the audit log, which the order's
 * timeline shows as «Изменена доставка».
 */
export function moveDeliverySlot(ports: {
  readonly calendar: Pick<DeliveryCalendar, 'moveSlot'>;
}): MoveDeliverySlot {
  return (actor, orderId, input) =>
    ports.calendar.moveSlot(
      orderId,
      input.expected,
      { day: input.day, windowId: input.windowId },
      { adminId: actor.adminId, ip: actor.ip },
    );
}
