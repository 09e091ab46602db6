import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import { drained } from './stream-drain';

/**
 * XLSX files written as they stream (issue 27, items 5 and 6; docs/performance.md «Memory», session 13).
 * ExcelJS's streaming writer kept a sheet's text in memory until its zip took it, late: the 100 000-product
 * export raised the resident memory by ~290 MB. Here each sheet's XML goes through a deflate stream into
 * its zip entry row batch by row batch, and the next batch is made only when the response has room, so a
 * file of any length holds about one batch (64 kB of XML) and zlib's window in memory.
 *
 * The file is the minimal SpreadsheetML package Excel, LibreOffice and ExcelJS open: content types, the
 * workbook with its sheets, a styles part with the three number formats the exports use, and one
 * worksheet per sheet whose text cells are inline strings — never formulas, whatever a cell starts with.
 * The zip entries carry their sizes and CRC-32 after their data (general purpose flag bit 3), since a
 * stream cannot go back to its header; no ZIP64, so one entry stays under 4 GiB (a 100 000-product sheet
 * is ~150 MB of XML).
 */

/** A cell: text, a plain number, a number shown with one of the formats, or nothing. */
export type XlsxCell = string | number | null | { readonly value: number; readonly format: XlsxNumberFormat };
/** `dateTime` «27.11.2026 14:05» and `date` «05.12.2026» take a date serial (`excelDate`); `amount` «12 345,00». */
type XlsxNumberFormat = 'dateTime' | 'date' | 'amount';

export interface XlsxSheet {
  readonly name: string;
  /** The first row: the column headers. */
  readonly columns: readonly string[];
  /** Every column's width in characters; the spreadsheet's default when absent. */
  readonly columnWidth?: number;
  readonly rows: AsyncIterable<readonly XlsxCell[]>;
}

/** Style indexes in styles.xml's cellXfs, by format. */
const STYLE_OF_FORMAT: Record<XlsxNumberFormat, number> = { dateTime: 1, date: 2, amount: 3 };
const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as a spreadsheet date serial (days since 1899-12-30). */
const UNIX_EPOCH_SERIAL = 25_569;
/** XML made before it is compressed and sent: the most a sheet holds at once besides zlib's window. */
const BATCH_CHARS = 64 * 1024;
const MAX_ZIP32 = 0xffff_ffff;

/** A date as a spreadsheet serial; its UTC fields are what the cell shows (a wall-clock or a zone-free day). */
export function excelDate(date: Date): number {
  return date.getTime() / MS_PER_DAY + UNIX_EPOCH_SERIAL;
}

/** Writes the workbook into `out` (ending it), waiting whenever `out` is full; stops quietly if it closes. */
export async function writeXlsx(out: Writable, sheets: readonly XlsxSheet[]): Promise<void> {
  const zip = new ZipStream(out);
  try {
    await zip.entry('[Content_Types].xml', [contentTypes(sheets.length)]);
    await zip.entry('_rels/.rels', [ROOT_RELS]);
    await zip.entry('xl/workbook.xml', [workbook(sheets)]);
    await zip.entry('xl/_rels/workbook.xml.rels', [workbookRels(sheets.length)]);
    await zip.entry('xl/styles.xml', [STYLES]);
    for (const [index, sheet] of sheets.entries()) {
      await zip.entry(`xl/worksheets/sheet${index + 1}.xml`, sheetXml(sheet));
    }
    await zip.finish();
  } catch (error) {
    // The browser went away midway: nothing left to write to (the download is already broken).
    if (error instanceof DownloadClosed) return;
    throw error;
  }
}

class DownloadClosed extends Error {}

async function* sheetXml(sheet: XlsxSheet): AsyncGenerator<string> {
  const width = sheet.columns.length;
  const letters = Array.from({ length: width }, (_, index) => columnLetters(index));
  let xml = `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}">`;
  if (sheet.columnWidth !== undefined && width > 0) {
    xml += `<cols><col min="1" max="${width}" width="${sheet.columnWidth}" customWidth="1"/></cols>`;
  }
  xml += '<sheetData>';
  xml += rowXml(1, sheet.columns, letters);
  let rowNumber = 1;
  for await (const cells of sheet.rows) {
    rowNumber += 1;
    xml += rowXml(rowNumber, cells, letters);
    if (xml.length >= BATCH_CHARS) {
      yield xml;
      xml = '';
    }
  }
  yield `${xml}</sheetData></worksheet>`;
}

function rowXml(rowNumber: number, cells: readonly XlsxCell[], letters: string[]): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((cell, index) => {
    if (cell === null) return;
    const ref = `${letters[index] ?? columnLetters(index)}${rowNumber}`;
    if (typeof cell === 'string') {
      xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
    } else if (typeof cell === 'number') {
      if (Number.isFinite(cell)) xml += `<c r="${ref}"><v>${cell}</v></c>`;
    } else if (Number.isFinite(cell.value)) {
      xml += `<c r="${ref}" s="${STYLE_OF_FORMAT[cell.format]}"><v>${cell.value}</v></c>`;
    }
  });
  return `${xml}</row>`;
}

/** A, B, …, Z, AA, AB, … */
function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** XML text: the five special characters escaped, characters XML 1.0 forbids (control codes) dropped. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? character);
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SPREADSHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

function contentTypes(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, index) =>
      `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="${SPREADSHEET_TYPE}.worksheet+xml"/>`,
  ).join('');
  return (
    `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${SPREADSHEET_TYPE}.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${SPREADSHEET_TYPE}.styles+xml"/>` +
    `${sheets}</Types>`
  );
}

const ROOT_RELS =
  `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

function workbook(sheets: readonly XlsxSheet[]): string {
  const entries = sheets
    .map(
      (sheet, index) =>
        `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
    )
    .join('');
  return `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${entries}</sheets></workbook>`;
}

function workbookRels(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, index) =>
      `<Relationship Id="rId${index + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
  ).join('');
  return (
    `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL_NS}">${sheets}` +
    `<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`
  );
}

/** cellXfs 0: plain; 1–3: the formats of STYLE_OF_FORMAT. */
const STYLES =
  `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="3"><numFmt numFmtId="164" formatCode="dd.mm.yyyy hh:mm"/>' +
  '<numFmt numFmtId="165" formatCode="dd.mm.yyyy"/><numFmt numFmtId="166" formatCode="#,##0.00"/></numFmts>' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** One entry of the central directory, written at the end. */
interface ZipEntry {
  readonly name: Buffer;
  readonly offset: number;
  readonly crc: number;
  readonly compressed: number;
  readonly size: number;
}

/** General purpose flags: sizes and CRC in a data descriptor after the data (bit 3), UTF-8 names (bit 11). */
const ZIP_FLAGS = 0x0808;
const DEFLATE = 8;
const ZIP_VERSION = 20;
/** 1980-01-01 00:00 in DOS time: the entries' dates (a file made now has no better one to carry). */
const DOS_DATE = (1 << 5) | 1;

/** A zip archive written front to back into a stream (no seeking), each entry deflated as it arrives. */
class ZipStream {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];

  constructor(private readonly out: Writable) {}

  /** Appends one file made of `chunks` (text, UTF-8), compressed while they are produced. */
  async entry(name: string, chunks: Iterable<string> | AsyncIterable<string>): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(ZIP_VERSION, 4);
    header.writeUInt16LE(ZIP_FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    // CRC and sizes (14–25) stay 0 here: the data descriptor carries them.
    header.writeUInt16LE(nameBytes.length, 26);
    await this.send(Buffer.concat([header, nameBytes]));

    const deflate = createDeflateRaw();
    let compressed = 0;
    // Compressed bytes leave as zlib makes them, at the pace the response takes them.
    const sending = (async () => {
      for await (const piece of deflate as AsyncIterable<Buffer>) {
        compressed += piece.length;
        await this.send(piece);
      }
    })();
    // Its failure (the download closed) is awaited below; meanwhile it must not count as unhandled.
    sending.catch(() => undefined);
    let crc = 0;
    let size = 0;
    try {
      for await (const chunk of chunks) {
        const bytes = Buffer.from(chunk, 'utf8');
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (!deflate.write(bytes)) await Promise.race([once(deflate, 'drain'), sending]);
      }
      deflate.end();
      await sending;
    } catch (error) {
      deflate.destroy();
      await sending.catch(() => undefined);
      throw error;
    }
    if (size > MAX_ZIP32 || compressed > MAX_ZIP32 || this.offset > MAX_ZIP32) {
      throw new Error('XLSX: a part beyond 4 GiB needs ZIP64, which this writer does not make');
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.send(descriptor);
    this.entries.push({ name: nameBytes, offset, crc, compressed, size });
  }

  /** The central directory and its end record; then ends the stream. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(ZIP_VERSION, 4);
      record.writeUInt16LE(ZIP_VERSION, 6);
      record.writeUInt16LE(ZIP_FLAGS, 8);
      record.writeUInt16LE(DEFLATE, 10);
      record.writeUInt16LE(0, 12);
      record.writeUInt16LE(DOS_DATE, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      // Extra field, comment, disk number, attributes: none (30–41); then the local header's offset.
      record.writeUInt32LE(entry.offset, 42);
      await this.send(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.send(end);
    this.out.end();
  }

  private async send(bytes: Buffer): Promise<void> {
    if (this.out.destroyed) throw new DownloadClosed('the download was closed');
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await drained(this.out);
  }
}
