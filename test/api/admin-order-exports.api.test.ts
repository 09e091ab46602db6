import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPORT_COLUMNS, ORDER_LINE_EXPORT_COLUMNS } from '../../api/admin-orders';
import type { Order } from '../../api/orders';
import { kopecksToDecimal } from '../../shared-rules/money-rule';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/** Moscow wall-clock time by the platform's own zone data: the oracle the export is checked against. */
const moscowText = (iso: string): string =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');

const column = (name: (typeof ORDER_EXPORT_COLUMNS)[number]) => ORDER_EXPORT_COLUMNS.indexOf(name);
const lineColumn = (name: (typeof ORDER_LINE_EXPORT_COLUMNS)[number]) =>
  ORDER_LINE_EXPORT_COLUMNS.indexOf(name);
const roubles = (kopecks: number) => kopecksToDecimal(kopecks).replace('.', ',');

async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(payload).buffer);
  return book;
}

/**
 * Issue 25, item 10: the order export files on a real database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL). Dates are Moscow time — text in the CSV, real date cells in the XLSX —, the
 * delivery date, time and comment are columns, and the order lines come as a second sheet or as a
 * CSV of their own; CSV text stays neutralised and amounts keep the decimal comma.
 */
describe.each(testDrivers())('order export files (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let buyer: Browser;
  let clientId = 0;
  let products: number[] = [];
  let order: Order;
  let createdAt = '';

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 2);
    admin = new Browser(shop.app);
    buyer = new Browser(shop.app);
    clientId = await buyer.register('exports@mail.ru');
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const placed = await buyer.post('/api/orders', {
      cart: [
        { id: products[0], quantity: 2 },
        { id: products[1], quantity: 1 },
      ],
      contact: { name: 'Ирина Экспортова', phone: '+7 812 555 12 34', email: 'exports@mail.ru' },
      delivery: { method: 'courier', address: 'Литейный пр-т 10' },
      paymentMethod: 'on_delivery',
      // A formula-like comment must reach the CSV as text.
      comment: '=HYPERLINK("http://evil.example")',
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    order = placed.json() as Order;
    createdAt = order.createdAt;
    const delivery = await admin.patch(`/api/admin/orders/${order.id}/delivery`, {
      method: 'courier',
      date: '2026-12-05',
      timeSlot: '10:00–14:00',
    });
    expect(delivery.statusCode, delivery.body).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('writes the orders CSV in Moscow time with the delivery date, time and comment', async () => {
    const csv = await admin.get(`/api/admin/orders/export?format=csv&clientId=${clientId}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row, ...rest] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(rest).toEqual([]);
    expect(row?.[column('Номер')]).toBe(String(order.id));
    expect(row?.[column('Дата')]).toBe(moscowText(createdAt));
    expect(row?.[column('Дата доставки')]).toBe('05.12.2026');
    expect(row?.[column('Время доставки')]).toBe('10:00–14:00');
    expect(row?.[column('Комментарий')]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(row?.[column('Итого, ₽')]).toBe(roubles(order.total));
  });

  it('writes the lines CSV: one row per line, whose sums add up to the order', async () => {
    const csv = await admin.get(`/api/admin/orders/export/lines?format=csv&clientId=${clientId}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="order-lines-.*\.csv"/);
    const [header, ...rows] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header).toEqual([...ORDER_LINE_EXPORT_COLUMNS]);
    expect(
      rows.map((row) => [
        row[lineColumn('Номер заказа')],
        row[lineColumn('Код товара')],
        row[lineColumn('Количество')],
      ]),
    ).toEqual(order.items.map((line) => [String(order.id), String(line.productId), String(line.quantity)]));
    expect(rows.every((row) => row[lineColumn('Дата заказа')] === moscowText(createdAt))).toBe(true);
    const net = rows.map((row) =>
      Math.round(Number(row[lineColumn('К оплате, ₽')]?.replace(',', '.')) * 100),
    );
    expect(net.reduce((sum, kopecks) => sum + kopecks, 0)).toBe(order.total);
    expect(rows[0]?.[lineColumn('Цена, ₽')]).toMatch(/^\d+,\d{2}$/);
  });

  it('writes the XLSX with real Moscow date cells and a «Позиции» sheet', async () => {
    const response = await admin.get(`/api/admin/orders/export?format=xlsx&clientId=${clientId}`);
    expect(response.statusCode).toBe(200);
    const book = await workbookOf(response.rawPayload);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Заказы', 'Позиции']);
    const orders = book.getWorksheet('Заказы');
    const lines = book.getWorksheet('Позиции');
    if (orders === undefined || lines === undefined) throw new Error('sheets missing');

    const created = orders.getRow(2).getCell(column('Дата') + 1);
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.numFmt).toBe('dd.mm.yyyy hh:mm');
    // A spreadsheet date has no zone: its clock reads Moscow time on any computer.
    const wall = created.value as Date;
    const shown = `${wall.toISOString().slice(8, 10)}.${wall.toISOString().slice(5, 7)}.${wall.toISOString().slice(0, 4)} ${wall.toISOString().slice(11, 16)}`;
    expect(shown).toBe(moscowText(createdAt));
    expect(wall.getTime() - Date.parse(createdAt)).toBe(3 * 3_600_000);

    const deliveryDay = orders.getRow(2).getCell(column('Дата доставки') + 1);
    expect(deliveryDay.type).toBe(ExcelJS.ValueType.Date);
    expect(deliveryDay.value).toEqual(new Date(Date.UTC(2026, 11, 5)));
    expect(deliveryDay.numFmt).toBe('dd.mm.yyyy');
    expect(orders.getRow(2).getCell(column('Комментарий') + 1).value).toBe(
      '=HYPERLINK("http://evil.example")',
    );
    expect(orders.getRow(2).getCell(column('Комментарий') + 1).type).not.toBe(ExcelJS.ValueType.Formula);

    expect((lines.getRow(1).values as unknown[]).slice(1)).toEqual([...ORDER_LINE_EXPORT_COLUMNS]);
    expect(lines.rowCount).toBe(1 + order.items.length);
    const firstLine = lines.getRow(2);
    expect(firstLine.getCell(lineColumn('Номер заказа') + 1).value).toBe(order.id);
    expect(firstLine.getCell(lineColumn('Дата заказа') + 1).type).toBe(ExcelJS.ValueType.Date);
    expect(firstLine.getCell(lineColumn('Цена, ₽') + 1).value).toBe((order.items[0]?.unitPrice ?? 0) / 100);
    expect(firstLine.getCell(lineColumn('Цена, ₽') + 1).numFmt).toBe('#,##0.00');

    const linesOnly = await workbookOf(
      (await admin.get(`/api/admin/orders/export/lines?format=xlsx&clientId=${clientId}`)).rawPayload,
    );
    expect(linesOnly.worksheets.map((sheet) => sheet.name)).toEqual(['Позиции']);
  });

  it('keeps the lines file for administrators', async () => {
    expect((await buyer.get('/api/admin/orders/export/lines?format=csv')).statusCode).toBe(403);
    expect((await new Browser(shop.app).get('/api/admin/orders/export/lines')).statusCode).toBe(401);
    expect((await admin.get('/api/admin/orders/export/lines?format=pdf')).statusCode).toBe(400);
  });
});
