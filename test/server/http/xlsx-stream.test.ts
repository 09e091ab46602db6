import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { excelDate, writeXlsx, type XlsxCell } from '../../../server/http/xlsx-stream';

/**
 * The exports' XLSX writer (server/http/xlsx-stream.ts; docs/performance.md «Memory», session 13): the
 * file opens in a spreadsheet reader (ExcelJS here) with its sheets, texts, numbers, dates and formats,
 * a text that looks like a formula stays text, and a long sheet leaves for the response while its rows
 * are still being read — the writer never holds the sheet.
 */

async function* rowsOf(rows: readonly (readonly XlsxCell[])[]): AsyncGenerator<readonly XlsxCell[]> {
  yield* rows;
}

async function bytesOf(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(bytes).buffer);
  return book;
}

describe('the streamed XLSX writer', () => {
  it('writes sheets a spreadsheet opens, with texts, numbers, dates and their formats', async () => {
    const created = new Date(Date.UTC(2026, 10, 27, 14, 5));
    const day = new Date(Date.UTC(2026, 11, 5));
    const bytes = await bytesOf((out) =>
      writeXlsx(out, [
        {
          name: 'Заказы',
          columns: ['Номер', 'Создан', 'Доставка', 'Сумма, ₽', 'Комментарий', 'Пусто'],
          columnWidth: 18,
          rows: rowsOf([
            [
              1001,
              { value: excelDate(created), format: 'dateTime' },
              { value: excelDate(day), format: 'date' },
              { value: 12345.5, format: 'amount' },
              '=HYPERLINK("http://evil","жми") & <b>"кавычки"</b>',
              null,
            ],
            [1002, null, null, 0, '  пробелы по краям\u0007 ', 'ё'],
          ]),
        },
        { name: 'Позиции', columns: ['Артикул'], rows: rowsOf([['A-1'], ['+7 900']]) },
      ]),
    );
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const book = await workbookOf(bytes);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Заказы', 'Позиции']);
    const orders = book.getWorksheet('Заказы');
    if (orders === undefined) throw new Error('no orders sheet');
    expect(orders.getRow(1).values).toEqual([
      undefined,
      'Номер',
      'Создан',
      'Доставка',
      'Сумма, ₽',
      'Комментарий',
      'Пусто',
    ]);
    expect(orders.getColumn(1).width).toBe(18);
    const first = orders.getRow(2);
    expect(first.getCell(1).value).toBe(1001);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(2).value).toEqual(created);
    expect(first.getCell(2).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(first.getCell(3).value).toEqual(day);
    expect(first.getCell(3).numFmt).toBe('dd.mm.yyyy');
    expect(first.getCell(4).value).toBe(12345.5);
    expect(first.getCell(4).numFmt).toBe('#,##0.00');
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(5).value).toBe('=HYPERLINK("http://evil","жми") & <b>"кавычки"</b>');
    expect(first.getCell(6).type).toBe(ExcelJS.ValueType.Null);
    const second = orders.getRow(3);
    expect(second.getCell(4).value).toBe(0);
    // Whitespace kept, the control character XML cannot carry dropped.
    expect(second.getCell(5).value).toBe('  пробелы по краям ');
    expect(book.getWorksheet('Позиции')?.getRow(3).getCell(1).value).toBe('+7 900');
  });

  it('sends a long sheet while its rows are still read, at the pace the response takes it', async () => {
    const ROWS = 30_000;
    let received = 0;
    const receivedAt = new Map<number, number>();
    // A response that takes a chunk at a time, later (as a socket does), with a small buffer.
    const slowResponse = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        setImmediate(done);
      },
    });
    let generatedChars = 0;
    /** At each row: the characters of rows made so far, and the bytes the response had taken. */
    const progress: (readonly [made: number, taken: number])[] = [];
    async function* rows(): AsyncGenerator<readonly XlsxCell[]> {
      for (let index = 1; index <= ROWS; index += 1) {
        if (index % 5_000 === 0) receivedAt.set(index, received);
        const row: XlsxCell[] = [
          `ART-${index}`,
          `Диван угловой «Модель ${index}» с обивкой из рогожки, цвет ${index % 17}`,
          index * 137,
          { value: (index % 1000) + 0.5, format: 'amount' },
          `${(index * 7919) % 100_003}`,
        ];
        generatedChars += JSON.stringify(row).length;
        progress.push([generatedChars, received]);
        yield row;
      }
    }
    const finished = new Promise((resolve) => slowResponse.on('finish', resolve));
    await writeXlsx(slowResponse, [{ name: 'Товары', columns: ['a', 'b', 'c', 'd', 'e'], rows: rows() }]);
    await finished;
    // Two thirds into the rows, most of two thirds of the file has left.
    expect(receivedAt.get(20_000)).toBeGreaterThan((received * 2) / 3 / 2);
    // The rows never ran more than a few batches ahead of the response: at every row, what was made
    // minus what the bytes taken stand for (at the file's own compression ratio) stays small — a
    // writer holding the sheet until its end would be the whole 3.6 MB of rows ahead.
    const charsPerByte = generatedChars / received;
    const mostAhead = Math.max(...progress.map(([made, taken]) => made - taken * charsPerByte));
    expect(generatedChars).toBeGreaterThan(3_000_000);
    expect(mostAhead).toBeLessThan(512 * 1024);
  });
});
