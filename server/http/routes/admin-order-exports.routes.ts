import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
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
function xlsxCell(cell: ExportCell): { readonly value: string | number | Date; readonly numFmt?: string } {
  if (typeof cell !== 'object') return { value: cell };
  if ('moment' in cell) return { value: moscowWallClock(cell.moment), numFmt: 'dd.mm.yyyy hh:mm' };
  if ('day' in cell) {
    const day = calendarDay(cell.day);
    return day === null ? { value: cell.day } : { value: day, numFmt: 'dd.mm.yyyy' };
  }
  return { value: Number(kopecksToDecimal(cell.kopecks)), numFmt: '#,##0.00' };
}

async function writeXlsx(sheets: readonly ExportSheet[], body: PassThrough): Promise<void> {
  // Dates and amounts carry a number format, which needs the styles part.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: body,
    useSharedStrings: false,
    useStyles: true,
  });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow([...sheet.columns]).commit();
    for await (const cells of sheet.rows()) {
      const typed = cells.map(xlsxCell);
      const row = worksheet.addRow(typed.map((cell) => cell.value));
      typed.forEach((cell, index) => {
        if (cell.numFmt !== undefined) row.getCell(index + 1).numFmt = cell.numFmt;
      });
      row.commit();
      // Wait while the response is full: the zip's buffers would otherwise hold the whole file.
      await drained(body);
    }
    worksheet.commit();
  }
  await workbook.commit();
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
      format === 'xlsx' || first === undefined ? writeXlsx(sheets, body) : writeCsv(first, body);
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
