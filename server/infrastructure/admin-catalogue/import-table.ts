import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS } from '../../../api/admin-products';
import { type AdminRefusal, refuse } from '../../application/admin-catalogue.port';
import { restoreCsvCell } from '../../domain/csv-cell';

/**
 * Reading an import file (CSV or XLSX) into a table of text cells, within limits (issue 24, item 4).
 * An XLSX file is a zip: 2 MB of it can inflate to hundreds of megabytes of sheet XML, which the XLSX
 * reader holds in memory and walks for minutes. So the limits come first, in two steps:
 *
 * - `checkXlsxBounds` reads only the zip's central directory (no inflating) on the request's thread:
 *   the number of entries, the sum of their declared sizes after unpacking and each entry's ratio;
 * - `readImportTable` runs in a worker thread (import-table.worker.ts, with a time and a memory limit)
 *   and first inflates every entry with a ceiling at its declared size, so a file whose directory lies
 *   about its sizes is refused before the XLSX reader sees it; then rows, columns and cells are counted.
 */
const MiB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** Sum of the XLSX entries' sizes after unpacking: ~8 000 rows of a full export with descriptions. */
  maxInflatedBytes: 64 * MiB,
  /** Entries of the XLSX zip (a workbook has a dozen or two). */
  maxZipEntries: 1_000,
  /** Unpacked / packed size of one entry over 1 MiB: sheet XML packs 10–50×, a zip bomb 1 000×. */
  maxCompressionRatio: 200,
  /** The header row plus IMPORT_MAX_ROWS rows of products. */
  maxRows: IMPORT_MAX_ROWS + 1,
  maxColumns: 200,
  maxCells: 2_000_000,
  /** How long the worker may parse before it is stopped. */
  parseTimeMs: 30_000,
  /** The worker's V8 heap (old generation): a full 64 MiB workbook needs about half of it. */
  parseHeapMb: 1_536,
} as const;

export type ImportLimits = { readonly [Limit in keyof typeof IMPORT_LIMITS]: number };
export type ImportTable = string[][];

const megabytes = (bytes: number): number => Math.round(bytes / MiB);
const formatCount = (n: number): string => n.toLocaleString('ru-RU');

const tooManyRows = (limits: ImportLimits): AdminRefusal =>
  refuse(
    413,
    'too_many_rows',
    `Не больше ${formatCount(limits.maxRows - 1)} строк за раз: разделите файл на части.`,
  );
const tooManyColumns = (limits: ImportLimits): AdminRefusal =>
  refuse(413, 'too_many_columns', `Не больше ${formatCount(limits.maxColumns)} столбцов в файле.`);
const tooManyCells = (limits: ImportLimits): AdminRefusal =>
  refuse(
    413,
    'too_many_cells',
    `Не больше ${formatCount(limits.maxCells)} ячеек в файле: разделите файл на части.`,
  );
const inflatedTooLarge = (limits: ImportLimits): AdminRefusal =>
  refuse(
    413,
    'xlsx_too_large',
    `Файл XLSX после распаковки больше ${megabytes(limits.maxInflatedBytes)} МБ: разделите его на части или загрузите CSV.`,
  );
const NOT_XLSX = refuse(415, 'invalid_file', 'Файл не читается как XLSX.');

export const isXlsx = (bytes: Uint8Array): boolean =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly packedBytes: number;
  readonly unpackedBytes: number;
  readonly localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The zip's central directory, read without inflating anything; a refusal when it is not sound. */
function zipDirectory(bytes: Buffer, limits: ImportLimits): ZipEntry[] | AdminRefusal {
  // The end record is the last 22 bytes, or earlier by the length of a comment (at most 65 535).
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return NOT_XLSX;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 markers: an import file is never that large.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return inflatedTooLarge(limits);
  if (count > limits.maxZipEntries) {
    return refuse(
      413,
      'xlsx_too_many_entries',
      `В архиве XLSX больше ${formatCount(limits.maxZipEntries)} файлов: это не похоже на таблицу.`,
    );
  }
  if (offset + size > end) return NOT_XLSX;
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return NOT_XLSX;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      packedBytes: bytes.readUInt32LE(at + 20),
      unpackedBytes: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The bounds an XLSX file must keep before anything inflates it, from its central directory alone:
 * O(entries) work on the request's thread. Null when the file may go on to the parsing worker.
 */
export function checkXlsxBounds(bytes: Buffer, limits: ImportLimits = IMPORT_LIMITS): AdminRefusal | null {
  const entries = zipDirectory(bytes, limits);
  if (!Array.isArray(entries)) return entries;
  let total = 0;
  for (const entry of entries) {
    total += entry.unpackedBytes;
    if (total > limits.maxInflatedBytes) return inflatedTooLarge(limits);
    const ratio = entry.unpackedBytes / Math.max(1, entry.packedBytes);
    if (entry.unpackedBytes > MiB && ratio > limits.maxCompressionRatio) {
      return refuse(
        413,
        'xlsx_compression_ratio',
        `Файл XLSX сжат подозрительно сильно (больше чем в ${limits.maxCompressionRatio} раз): такой файл не принимается.`,
      );
    }
  }
  return null;
}

/**
 * Inflates every entry with a ceiling at the size its directory declares: a directory that understates
 * a size (to slip past `checkXlsxBounds`) is caught here, having inflated no more than it declared.
 */
function verifyDeclaredSizes(bytes: Buffer, limits: ImportLimits): AdminRefusal | null {
  const entries = zipDirectory(bytes, limits);
  if (!Array.isArray(entries)) return entries;
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) return NOT_XLSX;
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    if (start + entry.packedBytes > bytes.length) return NOT_XLSX;
    const packed = bytes.subarray(start, start + entry.packedBytes);
    if (entry.method === 0) {
      if (entry.packedBytes !== entry.unpackedBytes) return NOT_XLSX;
      continue;
    }
    if (entry.method !== 8) return NOT_XLSX;
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.unpackedBytes) });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return inflatedTooLarge(limits);
      return NOT_XLSX;
    }
    if (inflated.length !== entry.unpackedBytes) return NOT_XLSX;
  }
  return null;
}

class LimitExceeded extends Error {
  constructor(readonly refusal: AdminRefusal) {
    super(refusal.message);
  }
}

async function readXlsx(bytes: Buffer, limits: ImportLimits): Promise<ImportTable | AdminRefusal> {
  const bounds = checkXlsxBounds(bytes, limits) ?? verifyDeclaredSizes(bytes, limits);
  if (bounds) return bounds;
  // Loaded on the first spreadsheet read (this runs in the import's worker thread; docs/performance.md «Memory»).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return NOT_XLSX;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: ImportTable = [];
  let cells = 0;
  try {
    // Rows that hold something, at their own numbers (gaps stay empty rows, so reported row numbers
    // match the spreadsheet's).
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (row.number > limits.maxRows) throw new LimitExceeded(tooManyRows(limits));
      if (row.cellCount > limits.maxColumns) throw new LimitExceeded(tooManyColumns(limits));
      cells += row.cellCount;
      if (cells > limits.maxCells) throw new LimitExceeded(tooManyCells(limits));
      while (table.length < row.number - 1) table.push([]);
      const values: string[] = [];
      for (let column = 1; column <= row.cellCount; column++) {
        values.push(restoreCsvCell(row.getCell(column).text ?? ''));
      }
      table.push(values);
    });
  } catch (error) {
    if (error instanceof LimitExceeded) return error.refusal;
    throw error;
  }
  return table;
}

function readCsv(bytes: Buffer, limits: ImportLimits): ImportTable | AdminRefusal {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) return refuse(415, 'invalid_file', 'Нужен файл CSV (UTF-8) или XLSX.');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let rows = 0;
  let cells = 0;
  try {
    const table = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      on_record: (record: string[]) => {
        rows += 1;
        cells += record.length;
        if (rows > limits.maxRows) throw new LimitExceeded(tooManyRows(limits));
        if (record.length > limits.maxColumns) throw new LimitExceeded(tooManyColumns(limits));
        if (cells > limits.maxCells) throw new LimitExceeded(tooManyCells(limits));
        return record.map(restoreCsvCell);
      },
    }) as ImportTable;
    return table;
  } catch (error) {
    if (error instanceof LimitExceeded) return error.refusal;
    return refuse(400, 'invalid_file', 'Не удалось разобрать CSV: проверьте кавычки и разделители.');
  }
}

/** The file as a table of text cells, or the refusal naming the limit it broke. Runs in the worker. */
export async function readImportTable(
  bytes: Buffer,
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<ImportTable | AdminRefusal> {
  return isXlsx(bytes) ? readXlsx(bytes, limits) : readCsv(bytes, limits);
}
