import { Schema } from 'effect';
import { DELIVERY_ZONES } from '../shared-rules/delivery-service-rule';
import { ORDER_STATUSES } from '../shared-rules/order-status-rule';
import { IsoDate } from './dates';
import { DeliveryWindow } from './delivery';
import { defineEndpoint } from './endpoint';
import { Kopecks } from './money';
import { IdFromString } from './query-fields';

/**
 * «Доставки на день» (issue 23, item 5; docs/delivery-dates.md): the day's deliveries in one list,
 * its capacity (the manager's override or the shop's default) and how many places are taken.
 */

const Capacity = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 1000 })));

const DayDelivery = Schema.Struct({
  orderId: Schema.Int,
  status: Schema.Literals(ORDER_STATUSES),
  contactName: Schema.String,
  contactPhone: Schema.String,
  address: Schema.NullOr(Schema.String),
  windowId: Schema.NullOr(Schema.Int),
  /** The window as booked; null when the manager set the day without a window. */
  windowLabel: Schema.NullOr(Schema.String),
  windowPrice: Kopecks,
  /** The zone the services were priced for; null: not known yet (the manager prices it). */
  zone: Schema.NullOr(Schema.Literals(DELIVERY_ZONES)),
  kmBeyondKad: Schema.NullOr(Schema.Int),
  /** What goes: the order's lines. */
  items: Schema.Array(Schema.Struct({ name: Schema.String, quantity: Schema.Int })),
  /** The order's services («Доставка», «Подъём на 5 этаж», «Сборка»…). */
  services: Schema.Array(Schema.Struct({ label: Schema.String, amount: Kopecks })),
});

export const AdminDeliveryDay = Schema.Struct({
  day: Schema.String,
  /** «пятница, 4 декабря». */
  label: Schema.String,
  workingDay: Schema.Boolean,
  capacity: Schema.Int,
  /** The day's own capacity; null: the default applies. */
  override: Schema.NullOr(Schema.Int),
  defaultCapacity: Schema.Int,
  booked: Schema.Int,
  deliveries: Schema.Array(DayDelivery),
  windows: Schema.Array(DeliveryWindow),
});
export type AdminDeliveryDay = typeof AdminDeliveryDay.Type;

export const getAdminDeliveryDay = defineEndpoint({
  area: 'delivery',
  method: 'GET',
  path: '/api/admin/deliveries',
  summary: "The day's deliveries (orders, address, slot, phone) with its capacity",
  tag: 'admin',
  query: Schema.Struct({ day: IsoDate }),
  response: AdminDeliveryDay,
  errorStatuses: [401, 403],
});

export const setAdminDeliveryCapacity = defineEndpoint({
  area: 'delivery',
  method: 'PUT',
  path: '/api/admin/deliveries/capacity',
  summary: "Sets a day's capacity (null: back to the default); answers the day (stale → 409)",
  tag: 'admin',
  body: Schema.Struct({
    day: IsoDate,
    capacity: Schema.NullOr(Capacity),
    /**
     * The day's override the screen showed (null: the default applied): when the day holds another
     * one now, someone changed it meanwhile and the save is refused with 409 capacity_changed.
     */
    expected: Schema.optionalKey(Schema.NullOr(Capacity)),
  }),
  response: AdminDeliveryDay,
  errorStatuses: [401, 403, 409, 415],
});

export const setAdminDefaultCapacity = defineEndpoint({
  area: 'delivery',
  method: 'PUT',
  path: '/api/admin/deliveries/default-capacity',
  summary: 'Sets the default deliveries a day; answers the given day (stale → 409)',
  tag: 'admin',
  body: Schema.Struct({
    day: IsoDate,
    defaultCapacity: Capacity,
    /** The default the screen showed: another one now is 409 capacity_changed. */
    expected: Schema.optionalKey(Capacity),
  }),
  response: AdminDeliveryDay,
  errorStatuses: [401, 403, 409, 415],
});

/**
 * Moves an order's delivery slot. `expected` is the slot the card showed: when the order holds
 * another one now the move is refused (409 delivery_slot_changed); a full day answers 409
 * delivery_day_full. Answers the day the order moved to.
 */
export const moveAdminOrderSlot = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/:id/delivery-slot',
  summary: "Moves an order's delivery slot (stale → 409, full day → 409)",
  tag: 'admin',
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({
    day: IsoDate,
    windowId: Schema.Int,
    expected: Schema.Struct({ day: Schema.NullOr(IsoDate), windowId: Schema.NullOr(Schema.Int) }),
  }),
  response: AdminDeliveryDay,
  errorStatuses: [401, 403, 404, 409, 415, 422],
});
