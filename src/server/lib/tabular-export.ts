import { PassThrough, Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import type { ExportFormat } from '#shared/schemas/common.ts';
import { romeDateKey } from '#shared/time.ts';

/**
 * Spreadsheet exports (docs/product/screens.md#esportazioni): CSV with ';' and a UTF-8 BOM, as Italian Excel
 * expects, and XLSX through exceljs's streaming workbook writer. Both are written as a stream while
 * the rows are read from the database in batches, so an export of any size costs the server the
 * same memory (docs/performance.md#esportazioni).
 */
/** Data rows of one XLSX sheet: 1,048,576 rows less the header. Past it, the export goes on in a new sheet. */
export const XLSX_SHEET_ROWS = 1_048_575;
/** Rows read from the database per query while exporting. */
export const EXPORT_BATCH = 2_000;

export type Cell = string | number | Money | null | undefined;

/**
 * An amount in integer cents: a number with two decimals in XLSX ('#,##0.00'), and '12,50' in the
 * CSV (comma decimals, as Italian Excel reads them next to ';'). Never neutralised: a negative
 * amount (a storno) stays a number.
 */
export interface Money {
  cents: number;
  /** Shown with the euro sign in XLSX (an export sent outside, e.g. to a supplier). */
  euro?: boolean;
}
export const moneyCell = (cents: number): Money => ({ cents });
export const euroCell = (cents: number): Money => ({ cents, euro: true });
/** Italian Excel and LibreOffice show it as '€ 1.234,56' and keep the cell a number. */
const EURO_NUM_FMT = '"€" #,##0.00;-"€" #,##0.00';
const isMoney = (cell: Cell): cell is Money => typeof cell === 'object' && cell !== null;

function csvMoney(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Formula injection guard (OWASP "CSV injection") for CSV, whose cells a spreadsheet guesses: a
 * text cell starting with = + - @ (or a tab or carriage return) would be run as a formula; a
 * leading apostrophe makes it text. XLSX cells carry their type, so XLSX text is written as is.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function textOf(cell: Cell): string {
  if (cell == null) return '';
  if (isMoney(cell)) return csvMoney(cell.cents);
  return typeof cell === 'number' ? String(cell) : neutralise(cell);
}

const csvQuote = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const csvLine = (row: Cell[]) => row.map((c) => csvQuote(textOf(c))).join(';') + '\r\n';

async function* csvChunks(header: string[], rows: AsyncIterable<Cell[]>): AsyncGenerator<Buffer> {
  let text = '\uFEFF' + csvLine(header);
  for await (const row of rows) {
    text += csvLine(row);
    if (text.length >= 64 * 1024) {
      yield Buffer.from(text, 'utf8');
      text = '';
    }
  }
  yield Buffer.from(text, 'utf8');
}

/** XLSX sheet names: at most 31 characters, none of \ / ? * [ ] : */
const sheetTitle = (name: string, part: number) =>
  (part === 1 ? name : `${name} (${part})`).replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

/** Bytes of sheet XML allowed to wait for compression, and of compressed file for the reader. */
const MAX_PENDING_BYTES = 1024 * 1024;

interface StreamState {
  length?: number;
}
type AnyStream = Partial<Readable & Writable> & {
  _readableState?: StreamState;
  _writableState?: StreamState;
};

/**
 * Bytes a stream holds, read and write sides. The archiver's input is a readable-stream 2
 * PassThrough, which has no `readableLength`/`writableLength` getters (they came with Node 9 and
 * readable-stream 3): its states' `length` is where that version keeps the same figure.
 */
const bufferedBytes = (s: AnyStream) =>
  (s.readableLength ?? s._readableState?.length ?? 0) + (s.writableLength ?? s._writableState?.length ?? 0);

/**
 * The bytes of the file not yet handed to the reader. exceljs's sheet stream writes into the ZIP
 * archiver without waiting (it ignores `write()`'s answer), and so does the archiver's compressor
 * into the archiver's output: while compression is behind, the XML piles up in the archiver's input
 * (before the archiver takes the sheet, in the sheet stream's own buffers); while the reader is
 * behind, the compressed file piles up in the archiver. This reads how much, in all three.
 */
function pendingInZip(workbook: unknown, sheet: ExcelJS.Worksheet | undefined): number {
  const stream = (
    sheet as unknown as { stream?: { pipes?: AnyStream[]; buffers?: Array<{ length: number }> } } | undefined
  )?.stream;
  const zip = (workbook as { zip?: AnyStream }).zip;
  const own = (stream?.buffers ?? []).reduce((n, b) => n + b.length, 0);
  return (stream?.pipes ?? []).reduce((n, p) => n + bufferedBytes(p), own + (zip ? bufferedBytes(zip) : 0));
}

/**
 * Stops feeding the workbook while compression or the reader is behind: memory stays bounded
 * whatever the speed of the CPU or of the download. `onPaused` is told each time it stops.
 */
async function untilDrained(
  out: PassThrough,
  workbook: unknown,
  sheet: ExcelJS.Worksheet | undefined,
  onPaused: (() => void) | undefined,
) {
  const behind = () =>
    (out.readableLength > MAX_PENDING_BYTES || pendingInZip(workbook, sheet) > MAX_PENDING_BYTES) &&
    !out.destroyed;
  if (!behind()) return;
  onPaused?.();
  while (behind()) await new Promise<void>((resolve) => setTimeout(resolve, 5));
}

// The streaming writer alone, not the whole of exceljs (readers, CSV, the in-memory workbook): a
// third less memory and time for the first export (docs/performance.md#esportazioni).
const workbookWriter = lazyRequire<typeof ExcelJS.stream.xlsx.WorkbookWriter>(
  'exceljs/lib/stream/xlsx/workbook-writer',
);

async function writeXlsx(
  out: PassThrough,
  sheetName: string,
  header: string[],
  rows: AsyncIterable<Cell[]>,
  { sheetRows = XLSX_SHEET_ROWS, onPaused }: SpreadsheetOptions,
) {
  const workbook = new (workbookWriter())({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  // Column widths from the first rows, as a person would size them: read before the sheet starts.
  const iterator = rows[Symbol.asyncIterator]();
  const first: Cell[][] = [];
  let done = false;
  while (!done && first.length < 500) {
    const next = await iterator.next();
    if (next.done) done = true;
    else first.push(next.value);
  }
  const widths = header.map((h, i) =>
    Math.min(50, Math.max(h.length, ...first.map((r) => textOf(r[i]).length)) + 2),
  );
  let part = 0;
  let sheet: ExcelJS.Worksheet | undefined;
  let inSheet = 0;
  const newSheet = () => {
    sheet?.commit();
    part++;
    inSheet = 0;
    sheet = workbook.addWorksheet(sheetTitle(sheetName, part), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = header.map((h, i) => ({ header: h, width: widths[i] }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
    const head = sheet.getRow(1);
    head.font = { bold: true };
    head.commit();
  };
  const add = async (row: Cell[]) => {
    if (inSheet === sheetRows) newSheet();
    const written = sheet!.addRow(
      row.map((c) => (isMoney(c) ? c.cents / 100 : c === '' ? null : (c ?? null))),
    );
    row.forEach((c, i) => {
      if (isMoney(c)) written.getCell(i + 1).numFmt = c.euro ? EURO_NUM_FMT : '#,##0.00';
    });
    written.commit();
    inSheet++;
    if (inSheet % 100 === 0) await untilDrained(out, workbook, sheet, onPaused);
  };
  newSheet();
  for (const row of first) await add(row);
  while (!done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else await add(next.value);
  }
  sheet!.commit();
  await workbook.commit();
}

export interface SpreadsheetOptions {
  /** Data rows per XLSX sheet (XLSX_SHEET_ROWS; fewer in tests of the next sheet). */
  sheetRows?: number;
  /** Called each time the XLSX writer stops reading rows until the reader catches up. */
  onPaused?: () => void;
}

/**
 * The file of an export as a stream: CSV, or XLSX with sheets named after `sheetName` (more than
 * one only past a sheet's row limit). `rows` is read as the file is written.
 */
export function spreadsheetStream(
  format: ExportFormat,
  sheetName: string,
  header: string[],
  rows: AsyncIterable<Cell[]>,
  options: SpreadsheetOptions = {},
): Readable {
  if (format === 'csv') return Readable.from(csvChunks(header, rows), { objectMode: false });
  const out = new PassThrough();
  writeXlsx(out, sheetName, header, rows, options).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * Reads a query's rows in keyset batches: `page(after)` returns the rows that follow the row
 * `after` in the export's order (the first batch when undefined), at most `EXPORT_BATCH` of them.
 */
export async function* inBatches<T>(page: (after: T | undefined) => Promise<T[]>): AsyncGenerator<T> {
  let after: T | undefined;
  for (;;) {
    const batch = await page(after);
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1];
  }
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Reply headers of an export: a download named `<baseName>-<Rome yyyy-MM-dd>.<format>`. */
export function exportHeaders(
  baseName: string,
  format: ExportFormat,
  now = new Date(),
): Record<string, string> {
  return {
    'content-type': CONTENT_TYPES[format],
    'content-disposition': `attachment; filename="${baseName}-${romeDateKey(now)}.${format}"`,
  };
}
