import type {
  AdminDeliveriesPort,
  AdminDeliveryDayView,
  DayDeliveryEntry,
  DeliveryWindowOption,
} from '../../../src/application/ports/admin-deliveries.port';
import { PortFailure } from '../../../src/application/ports/port-failure';

export const WINDOWS: readonly DeliveryWindowOption[] = [
  { id: 1, label: 'Весь день, 10:00–22:00', price: 0 },
  { id: 2, label: '10:00–13:00', price: 100_000 },
];

const DAY_LABELS: Readonly<Record<string, string>> = {
  '2026-11-27': 'пятница, 27 ноября',
  '2026-11-30': 'понедельник, 30 ноября',
  '2026-12-01': 'вторник, 1 декабря',
  '2026-12-02': 'среда, 2 декабря',
};

const stale = (message: string, code: string) =>
  new PortFailure({ kind: 'bad-request', status: 409, code, message: 'HTTP 409', serverMessage: message });

/**
 * The delivery calendar behind the port, kept like the server keeps it: each day's override, the
 * default, the deliveries booked; a save over a value someone changed meanwhile is 409, a move to a
 * full day is 409.
 */
export function memoryDeliveries(booked: Readonly<Record<string, readonly DayDeliveryEntry[]>> = {}) {
  const overrides = new Map<string, number>();
  const deliveries = new Map<string, DayDeliveryEntry[]>(
    Object.entries(booked).map(([day, list]) => [day, [...list]]),
  );
  let defaultCapacity = 8;
  const calls: string[] = [];
  const viewOf = (day: string): AdminDeliveryDayView => {
    const override = overrides.get(day) ?? null;
    const list = deliveries.get(day) ?? [];
    return {
      day,
      label: DAY_LABELS[day] ?? day,
      workingDay: true,
      capacity: override ?? defaultCapacity,
      override,
      defaultCapacity,
      booked: list.length,
      deliveries: list,
      windows: WINDOWS,
    };
  };
  const port: AdminDeliveriesPort = {
    day: async (day) => {
      calls.push(`day ${day}`);
      return viewOf(day);
    },
    setCapacity: async (day, capacity, expected) => {
      calls.push(`capacity ${day} ${capacity} over ${expected}`);
      if ((overrides.get(day) ?? null) !== expected)
        throw stale('Вместимость уже изменил другой сотрудник. Обновите страницу.', 'capacity_changed');
      if (capacity === null) overrides.delete(day);
      else overrides.set(day, capacity);
      return viewOf(day);
    },
    setDefaultCapacity: async (day, capacity, expected) => {
      calls.push(`default ${capacity} over ${expected}`);
      if (defaultCapacity !== expected)
        throw stale('Вместимость уже изменил другой сотрудник. Обновите страницу.', 'capacity_changed');
      defaultCapacity = capacity;
      return viewOf(day);
    },
    moveSlot: async (orderId, target, expected) => {
      calls.push(`move ${orderId} to ${target.day} ${target.windowId}`);
      const window = WINDOWS.find((each) => each.id === target.windowId);
      if (window === undefined) throw new Error(`no window ${target.windowId}`);
      const from = expected.day === null ? [] : (deliveries.get(expected.day) ?? []);
      const moving = from.find((each) => each.orderId === orderId);
      const view = viewOf(target.day);
      if (expected.day !== target.day && view.booked >= view.capacity)
        throw stale(
          'На этот день мест больше нет. Увеличьте вместимость дня или выберите другой.',
          'delivery_day_full',
        );
      if (expected.day !== null)
        deliveries.set(
          expected.day,
          from.filter((each) => each.orderId !== orderId),
        );
      const moved = { ...(moving ?? delivery(orderId)), windowId: window.id, windowLabel: window.label };
      deliveries.set(target.day, [
        ...(deliveries.get(target.day) ?? []).filter((each) => each.orderId !== orderId),
        moved,
      ]);
      return viewOf(target.day);
    },
  };
  return {
    port,
    calls,
    /** Another manager's save, straight into the store (the screen does not know). */
    otherManagerSets: (day: string, capacity: number) => overrides.set(day, capacity),
  };
}

/** A delivery of the day's list. */
export function delivery(orderId: number, changes: Partial<DayDeliveryEntry> = {}): DayDeliveryEntry {
  return {
    orderId,
    status: 'confirmed',
    contactName: `Покупатель ${orderId}`,
    contactPhone: '+7 921 555-10-10',
    address: `Санкт-Петербург, Невский пр-т ${orderId}`,
    windowId: 1,
    windowLabel: WINDOWS[0]?.label ?? null,
    windowPrice: 0,
    zone: 'inside_kad',
    kmBeyondKad: null,
    items: [{ name: 'Диван «Осло»', quantity: 1 }],
    serviceLines: [{ label: 'Доставка', amount: 150_000 }],
    ...changes,
  };
}
