import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { DEFAULT_ITEM_CLASS, isItemClass } from '../../../shared-rules/item-class-rule';
import type {
  NewOrder,
  OrderContact,
  OrderDelivery,
  OrderRecord,
  OrdersRepository,
  ProductDeliveryFacts,
} from '../../application/orders.port';
import type { PromoLimit, StockFact } from '../../domain/checkout-quote';
import { isOrderStatus, type OrderStatus } from '../../domain/order-lifecycle.machine';
import { orderLinesOf, type PromoRule } from '../../domain/order-pricing';
import type { AppDb } from '../db/database';
import { promoClientUses } from '../db/schema/admin-catalogue.schema';
import { products } from '../db/schema/catalog.schema';
import { cartItems } from '../db/schema/client-data.schema';
import { promoCodes } from '../db/schema/content.schema';
import { orderEvents, orderNotes, orders } from '../db/schema/orders.schema';
import { takeDeliveryPlace } from '../delivery/drizzle-delivery-calendar';
import { reserveForOrder } from './order-reservations';

type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
type Db = AppDb | Tx;

const statusOf = (value: string): OrderStatus => (isOrderStatus(value) ? value : 'new');

async function historyOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { status: OrderStatus; at: number }[]>> {
  const byOrder = new Map<number, { status: OrderStatus; at: number }[]>();
  if (ids.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderEvents.orderId, toStatus: orderEvents.toStatus, at: orderEvents.at })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, [...ids]), inArray(orderEvents.kind, ['created', 'status'])))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  for (const row of rows) {
    if (row.toStatus === null || !isOrderStatus(row.toStatus)) continue;
    const list = byOrder.get(row.orderId) ?? [];
    list.push({ status: row.toStatus, at: row.at.getTime() });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The booked delivery window of an order's row (a day and a window), or null when none is booked. */
export function deliverySlotOfRow(row: OrderRow): OrderRecord['deliverySlot'] {
  return row.deliveryDate !== null && row.deliveryWindowId !== null
    ? {
        day: row.deliveryDate,
        windowId: row.deliveryWindowId,
        label: row.deliveryTimeSlot ?? '',
        price: row.deliveryWindowPrice,
      }
    : null;
}

function toRecord(row: OrderRow, history: { status: OrderStatus; at: number }[]): OrderRecord {
  return {
    id: row.id,
    clientId: row.clientId,
    status: statusOf(row.status),
    items: orderLinesOf(row.items, row.discount),
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    promoCode: row.promoCode,
    contact: { name: row.contactName, phone: row.contactPhone, email: row.contactEmail },
    delivery: {
      method: row.deliveryMethod === 'pickup' ? 'pickup' : 'courier',
      address: row.deliveryAddress,
    },
    services: row.services,
    deliverySlot: deliverySlotOfRow(row),
    comment: row.comment,
    paymentMethod: row.paymentMethod === 'online' ? 'online' : 'on_delivery',
    paymentAllowed: row.paymentAllowed,
    paidAt: row.paidAt?.getTime() ?? null,
    paidAmount: row.paidAmount,
    refundedAmount: row.refundedAmount,
    createdAt: row.createdAt.getTime(),
    history,
  };
}

async function withHistory(db: Db, rows: readonly OrderRow[]): Promise<OrderRecord[]> {
  const history = await historyOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toRecord(row, history.get(row.id) ?? []));
}

export class DrizzleOrdersRepository implements OrdersRepository {
  constructor(private readonly db: AppDb) {}

  async create(
    order: NewOrder,
  ): Promise<{ order: OrderRecord; created: boolean; requestHash: string | null }> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(orders)
        .values({
          clientId: order.clientId,
          status: 'new',
          items: [...order.items],
          subtotal: order.subtotal,
          discount: order.discount,
          total: order.total,
          promoCode: order.promoCode,
          contactName: order.contact.name,
          contactPhone: order.contact.phone,
          contactEmail: order.contact.email,
          deliveryMethod: order.delivery.method,
          deliveryAddress: order.delivery.address,
          services: [...order.services],
          ...(order.deliveryOptions === null
            ? {}
            : {
                deliveryZone: order.deliveryOptions.zone,
                deliveryKmBeyondKad: order.deliveryOptions.kmBeyondKad,
                deliveryFloor: order.deliveryOptions.floor,
                deliveryLift: order.deliveryOptions.lift,
                deliveryAssembly: order.deliveryOptions.assembly,
              }),
          ...(order.deliverySlot === undefined
            ? {}
            : {
                deliveryDate: order.deliverySlot.day,
                deliveryWindowId: order.deliverySlot.windowId,
                deliveryTimeSlot: order.deliverySlot.label,
                deliveryWindowPrice: order.deliverySlot.price,
              }),
          comment: order.comment,
          paymentMethod: order.paymentMethod,
          onlineMethod: order.onlineMethod ?? null,
          idempotencyKey: order.idempotencyKey,
          requestHash: order.requestHash,
        })
        .onConflictDoNothing({ target: [orders.clientId, orders.idempotencyKey] })
        .returning();
      const [row] = inserted;
      if (row) {
        // Stock and promo limits are taken here, in the order's transaction (throws to roll back).
        await reserveForOrder(tx, { ...order, id: row.id });
        // Issue 23: the day's place is taken in the same transaction (throws to roll back when full).
        if (order.deliverySlot !== undefined) await takeDeliveryPlace(tx, order.deliverySlot.day);
        await tx
          .insert(orderEvents)
          .values({ orderId: row.id, kind: 'created', actor: 'client', toStatus: 'new' });
        await tx.delete(cartItems).where(eq(cartItems.clientId, order.clientId));
        const [record] = await withHistory(tx, [row]);
        if (!record) throw new Error('order vanished inside its transaction');
        return { order: record, created: true, requestHash: row.requestHash };
      }
      // The key was used before (or by a concurrent request that committed first): answer its order.
      const [existing] = await tx
        .select()
        .from(orders)
        .where(
          and(eq(orders.clientId, order.clientId), eq(orders.idempotencyKey, order.idempotencyKey ?? '')),
        )
        .limit(1);
      if (!existing) throw new Error('idempotent order not found after a key conflict');
      const [record] = await withHistory(tx, [existing]);
      if (!record) throw new Error('order vanished');
      return { order: record, created: false, requestHash: existing.requestHash };
    });
  }

  async findById(id: number): Promise<OrderRecord | null> {
    const rows = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    const [record] = await withHistory(this.db, rows);
    return record ?? null;
  }

  async listByClient(clientId: number): Promise<OrderRecord[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.clientId, clientId), isNull(orders.deletedAt)))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    const records = await withHistory(this.db, rows);
    if (records.length === 0) return records;
    const notes = await this.db
      .select({
        id: orderNotes.id,
        orderId: orderNotes.orderId,
        text: orderNotes.text,
        at: orderNotes.createdAt,
      })
      .from(orderNotes)
      .where(
        and(
          inArray(
            orderNotes.orderId,
            records.map((record) => record.id),
          ),
          eq(orderNotes.visibility, 'client'),
        ),
      )
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
    const byOrder = new Map<number, { id: number; text: string; at: number }[]>();
    for (const note of notes) {
      const list = byOrder.get(note.orderId) ?? [];
      list.push({ id: note.id, text: note.text, at: note.at.getTime() });
      byOrder.set(note.orderId, list);
    }
    return records.map((record) => ({ ...record, notes: byOrder.get(record.id) ?? [] }));
  }

  async updateDetails(
    id: number,
    patch: { contact?: OrderContact; delivery?: OrderDelivery; comment?: string | null },
    kind: 'address' | 'contact' | 'comment',
    editable: readonly OrderStatus[],
  ): Promise<OrderRecord | null> {
    const changed = await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(orders)
        .set({
          ...(patch.contact
            ? {
                contactName: patch.contact.name,
                contactPhone: patch.contact.phone,
                contactEmail: patch.contact.email,
              }
            : {}),
          ...(patch.delivery
            ? { deliveryMethod: patch.delivery.method, deliveryAddress: patch.delivery.address }
            : {}),
          ...(patch.comment !== undefined ? { comment: patch.comment } : {}),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(orders.id, id),
            inArray(orders.status, [...editable]),
            isNull(orders.paidAt),
            eq(orders.paidAmount, 0),
            isNull(orders.deletedAt),
          ),
        )
        .returning({ id: orders.id });
      if (updated.length === 0) return false;
      await tx.insert(orderEvents).values({ orderId: id, kind, actor: 'client' });
      return true;
    });
    return changed ? this.findById(id) : null;
  }

  async promoRule(code: string): Promise<PromoRule | null> {
    const [row] = await this.db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
    if (!row) return null;
    // Issue 11: fixed (roubles → kopecks) or percent codes; a code before its start date is not active yet.
    const started = row.validFrom === null || Date.parse(row.validFrom) <= Date.now();
    return {
      code: row.code,
      kind: row.kind === 'fixed' ? 'fixed' : 'percent',
      value: row.kind === 'fixed' ? row.fixedDiscount * 100 : row.discountPercent,
      minSubtotal: row.minOrderTotal * 100,
      active: row.active && started,
      validUntil: row.validUntil === null ? null : Date.parse(row.validUntil),
    };
  }

  async stockOf(productIds: readonly number[]): Promise<ReadonlyMap<number, StockFact>> {
    const facts = new Map<number, StockFact>();
    if (productIds.length === 0) return facts;
    const rows = await this.db
      .select({ id: products.id, stock: products.stock, backorderAllowed: products.backorderAllowed })
      .from(products)
      .where(inArray(products.id, [...new Set(productIds)]));
    for (const row of rows) facts.set(row.id, { stock: row.stock, backorderAllowed: row.backorderAllowed });
    return facts;
  }

  async deliveryFactsOf(productIds: readonly number[]): Promise<ReadonlyMap<number, ProductDeliveryFacts>> {
    const facts = new Map<number, ProductDeliveryFacts>();
    if (productIds.length === 0) return facts;
    const rows = await this.db
      .select({
        id: products.id,
        itemClass: products.itemClass,
        assemblyAvailable: products.assemblyAvailable,
      })
      .from(products)
      .where(inArray(products.id, [...new Set(productIds)]));
    for (const row of rows)
      facts.set(row.id, {
        itemClass: isItemClass(row.itemClass) ? row.itemClass : DEFAULT_ITEM_CLASS,
        assemblyAvailable: row.assemblyAvailable,
      });
    return facts;
  }

  async promoLimitReached(code: string, clientId: number | null): Promise<PromoLimit> {
    const [row] = await this.db
      .select({
        usageLimit: promoCodes.usageLimit,
        perClientLimit: promoCodes.perClientLimit,
        uses: promoCodes.uses,
      })
      .from(promoCodes)
      .where(eq(promoCodes.code, code))
      .limit(1);
    if (!row) return null;
    if (row.usageLimit !== null && row.uses >= row.usageLimit) return 'total';
    if (clientId === null || row.perClientLimit === null) return null;
    const [own] = await this.db
      .select({ uses: promoClientUses.uses })
      .from(promoClientUses)
      .where(and(eq(promoClientUses.code, code), eq(promoClientUses.clientId, clientId)))
      .limit(1);
    return (own?.uses ?? 0) >= row.perClientLimit ? 'per_client' : null;
  }
}
