import { ORDER_EXPORT_COLUMNS, ORDER_LINE_EXPORT_COLUMNS } from '../../../api/admin-orders';
import {
  DELIVERY_METHOD_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATE_LABELS,
} from '../../../shared-rules/order-options-rule';
import { paymentStateOf } from '../../domain/order-admin-rules';
import { ORDER_STATUS_LABELS } from '../../domain/order-lifecycle.machine';
import type { AdminOrderListFilter, AdminOrderRecord, AdminOrdersRepository } from '../admin-orders.port';

/**
 * One cell of an export row, typed by what it means; the file writer decides how each kind is
 * spelled (CSV: Moscow «27.11.2026 14:05» and «12345,00»; XLSX: real dates and numbers).
 */
export type ExportCell =
  | string
  | number
  /** A moment (epoch ms), shown in Moscow time. */
  | { readonly moment: number }
  /** A calendar day (YYYY-MM-DD): the delivery date. */
  | { readonly day: string }
  /** Kopecks, shown in roubles with two decimals (docs/money.md). */
  | { readonly kopecks: number };

/** The most rows one export reads (the list's filters narrow it). */
const EXPORT_MAX_ORDERS = 100_000;

/** One order as the row of the «Заказы» sheet/CSV, in the order of ORDER_EXPORT_COLUMNS. */
function orderExportRow(order: AdminOrderRecord): ExportCell[] {
  return [
    order.id,
    { moment: order.createdAt },
    ORDER_STATUS_LABELS[order.status],
    order.contact.name,
    order.contact.phone,
    order.contact.email,
    DELIVERY_METHOD_LABELS[order.delivery.method],
    order.delivery.address ?? '',
    PAYMENT_METHOD_LABELS[order.paymentMethod],
    PAYMENT_STATE_LABELS[paymentStateOf(order)],
    order.promoCode ?? '',
    { kopecks: order.subtotal },
    { kopecks: order.discount },
    { kopecks: order.total },
    { kopecks: order.paidAmount },
    order.items.reduce((sum, line) => sum + line.quantity, 0),
    order.deliveryDetails.date === null ? '' : { day: order.deliveryDetails.date },
    order.deliveryDetails.timeSlot ?? '',
    order.comment ?? '',
  ];
}

/** Each line of an order as a row of the «Позиции» sheet/CSV, in the order of ORDER_LINE_EXPORT_COLUMNS. */
function orderLineExportRows(order: AdminOrderRecord): ExportCell[][] {
  return order.items.map((line) => [
    order.id,
    { moment: order.createdAt },
    ORDER_STATUS_LABELS[order.status],
    order.contact.name,
    line.productId,
    line.name,
    line.quantity,
    { kopecks: line.unitPrice },
    { kopecks: line.lineTotal },
    { kopecks: line.discount },
    { kopecks: line.netTotal },
    line.backorder === true ? 'Да' : '',
  ]);
}

export type ExportOrders = (filter: AdminOrderListFilter) => AsyncIterable<AdminOrderRecord>;

/** The orders of the list's filter, in its order (paging ignored, at most EXPORT_MAX_ORDERS). */
export function exportOrders(ports: {
  readonly orders: Pick<AdminOrdersRepository, 'stream'>;
}): ExportOrders {
  return (filter) => ports.orders.stream(filter, EXPORT_MAX_ORDERS);
}

/** One sheet of an export file (one CSV): its name, header and rows, read when the file is written. */
export interface ExportSheet {
  readonly name: string;
  readonly columns: readonly string[];
  readonly rows: () => AsyncIterable<readonly ExportCell[]>;
}

/**
 * The sheets of an order export: «Заказы» then «Позиции» (`orders`), or only «Позиции» (`lines`).
 * Each sheet reads the filter as it is written (a stream, never the whole list in memory); the lines
 * sheet keeps only orders the first sheet listed, so an order placed meanwhile is in neither.
 */
export function orderExportSheets(
  exportOf: ExportOrders,
  filter: AdminOrderListFilter,
  part: 'orders' | 'lines',
): ExportSheet[] {
  const listed = part === 'orders' ? new Set<number>() : null;
  const orders: ExportSheet = {
    name: 'Заказы',
    columns: ORDER_EXPORT_COLUMNS,
    rows: async function* () {
      for await (const order of exportOf(filter)) {
        listed?.add(order.id);
        yield orderExportRow(order);
      }
    },
  };
  const lines: ExportSheet = {
    name: 'Позиции',
    columns: ORDER_LINE_EXPORT_COLUMNS,
    rows: async function* () {
      for await (const order of exportOf(filter))
        if (listed === null || listed.has(order.id)) yield* orderLineExportRows(order);
    },
  };
  return part === 'orders' ? [orders, lines] : [lines];
}
