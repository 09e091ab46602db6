import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { exportAdminOrderLines, exportAdminOrders } from '../../../api/admin-orders';
import { kopecksToDecimal } from '../../../shared-rules/money-rule';
import type { AdminOrderUseCases } from '../../application/admin-orders/admin-order-use-cases';
import {
  type ExportCell,
  type ExportSheet,
  orderExportSheets,
} from '../../application/admin-orders/export-orders';
import { orderListFilterOf } from '../../application/admin-orders/order-list-filter';
import { SHOP_CSV_OPTIONS } from '../../domain/csv-cell';
import { calendarDay, calendarDayText, moscowDateTimeText, moscowWallClock } from '../../domain/moscow-time';
import type { RouteModule } from '../app';
import { STREAMED } from '../contract';
import { drained } from '../stream-drain';
import { excelDate, writeXlsx, type XlsxCell } from '../xlsx-stream';
import { adminOnlyRouter, requireAdmin, type SessionSettings } from './session.hooks';

/**
 * A CSV cell: Moscow «27.11.2026 14:05», a day «05.12.2026», an amount with Russian Excel's decimal
 * comma «12345,00» (the file is `;`-separated, so Excel reads it as a number). Text is neutralised
 * by SHOP_CSV_OPTIONS (server/domain/csv-cell.ts).
 */
function csvCell(cell: ExportCell): string | number {
  if (typeof cell !== 'object') return cell;
  if ('moment' in cell) return moscowDateTimeText(cell.moment);
  if ('day' in cell) return calendarDayText(cell.day);
  return kopecksToDecimal(cell.kopecks).replace('.', ',');
}

/**
 * An XLSX cell: real dates (Moscow wall-clock time, as spreadsheets hold dates without a zone) and
 * numbers, each with its display format.
 */
function xlsxCell(cell: ExportCell): XlsxCell {
  if (typeof cell !== 'object') return cell;
  if ('moment' in cell) return { value: excelDate(moscowWallClock(cell.moment)), format: 'dateTime' };
  if ('day' in cell) {
    const day = calendarDay(cell.day);
    return day === null ? cell.day : { value: excelDate(day), format: 'date' };
  }
  return { value: Number(kopecksToDecimal(cell.kopecks)), format: 'amount' };
}

/** The sheets streamed into the zip as their rows are read (memory flat whatever the file's length). */
function writeOrdersXlsx(sheets: readonly ExportSheet[], body: PassThrough): Promise<void> {
  return writeXlsx(
    body,
    sheets.map((sheet) => ({
      name: sheet.name,
      columns: sheet.columns,
      rows: (async function* () {
        for await (const cells of sheet.rows()) yield cells.map(xlsxCell);
      })(),
    })),
  );
}

async function writeCsv(sheet: ExportSheet, body: PassThrough): Promise<void> {
  const csv = stringify({ ...SHOP_CSV_OPTIONS, header: true, columns: [...sheet.columns] });
  csv.pipe(body);
  for await (const cells of sheet.rows()) {
    if (!csv.write(cells.map(csvCell))) await drained(csv);
  }
  csv.end();
}

/**
 * The list as files (api/admin-orders.ts): the orders (XLSX: with the «Позиции» sheet) and their
 * lines alone. Streamed: rows are written while the filter is read, so 100 000 orders never sit in
 * memory; a failure mid-file breaks the download rather than ending it as if complete.
 */
export function adminOrderExportsRoutes(
  settings: SessionSettings,
  useCases: Pick<AdminOrderUseCases, 'exportOrders'>,
): RouteModule {
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    sheets: readonly ExportSheet[],
    format: 'csv' | 'xlsx',
    fileName: string,
  ): typeof STREAMED => {
    const stamp = new Date(settings.now()).toISOString().slice(0, 10);
    const body = new PassThrough();
    reply.header('cache-control', 'no-store');
    reply.header(
      'content-type',
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    );
    reply.header('content-disposition', `attachment; filename="${fileName}-${stamp}.${format}"`);
    const [first] = sheets;
    const writing =
      format === 'xlsx' || first === undefined ? writeOrdersXlsx(sheets, body) : writeCsv(first, body);
    writing.catch((error: unknown) => {
      request.log.error({ event: 'orders_export_failed', error: String(error) }, 'export failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    reply.send(body);
    return STREAMED;
  };

  return {
    name: 'admin-order-exports',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      // The exports stream the file themselves (STREAMED): the contract still decodes the query.
      router.route(exportAdminOrders, async ({ query, raw, reply }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const filter = orderListFilterOf(query, settings.now());
        const format = query.format ?? 'csv';
        const sheets = orderExportSheets(useCases.exportOrders, filter, 'orders');
        return send(raw, reply, format === 'csv' ? sheets.slice(0, 1) : sheets, format, 'orders');
      });
      router.route(exportAdminOrderLines, async ({ query, raw, reply }) => {
        const refused = await requireAdmin(raw, settings);
        if (refused) return refused;
        const filter = orderListFilterOf(query, settings.now());
        const sheets = orderExportSheets(useCases.exportOrders, filter, 'lines');
        return send(raw, reply, sheets, query.format ?? 'csv', 'order-lines');
      });
    },
  };
}
