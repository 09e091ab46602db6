import type {
  AdminOrderPatch,
  AdminOrderRecord,
  AdminOrdersRepository,
  ClientContactRecord,
  NewAdminOrderRecord,
  OrderNoteRecord,
} from '../../../../server/application/admin-orders.port';
import type { AuditEntry } from '../../../../server/application/audit-log.port';
import {
  DeliveryDayFullError,
  OutOfStockError,
  PromoLimitError,
  type StockShortage,
} from '../../../../server/application/order-limits';
import type { OrderStatus } from '../../../../server/domain/order-lifecycle.machine';
import type { PricedLine } from '../../../../server/domain/order-pricing';
import { binMovesStock, planStockChange, wantedByProduct } from '../../../../server/domain/stock-ledger';
import { strictPort } from './strict-port';

/** A product on the in-memory shelf: units (null = not tracked) and whether it may be sold «под заказ». */
interface ShelfProduct {
  readonly name: string;
  stock: number | null;
  readonly backorderAllowed?: boolean;
}

/** A promo code's usage limits (null = none). */
interface PromoLimits {
  readonly maxUses: number | null;
  readonly perClient: number | null;
}

/**
 * The back office's orders in memory, with the rules the Drizzle repository keeps in its
 * transactions: compare-and-set status moves, edits only while the status allows and nothing was
 * paid, the stock ledger (an order holds what it took; an edit takes or gives back the difference,
 * refused when short — server/domain/stock-ledger.ts), the bin giving stock back and restoring
 * taking it again, and a promo code's use counted against its limits. A refused change throws the
 * repository's errors and changes nothing. Every write keeps its audit entry.
 */
export class InMemoryAdminOrders {
  readonly orders = new Map<number, AdminOrderRecord>();
  readonly shelf = new Map<number, ShelfProduct>();
  readonly promoLimits = new Map<string, PromoLimits>();
  /** orderId → the code whose use the order holds. */
  readonly promoUses = new Map<number, { readonly code: string; readonly clientId: number }>();
  /** orderId → productId → units the order holds. */
  readonly held = new Map<number, Map<number, number>>();
  readonly audit: AuditEntry[] = [];
  readonly mails: { readonly orderId: number; readonly template: string; readonly to: string }[] = [];
  readonly notes: OrderNoteRecord[] = [];
  readonly clients = new Map<number, ClientContactRecord>();
  /**
   * Delivery days with a capacity (issue 23): a new order dated on one takes a place there, refused
   * with DeliveryDayFullError when its live orders fill it (no capacity set = no limit here).
   */
  readonly dayCapacity = new Map<string, number>();
  /** Runs just before a compare-and-set, to let a test move the order «meanwhile». */
  beforeMove: ((id: number) => void) | null = null;
  private nextId = 1;

  constructor(private readonly clock: () => number) {}

  private takeDeliveryPlace(day: string | null): void {
    const capacity = day === null ? undefined : this.dayCapacity.get(day);
    if (day === null || capacity === undefined) return;
    const booked = [...this.orders.values()].filter(
      (each) => each.deliveryDetails.date === day && each.deletedAt === null && each.status !== 'cancelled',
    ).length;
    if (booked + 1 > capacity) throw new DeliveryDayFullError(day);
  }

  /** An order as if placed at checkout: it holds its lines' stock (taken without a check). */
  seed(order: Partial<AdminOrderRecord> & Pick<AdminOrderRecord, 'items'>): AdminOrderRecord {
    const id = order.id ?? this.nextId++;
    this.nextId = Math.max(this.nextId, id + 1);
    const subtotal = order.items.reduce((sum, line) => sum + line.lineTotal, 0);
    const record: AdminOrderRecord = {
      id,
      clientId: 7,
      status: 'new',
      subtotal,
      discount: 0,
      total: subtotal,
      services: [],
      promoCode: null,
      contact: { name: 'Анна Петрова', phone: '+78125551234', email: 'anna@mail.ru' },
      delivery: { method: 'courier', address: 'Невский пр-т 1' },
      comment: null,
      paymentMethod: 'online',
      paymentAllowed: false,
      paidAt: null,
      paidAmount: 0,
      refundedAmount: 0,
      createdAt: this.clock(),
      history: [],
      prepaymentAmount: null,
      updatedAt: this.clock(),
      deletedAt: null,
      statusSince: this.clock(),
      deliveryDetails: { date: null, timeSlot: null, floor: null, lift: null, assembly: false },
      ...order,
    };
    this.orders.set(id, record);
    const holding = new Map<number, number>();
    for (const [productId, wanted] of wantedByProduct(record.items)) {
      const product = this.shelf.get(productId);
      if (product !== undefined && product.stock !== null) {
        product.stock -= wanted;
        holding.set(productId, wanted);
      }
    }
    this.held.set(id, holding);
    if (record.promoCode !== null)
      this.promoUses.set(id, { code: record.promoCode, clientId: record.clientId });
    return record;
  }

  /** Moves the stock to hold `lines`, all or nothing; throws OutOfStockError when short. */
  private rebalance(orderId: number, lines: readonly PricedLine[]): void {
    const holding = this.held.get(orderId) ?? new Map<number, number>();
    const wanted = wantedByProduct(lines);
    const shortages: StockShortage[] = [];
    const moves: { productId: number; delta: number }[] = [];
    for (const productId of new Set([...holding.keys(), ...wanted.keys()])) {
      const product = this.shelf.get(productId);
      if (product === undefined) continue;
      const plan = planStockChange(holding.get(productId) ?? 0, wanted.get(productId) ?? 0, {
        available: product.stock,
        backorderAllowed: product.backorderAllowed ?? false,
      });
      if (!plan.ok)
        shortages.push({
          productId,
          name: product.name,
          requested: wanted.get(productId) ?? 0,
          available: plan.canHave,
        });
      else moves.push({ productId, delta: plan.delta });
    }
    if (shortages.length > 0) throw new OutOfStockError(shortages);
    for (const { productId, delta } of moves) {
      const product = this.shelf.get(productId);
      if (product?.stock === null || product === undefined) continue;
      product.stock += delta;
      holding.set(productId, (holding.get(productId) ?? 0) - delta);
    }
    this.held.set(orderId, holding);
  }

  /** Gives back everything the order holds. */
  private release(orderId: number): void {
    for (const [productId, units] of this.held.get(orderId) ?? []) {
      const product = this.shelf.get(productId);
      if (product !== undefined && product.stock !== null) product.stock += units;
    }
    this.held.set(orderId, new Map());
  }

  /** Follows the order's code like checkout: a new code is counted (refused at its limit), a dropped one given back. */
  private followPromo(orderId: number, clientId: number, code: string | null): void {
    const live = this.promoUses.get(orderId)?.code ?? null;
    if (live === code) return;
    if (code !== null) {
      const limits = this.promoLimits.get(code);
      const uses = [...this.promoUses.entries()].filter(([id, use]) => use.code === code && id !== orderId);
      if (limits?.maxUses != null && uses.length >= limits.maxUses) throw new PromoLimitError('total');
      if (
        limits?.perClient != null &&
        uses.filter(([, use]) => use.clientId === clientId).length >= limits.perClient
      )
        throw new PromoLimitError('per_client');
    }
    if (code === null) this.promoUses.delete(orderId);
    else this.promoUses.set(orderId, { code, clientId });
  }

  private put(id: number, change: Partial<AdminOrderRecord>): void {
    const order = this.orders.get(id);
    if (order === undefined) throw new Error(`no order ${id}`);
    this.orders.set(id, { ...order, ...change, updatedAt: this.clock() });
  }

  /** The port, with only the methods a use case may call; anything else fails loudly. */
  port(): AdminOrdersRepository {
    return strictPort<AdminOrdersRepository>('AdminOrdersRepository', {
      find: async (id) => this.orders.get(id) ?? null,
      moveStatus: async (input) => {
        this.beforeMove?.(input.id);
        const order = this.orders.get(input.id);
        if (order === undefined || order.deletedAt !== null || order.status !== input.from) return false;
        if (input.to === 'cancelled') this.release(input.id);
        this.put(input.id, {
          status: input.to,
          statusSince: this.clock(),
          paymentAllowed: input.paymentAllowed,
          ...(input.markPaid ? { paidAt: this.clock() } : {}),
        });
        this.audit.push(input.audit);
        return true;
      },
      update: async (id, patch: AdminOrderPatch, audit, whileStatusIn?: readonly OrderStatus[]) => {
        const order = this.orders.get(id);
        if (order === undefined || order.deletedAt !== null) return false;
        if (whileStatusIn !== undefined && (!whileStatusIn.includes(order.status) || order.paidAmount > 0))
          return false;
        if (
          typeof patch.prepaymentAmount === 'number' &&
          patch.prepaymentAmount > order.total - order.paidAmount
        )
          return false;
        if (patch.pricing !== undefined) {
          const stockBefore = new Map(
            [...this.shelf].map(([productId, product]) => [productId, product.stock]),
          );
          const heldBefore = new Map(this.held.get(id));
          this.rebalance(id, patch.pricing.items);
          try {
            this.followPromo(id, order.clientId, patch.pricing.promoCode);
          } catch (error) {
            // The transaction rolls back: the stock as it was.
            for (const [productId, stock] of stockBefore) {
              const product = this.shelf.get(productId);
              if (product !== undefined) product.stock = stock;
            }
            this.held.set(id, heldBefore);
            throw error;
          }
        }
        this.put(id, {
          ...(patch.contact !== undefined ? { contact: patch.contact } : {}),
          ...(patch.paymentMethod !== undefined ? { paymentMethod: patch.paymentMethod } : {}),
          ...(patch.prepaymentAmount !== undefined ? { prepaymentAmount: patch.prepaymentAmount } : {}),
          ...(patch.delivery !== undefined ? { delivery: patch.delivery } : {}),
          ...(patch.deliveryDetails !== undefined ? { deliveryDetails: patch.deliveryDetails } : {}),
          ...(patch.pricing !== undefined ? patch.pricing : {}),
        });
        this.audit.push(audit);
        return true;
      },
      setDeleted: async (id, deleted, audit) => {
        const order = this.orders.get(id);
        if (order === undefined || (order.deletedAt !== null) === deleted) return false;
        if (binMovesStock(order.status)) {
          if (deleted) this.release(id);
          else this.rebalance(id, order.items);
        }
        this.put(id, { deletedAt: deleted ? this.clock() : null });
        this.audit.push(audit);
        return true;
      },
      insert: async (order: NewAdminOrderRecord, audit) => {
        const id = this.nextId++;
        this.held.set(id, new Map());
        try {
          this.rebalance(id, order.items);
          this.followPromo(id, order.clientId, order.promoCode);
          this.takeDeliveryPlace(order.deliveryDetails.date);
        } catch (error) {
          this.release(id);
          this.held.delete(id);
          this.promoUses.delete(id);
          throw error;
        }
        const holding = this.held.get(id);
        this.seedRecord(id, order);
        if (holding !== undefined) this.held.set(id, holding);
        this.audit.push(audit(id));
        return id;
      },
      addNote: async (note, audit) => {
        const stored: OrderNoteRecord = { ...note, id: this.notes.length + 1, at: this.clock() };
        this.notes.push(stored);
        this.audit.push(audit(stored.id));
        return stored;
      },
      recordAudit: async (entry) => {
        this.audit.push(entry);
      },
      recordMail: async (orderId, mail) => {
        this.mails.push({ orderId, template: mail.template, to: mail.to });
      },
      clientContact: async (clientId) => this.clients.get(clientId) ?? null,
    });
  }

  private seedRecord(id: number, order: NewAdminOrderRecord): void {
    const now = this.clock();
    this.orders.set(id, {
      id,
      clientId: order.clientId,
      status: 'new',
      items: order.items,
      services: [],
      subtotal: order.subtotal,
      discount: order.discount,
      total: order.total,
      promoCode: order.promoCode,
      contact: order.contact,
      delivery: order.delivery,
      comment: order.comment,
      paymentMethod: order.paymentMethod,
      paymentAllowed: false,
      paidAt: null,
      paidAmount: 0,
      refundedAmount: 0,
      createdAt: now,
      history: [],
      prepaymentAmount: null,
      updatedAt: now,
      deletedAt: null,
      statusSince: now,
      deliveryDetails: order.deliveryDetails,
    });
  }
}

/** A priced line as checkout stores it (unit price in kopecks). */
export function pricedLine(productId: number, name: string, quantity: number, unitPrice: number): PricedLine {
  const lineTotal = unitPrice * quantity;
  return { productId, name, quantity, unitPrice, lineTotal, discount: 0, netTotal: lineTotal };
}
