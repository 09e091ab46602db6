import { sql } from 'drizzle-orm';
import {
  DELIVERY_METHODS,
  type DeliveryMethod,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../shared-rules/order-options-rule';
import type { ExchangeSaleStore } from '../../application/exchange/exchange.port';
import type { CmlOrder } from '../../domain/commerceml';
import { isOrderStatus } from '../../domain/order-lifecycle.machine';
import type { Database } from '../db/database';
import type { OrderLineRow } from '../db/schema/orders.schema';

const isDeliveryMethod = (value: string): value is DeliveryMethod =>
  (DELIVERY_METHODS as readonly string[]).includes(value);
const isPaymentMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

interface OrderRow {
  id: number;
  created_at: string | Date;
  status: string;
  total: number | string;
  discount: number | string;
  paid_amount: number | string;
  refunded_amount: number | string;
  client_id: number | null;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  delivery_method: string;
  delivery_address: string | null;
  payment_method: string;
  comment: string | null;
  items: OrderLineRow[] | string;
}

/**
 * Orders for 1С. Which order to send is decided per order, not by a clock: exchange_orders keeps the
 * change (`updated_at`, compared in SQL at full precision) each order had when it was last sent and
 * when 1С confirmed it, so an order committed late or changed while 1С was reading is sent again.
 */
export class SqlExchangeSale implements ExchangeSaleStore {
  constructor(private readonly database: Database) {}

  async ordersToSend(): Promise<CmlOrder[]> {
    const rows = await this.database.rows<OrderRow>(sql`
      WITH pending AS (
        SELECT o.id, o.updated_at FROM orders o LEFT JOIN exchange_orders e ON e.order_id = o.id
        WHERE o.deleted_at IS NULL AND e.confirmed_version IS DISTINCT FROM o.updated_at
      ), sent AS (
        INSERT INTO exchange_orders (order_id, sent_version) SELECT id, updated_at FROM pending
        ON CONFLICT (order_id) DO UPDATE SET sent_version = excluded.sent_version
        RETURNING order_id
      )
      SELECT o.id, o.created_at, o.status, o.total, o.discount, o.paid_amount, o.refunded_amount, o.client_id,
        o.contact_name, o.contact_phone, o.contact_email, o.delivery_method, o.delivery_address,
        o.payment_method, o.comment, o.items
      FROM orders o JOIN sent s ON s.order_id = o.id ORDER BY o.id`);
    const productIds = [
      ...new Set(rows.flatMap((row) => itemsOf(row.items).map((item) => Number(item.productId)))),
    ];
    const products =
      productIds.length === 0
        ? []
        : await this.database.rows<{ id: number; sku: string; external_id: string | null }>(sql`
            SELECT p.id, p.sku, l.external_id FROM products p
            LEFT JOIN exchange_links l ON l.kind = 'product' AND l.local_id = p.id
            WHERE p.id IN (${sql.join(
              productIds.map((id) => sql`${id}`),
              sql`, `,
            )})`);
    const byId = new Map(products.map((product) => [Number(product.id), product]));
    return rows.flatMap((row) => {
      const status = row.status;
      if (
        !isOrderStatus(status) ||
        !isDeliveryMethod(row.delivery_method) ||
        !isPaymentMethod(row.payment_method)
      )
        return [];
      const total = Number(row.total);
      return [
        {
          id: Number(row.id),
          createdAt: new Date(row.created_at),
          status,
          total,
          discount: Number(row.discount),
          paid: total > 0 && Number(row.paid_amount) - Number(row.refunded_amount) >= total,
          clientId: row.client_id === null ? null : Number(row.client_id),
          contactName: row.contact_name,
          contactPhone: row.contact_phone,
          contactEmail: row.contact_email,
          deliveryMethod: row.delivery_method,
          deliveryAddress: row.delivery_address,
          paymentMethod: row.payment_method,
          comment: row.comment,
          lines: itemsOf(row.items).map((item) => {
            const product = byId.get(Number(item.productId));
            return {
              productId: product?.external_id ?? String(item.productId),
              sku: product?.sku ?? '',
              name: item.name,
              quantity: item.quantity,
              unitPrice: item.unitPrice,
              lineTotal: item.netTotal ?? item.lineTotal,
            };
          }),
        },
      ];
    });
  }

  async confirmSent(): Promise<void> {
    await this.database.rows(sql`UPDATE exchange_orders SET confirmed_version = sent_version
      WHERE sent_version IS NOT NULL AND confirmed_version IS DISTINCT FROM sent_version`);
  }
}

/** The jsonb lines as either driver returns them. */
function itemsOf(items: OrderLineRow[] | string): OrderLineRow[] {
  const value: unknown = typeof items === 'string' ? JSON.parse(items) : items;
  return Array.isArray(value) ? (value as OrderLineRow[]) : [];
}
