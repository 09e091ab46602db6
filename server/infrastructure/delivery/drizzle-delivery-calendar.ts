import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { SERVICES_EDITABLE_STATUSES } from '../../application/admin-orders/update-order-services';
import type { PackedProduct } from '../../application/delivery.service';
import type {
  CapacityEditor,
  DayDelivery,
  DayLoad,
  DeliveryCalendar,
  DeliverySettingsRecord,
  DeliveryWindowRecord,
  MoveSlotOutcome,
  SlotChoice,
} from '../../application/delivery-calendar.port';
import { DeliveryDayFullError } from '../../application/order-limits';
import { auditAreaOf } from '../../domain/audit-area';
import { type AvailabilitySource, addCalendarDays, type CalendarDay } from '../../domain/delivery-dates';
import { servicesTotal, servicesWithWindow } from '../../domain/delivery-quote';
import { isOrderStatus } from '../../domain/order-lifecycle.machine';
import { raiseDeliveryDayFilling } from '../alerts/delivery-day-alert';
import type { AppDb } from '../db/database';
import { auditLog } from '../db/schema/audit.schema';
import { products } from '../db/schema/catalog.schema';
import { deliveryDays, deliverySettings, deliveryWindows } from '../db/schema/delivery.schema';
import { orders } from '../db/schema/orders.schema';

type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
type Db = AppDb | Tx;

const DEFAULTS: DeliverySettingsRecord = { defaultCapacity: 8, daysAhead: 14 };

/** A live delivery: not in the bin, not cancelled. Cancelling an order frees its place. */
const liveOn = (day: CalendarDay) =>
  and(eq(orders.deliveryDate, day), isNull(orders.deletedAt), ne(orders.status, 'cancelled'));

async function settingsOf(db: Db): Promise<DeliverySettingsRecord> {
  const [row] = await db.select().from(deliverySettings).where(eq(deliverySettings.id, 1)).limit(1);
  return row === undefined ? DEFAULTS : { defaultCapacity: row.defaultCapacity, daysAhead: row.daysAhead };
}

/**
 * Takes a place on the day for the order just inserted in `tx`, or throws DeliveryDayFullError (the
 * caller's transaction rolls the order back). The day's row is locked (created first when missing),
 * so concurrent checkouts for the day count one after another: under READ COMMITTED each count
 * after the lock sees the orders the earlier holders committed, and exactly the capacity is sold.
 */
export async function takeDeliveryPlace(tx: Tx, day: CalendarDay): Promise<void> {
  await tx.insert(deliveryDays).values({ day }).onConflictDoNothing();
  const [locked] = await tx
    .select({ capacity: deliveryDays.capacity })
    .from(deliveryDays)
    .where(eq(deliveryDays.day, day))
    .for('update');
  const capacity = locked?.capacity ?? (await settingsOf(tx)).defaultCapacity;
  const [count] = await tx.select({ booked: sql<number>`count(*)::int` }).from(orders).where(liveOn(day));
  // The order itself is among the rows counted (inserted or moved earlier in this transaction).
  const booked = Number(count?.booked ?? 0);
  if (booked > capacity) throw new DeliveryDayFullError(day);
  // Under the day's lock the count before this booking is one less: the booking that takes the day
  // to 80 % raises «День доставки заполняется» in this transaction (once a day: the date is its
  // dedupe key; a rolled-back order raises nothing).
  await raiseDeliveryDayFilling(tx, { date: day, capacity, bookedBefore: booked - 1, bookedAfter: booked });
}

export const sourceOf = (row: {
  readonly availabilitySource: string;
  readonly availabilityMinDays: number | null;
  readonly availabilityMaxDays: number | null;
}): AvailabilitySource => {
  switch (row.availabilitySource) {
    case 'showroom':
      return { kind: 'showroom' };
    case 'supplier':
      return { kind: 'supplier', days: row.availabilityMinDays ?? 0 };
    case 'made_to_order':
      return {
        kind: 'made_to_order',
        minDays: row.availabilityMinDays ?? 0,
        maxDays: row.availabilityMaxDays ?? row.availabilityMinDays ?? 0,
      };
    default:
      return { kind: 'warehouse' };
  }
};

export class DrizzleDeliveryCalendar implements DeliveryCalendar {
  constructor(private readonly db: AppDb) {}

  async windows(): Promise<readonly DeliveryWindowRecord[]> {
    return this.db
      .select({ id: deliveryWindows.id, label: deliveryWindows.label, price: deliveryWindows.price })
      .from(deliveryWindows)
      .where(eq(deliveryWindows.active, true))
      .orderBy(asc(deliveryWindows.sortOrder), asc(deliveryWindows.id));
  }

  settings(): Promise<DeliverySettingsRecord> {
    return settingsOf(this.db);
  }

  async setDefaultCapacity(
    capacity: number,
    by: CapacityEditor,
    expected?: number,
  ): Promise<DeliverySettingsRecord | 'stale'> {
    const outcome = await this.db.transaction(async (tx) => {
      // The one settings row, locked so that two managers' saves over one default are one after another.
      await tx.insert(deliverySettings).values({ id: 1 }).onConflictDoNothing();
      await tx.select().from(deliverySettings).where(eq(deliverySettings.id, 1)).for('update');
      const before = await settingsOf(tx);
      if (expected !== undefined && expected !== before.defaultCapacity) return 'stale' as const;
      await tx
        .insert(deliverySettings)
        .values({ id: 1, defaultCapacity: capacity })
        .onConflictDoUpdate({ target: deliverySettings.id, set: { defaultCapacity: capacity } });
      await tx.insert(auditLog).values({
        actorKind: 'admin',
        actorId: by.adminId,
        action: 'delivery.defaultCapacityChanged',
        entityType: 'delivery_settings',
        area: auditAreaOf('delivery_settings'),
        entityId: '1',
        before: { defaultCapacity: before.defaultCapacity },
        after: { defaultCapacity: capacity },
        ip: by.ip,
      });
      return 'saved' as const;
    });
    return outcome === 'stale' ? outcome : settingsOf(this.db);
  }

  async loads(from: CalendarDay, to: CalendarDay): Promise<ReadonlyMap<CalendarDay, DayLoad>> {
    const settings = await settingsOf(this.db);
    const overrides = await this.db
      .select()
      .from(deliveryDays)
      .where(and(gte(deliveryDays.day, from), lte(deliveryDays.day, to)));
    const booked = await this.db
      .select({ day: orders.deliveryDate, booked: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          gte(orders.deliveryDate, from),
          lte(orders.deliveryDate, to),
          isNull(orders.deletedAt),
          ne(orders.status, 'cancelled'),
        ),
      )
      .groupBy(orders.deliveryDate);
    const overrideOf = new Map(overrides.map((row) => [row.day, row.capacity]));
    const bookedOf = new Map(booked.map((row) => [row.day ?? '', Number(row.booked)]));
    const loads = new Map<CalendarDay, DayLoad>();
    for (let day = from; day <= to; day = addCalendarDays(day, 1)) {
      const override = overrideOf.get(day) ?? null;
      loads.set(day, {
        capacity: override ?? settings.defaultCapacity,
        override,
        booked: bookedOf.get(day) ?? 0,
      });
    }
    return loads;
  }

  async setCapacity(
    day: CalendarDay,
    capacity: number | null,
    by: CapacityEditor,
    expected?: number | null,
  ): Promise<'saved' | 'stale'> {
    return this.db.transaction(async (tx) => {
      // The day's row, locked (created first when missing) like a booking locks it.
      await tx.insert(deliveryDays).values({ day }).onConflictDoNothing();
      const [before] = await tx
        .select({ capacity: deliveryDays.capacity })
        .from(deliveryDays)
        .where(eq(deliveryDays.day, day))
        .for('update');
      if (expected !== undefined && expected !== (before?.capacity ?? null)) return 'stale';
      await tx
        .insert(deliveryDays)
        .values({ day, capacity })
        .onConflictDoUpdate({ target: deliveryDays.day, set: { capacity } });
      await tx.insert(auditLog).values({
        actorKind: 'admin',
        actorId: by.adminId,
        action: 'delivery.capacityChanged',
        entityType: 'delivery_day',
        area: auditAreaOf('delivery_day'),
        entityId: day,
        before: { capacity: before?.capacity ?? null },
        after: { capacity },
        ip: by.ip,
      });
      return 'saved';
    });
  }

  async deliveriesOn(day: CalendarDay): Promise<readonly DayDelivery[]> {
    const rows = await this.db
      .select({
        orderId: orders.id,
        status: orders.status,
        contactName: orders.contactName,
        contactPhone: orders.contactPhone,
        address: orders.deliveryAddress,
        windowId: orders.deliveryWindowId,
        windowLabel: orders.deliveryTimeSlot,
        windowPrice: orders.deliveryWindowPrice,
        zone: orders.deliveryZone,
        kmBeyondKad: orders.deliveryKmBeyondKad,
        items: orders.items,
        services: orders.services,
        sortOrder: deliveryWindows.sortOrder,
      })
      .from(orders)
      .leftJoin(deliveryWindows, eq(deliveryWindows.id, orders.deliveryWindowId))
      .where(liveOn(day))
      .orderBy(sql`${deliveryWindows.sortOrder} NULLS LAST`, asc(orders.id));
    return rows.map(({ sortOrder: _order, items, services, ...row }) => ({
      ...row,
      items: items.map((line) => ({ name: line.name, quantity: line.quantity })),
      services: services.map((line) => ({ label: line.label, amount: line.amount })),
    }));
  }

  async availabilityOf(productIds: readonly number[]): Promise<ReadonlyMap<number, AvailabilitySource>> {
    const found = new Map<number, AvailabilitySource>();
    if (productIds.length === 0) return found;
    const rows = await this.db
      .select({
        id: products.id,
        availabilitySource: products.availabilitySource,
        availabilityMinDays: products.availabilityMinDays,
        availabilityMaxDays: products.availabilityMaxDays,
      })
      .from(products)
      .where(and(inArray(products.id, [...new Set(productIds)]), isNull(products.deletedAt)));
    for (const row of rows) found.set(row.id, sourceOf(row));
    return found;
  }

  async moveSlot(
    orderId: number,
    expected: { readonly day: CalendarDay | null; readonly windowId: number | null },
    target: SlotChoice,
    audit: { readonly adminId: number; readonly ip: string | null },
  ): Promise<MoveSlotOutcome> {
    try {
      return await this.db.transaction(async (tx) => {
        const [window] = await tx
          .select()
          .from(deliveryWindows)
          .where(and(eq(deliveryWindows.id, target.windowId), eq(deliveryWindows.active, true)))
          .limit(1);
        if (window === undefined) return 'unknown_window';
        const [order] = await tx
          .select({
            day: orders.deliveryDate,
            windowId: orders.deliveryWindowId,
            windowLabel: orders.deliveryTimeSlot,
            deletedAt: orders.deletedAt,
            services: orders.services,
            total: orders.total,
            status: orders.status,
            paidAmount: orders.paidAmount,
            paidAt: orders.paidAt,
          })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (order === undefined || order.deletedAt !== null) return 'not_found';
        if (order.day !== expected.day || order.windowId !== expected.windowId) return 'stale';
        // The window's line follows the window: a free one drops it, a dearer one charges the difference.
        const services = servicesWithWindow(order.services, window, (kind, label, amount) => ({
          kind,
          label,
          amount,
        }));
        const total = order.total - servicesTotal(order.services) + servicesTotal(services);
        const editable =
          isOrderStatus(order.status) &&
          SERVICES_EDITABLE_STATUSES.includes(order.status) &&
          order.paidAmount === 0 &&
          order.paidAt === null;
        // After payment the money is fixed: only a window of the same price may be chosen.
        if (total !== order.total && !editable) return 'order_locked';
        await tx
          .update(orders)
          .set({
            deliveryDate: target.day,
            deliveryWindowId: window.id,
            deliveryTimeSlot: window.label,
            deliveryWindowPrice: window.price,
            services,
            total,
            updatedAt: new Date(),
          })
          .where(eq(orders.id, orderId));
        if (order.day !== target.day) await takeDeliveryPlace(tx, target.day);
        await tx.insert(auditLog).values({
          actorKind: 'admin',
          actorId: audit.adminId,
          action: 'order.deliveryChanged',
          entityType: 'order',
          area: auditAreaOf('order'),
          entityId: String(orderId),
          before: {
            'delivery.date': order.day,
            'delivery.timeSlot': order.windowLabel,
            ...(total === order.total ? {} : { total: order.total }),
          },
          after: {
            'delivery.date': target.day,
            'delivery.timeSlot': window.label,
            ...(total === order.total ? {} : { total }),
          },
          ip: audit.ip,
        });
        return 'moved';
      });
    } catch (error) {
      if (error instanceof DeliveryDayFullError) return 'day_full';
      throw error;
    }
  }
}

/** «45 кг», «45,5» → 45.5; null when no number. */
const kilograms = (value: string | undefined): number | null => {
  const match = /\d+(?:[.,]\d+)?/.exec(value ?? '');
  return match === null ? null : Number(match[0].replace(',', '.'));
};

/**
 * Packed sizes for the carrier: the product's sizes and UPAK_VES (the spec's packed weight) until the
 * packed width/depth/height fields of h23-quote land (docs/delivery-dates.md).
 */
export function packedSizesFrom(db: AppDb) {
  return async (productIds: readonly number[]): Promise<ReadonlyMap<number, PackedProduct>> => {
    const found = new Map<number, PackedProduct>();
    if (productIds.length === 0) return found;
    const rows = await db
      .select({
        id: products.id,
        width: products.width,
        depth: products.depth,
        height: products.height,
        specs: products.specs,
        rawFields: products.rawFields,
      })
      .from(products)
      .where(inArray(products.id, [...new Set(productIds)]));
    for (const row of rows) {
      found.set(row.id, {
        id: row.id,
        widthCm: row.width,
        depthCm: row.depth,
        heightCm: row.height,
        weightKg: kilograms(row.rawFields.UPAK_VES ?? row.specs.UPAK_VES),
      });
    }
    return found;
  };
}
