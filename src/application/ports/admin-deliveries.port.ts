import type { DeliveryZone } from '../../../shared-rules/delivery-service-rule';
import type { AdminOrderStatus } from './admin-orders.port';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * «Доставки на день» (issue 23, item 5; api/admin-deliveries.ts): a day's deliveries, its capacity and
 * the places taken, the manager's capacity edits and slot moves. Money is integer kopecks.
 */

/** A window a delivery may take: a free day window (price 0) or a paid slot. */
export interface DeliveryWindowOption {
  readonly id: number;
  readonly label: string;
  readonly price: number;
}

/** One order delivered on the day. */
export interface DayDeliveryEntry {
  readonly orderId: number;
  readonly status: AdminOrderStatus;
  readonly contactName: string;
  readonly contactPhone: string;
  readonly address: string | null;
  readonly windowId: number | null;
  /** The window as booked; null when the manager set the day without a window. */
  readonly windowLabel: string | null;
  readonly windowPrice: number;
  /** The zone the services were priced for; null: not known yet. */
  readonly zone: DeliveryZone | null;
  readonly kmBeyondKad: number | null;
  readonly items: readonly { readonly name: string; readonly quantity: number }[];
  /** The order's services as stored (the wire's `services`). */
  readonly serviceLines: readonly { readonly label: string; readonly amount: number }[];
}

export interface AdminDeliveryDayView {
  /** YYYY-MM-DD. */
  readonly day: string;
  /** «пятница, 4 декабря». */
  readonly label: string;
  readonly workingDay: boolean;
  /** The day's capacity in force: its override, else the default. */
  readonly capacity: number;
  /** The day's own capacity; null: the default applies. */
  readonly override: number | null;
  readonly defaultCapacity: number;
  readonly booked: number;
  readonly deliveries: readonly DayDeliveryEntry[];
  readonly windows: readonly DeliveryWindowOption[];
}

/** A delivery slot: a day and one of its windows (the window null when none was booked). */
export interface SlotRef {
  readonly day: string | null;
  readonly windowId: number | null;
}

export interface AdminDeliveriesPort {
  day(day: string, options?: CallOptions): Promise<AdminDeliveryDayView>;
  /**
   * Sets the day's capacity (null: back to the default) over the override the screen showed
   * (`expected`); someone else's change meanwhile fails with status 409 `capacity_changed`.
   */
  setCapacity(
    day: string,
    capacity: number | null,
    expected: number | null,
    options?: CallOptions,
  ): Promise<AdminDeliveryDayView>;
  /** Sets the default deliveries a day over the default the screen showed (stale: 409). */
  setDefaultCapacity(
    day: string,
    capacity: number,
    expected: number,
    options?: CallOptions,
  ): Promise<AdminDeliveryDayView>;
  /**
   * Moves an order's slot from `expected` (what the screen showed; another one now: 409
   * `delivery_slot_changed`) to `target` (a full day: 409 `delivery_day_full`). Answers the new day.
   */
  moveSlot(
    orderId: number,
    target: { readonly day: string; readonly windowId: number },
    expected: SlotRef,
    options?: CallOptions,
  ): Promise<AdminDeliveryDayView>;
}

export const ADMIN_DELIVERIES_PORT: PortToken<AdminDeliveriesPort> =
  portToken<AdminDeliveriesPort>('AdminDeliveriesPort');
