import type { AvailabilitySource, CalendarDay } from '../domain/delivery-dates';

/** A window a shopper may choose (issue 23, item 5): a free day window or a paid slot (kopecks). */
export interface DeliveryWindowRecord {
  readonly id: number;
  readonly label: string;
  readonly price: number;
}

export interface DeliverySettingsRecord {
  /** Deliveries a day when the day has no override. */
  readonly defaultCapacity: number;
  /** Calendar days ahead the checkout offers. */
  readonly daysAhead: number;
}

/** A day's capacity (the override or the default) and the live orders booked on it. */
export interface DayLoad {
  readonly capacity: number;
  /** The manager's override; null when the default applies. */
  readonly override: number | null;
  readonly booked: number;
}

/** One delivery of the day's list («Доставки на день»). */
export interface DayDelivery {
  readonly orderId: number;
  readonly status: string;
  readonly contactName: string;
  readonly contactPhone: string;
  readonly address: string | null;
  readonly windowId: number | null;
  /** The window's label as booked (orders.delivery_time_slot). */
  readonly windowLabel: string | null;
  readonly windowPrice: number;
  /** The zone the services were priced for (null: not known, the manager prices it). */
  readonly zone: string | null;
  readonly kmBeyondKad: number | null;
  /** What goes: the order's lines by name and quantity. */
  readonly items: readonly { readonly name: string; readonly quantity: number }[];
  /** The order's services as stored («Доставка», «Подъём на 5 этаж», «Сборка»…), kopecks. */
  readonly services: readonly { readonly label: string; readonly amount: number }[];
}

/** The slot an order holds or is moved to. */
export interface SlotChoice {
  readonly day: CalendarDay;
  readonly windowId: number;
}

export type MoveSlotOutcome =
  | 'moved'
  | 'not_found'
  | 'stale'
  | 'day_full'
  | 'unknown_window'
  /** A paid order moved to a window of another price: its money is fixed. */
  | 'order_locked';

/** Who changes a capacity (the audit log names the person, docs/staff.md). */
export interface CapacityEditor {
  readonly adminId: number;
  readonly ip: string | null;
}

/** The delivery calendar in the database (server/infrastructure/delivery/drizzle-delivery-calendar.ts). */
export interface DeliveryCalendar {
  /** The active windows, in the shop's order. */
  windows(): Promise<readonly DeliveryWindowRecord[]>;
  settings(): Promise<DeliverySettingsRecord>;
  /**
   * Audited as `delivery.defaultCapacityChanged` by the staff member who set it. With `expected` (the
   * default the screen showed) another default now changes nothing and answers `stale`.
   */
  setDefaultCapacity(
    capacity: number,
    by: CapacityEditor,
    expected?: number,
  ): Promise<DeliverySettingsRecord | 'stale'>;
  /** Loads of the days from `from` to `to` inclusive, every day present. */
  loads(from: CalendarDay, to: CalendarDay): Promise<ReadonlyMap<CalendarDay, DayLoad>>;
  /**
   * Sets (or, with null, clears) a day's capacity override. With `expected` (the override the screen
   * showed, null: none) another override now changes nothing and answers `stale`.
   */
  setCapacity(
    day: CalendarDay,
    capacity: number | null,
    by: CapacityEditor,
    expected?: number | null,
  ): Promise<'saved' | 'stale'>;
  /** The live orders booked on a day, by window then number. */
  deliveriesOn(day: CalendarDay): Promise<readonly DayDelivery[]>;
  /** The availability sources of products (missing ids are left out). */
  availabilityOf(productIds: readonly number[]): Promise<ReadonlyMap<number, AvailabilitySource>>;
  /**
   * Moves an order's slot in one transaction: refused as `stale` when the order no longer holds
   * `expected`, `day_full` when the target day (another day than the current one) has no place left.
   */
  moveSlot(
    orderId: number,
    expected: { readonly day: CalendarDay | null; readonly windowId: number | null },
    target: SlotChoice,
    audit: { readonly adminId: number; readonly ip: string | null },
  ): Promise<MoveSlotOutcome>;
}
