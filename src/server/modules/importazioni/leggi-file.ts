import { createReadStream } from 'node:fs';
import { Readable, type Transform } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { parse as parseCsvStream } from 'csv-parse';
import type iconvModule from 'iconv-lite';
import { msg } from '#shared/messages.ts';
import { AppError } from '#server/lib/app-error.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';

/**
 * Reads an import file into its header row and data rows (docs/product/importazione.md#file):
 * XLSX through exceljs's streaming reader, CSV through csv-parse's stream with `;` or `,` found from
 * the first lines, UTF-8 (with or without BOM) or else Windows-1252, as Italian Excel saves it. The
 * header is the first of the opening rows that names known fields, wherever it is. The rows are
 * streamed from the file on disk, so a file of any size is held a row at a time.
 */

const workbookReader = lazyRequire<typeof ExcelJS.stream.xlsx.WorkbookReader>(
  'exceljs/lib/stream/xlsx/workbook-reader',
);
const csvParse = lazyRequire<{ parse: typeof parseCsvStream }>('csv-parse');
const iconv = lazyRequire<typeof iconvModule>('iconv-lite');

/** How many opening rows may come before the header (a title, a date, an empty line). */
const HEADER_SEARCH_ROWS = 10;

export interface FileRow {
  /** The row's number in the file as a spreadsheet shows it (1 = first line). */
  riga: number;
  valori: string[];
}

export interface ImportTable {
  intestazioni: string[];
  rigaIntestazione: number;
  righe: FileRow[];
}

/** The file's bytes, or the path of the file on disk (an upload streamed there). */
export type ImportSource = Buffer | string;

const open = (source: ImportSource): Readable =>
  typeof source === 'string'
    ? createReadStream(source, { highWaterMark: 256 * 1024 })
    : Readable.from([source]);

/**
 * The header and the data rows as a stream: the rows come one at a time, non-empty only; more than
 * `maxRows` stops the reading with an Italian error.
 */
export async function openImportFile(
  source: ImportSource,
  isHeader: (cells: string[]) => boolean,
  maxRows: number,
): Promise<{ intestazioni: string[]; rigaIntestazione: number; righe: AsyncGenerator<FileRow> }> {
  const rows = (await isZip(source)) ? readXlsx(source) : await readCsv(source);
  const opening: FileRow[] = [];
  for (;;) {
    if (opening.length >= HEADER_SEARCH_ROWS) break;
    const next = await rows.next();
    if (next.done) break;
    opening.push(next.value);
  }
  const header =
    opening.find((r) => isHeader(r.valori)) ?? opening.find((r) => r.valori.filter(Boolean).length >= 2);
  if (!header) {
    await rows.return(undefined);
    throw AppError.badRequest(msg.importazione.fileVuoto);
  }
  async function* righe(): AsyncGenerator<FileRow> {
    let count = 0;
    const keep = (r: FileRow) => r.riga > header!.riga && r.valori.some((v) => v !== '');
    try {
      for (const r of opening)
        if (keep(r)) {
          if (++count > maxRows) throw AppError.badRequest(msg.importazione.troppeRighe(maxRows));
          yield r;
        }
      for await (const r of rows)
        if (keep(r)) {
          if (++count > maxRows) throw AppError.badRequest(msg.importazione.troppeRighe(maxRows));
          yield r;
        }
    } finally {
      await rows.return(undefined);
    }
  }
  return { intestazioni: header.valori, rigaIntestazione: header.riga, righe: righe() };
}

/** The whole table in memory: for small files and tests; uploads use openImportFile. */
export async function readImportFile(
  source: ImportSource,
  isHeader: (cells: string[]) => boolean,
  maxRows: number,
): Promise<ImportTable> {
  const file = await openImportFile(source, isHeader, maxRows);
  const righe: FileRow[] = [];
  for await (const r of file.righe) righe.push(r);
  if (righe.length === 0) throw AppError.badRequest(msg.importazione.fileVuoto);
  return { intestazioni: file.intestazioni, rigaIntestazione: file.rigaIntestazione, righe };
}

/** The first bytes of the file. */
async function prefix(source: ImportSource, bytes: number): Promise<Buffer> {
  if (typeof source !== 'string') return source.subarray(0, bytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of createReadStream(source, { start: 0, end: bytes - 1 })) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= bytes) break;
  }
  return Buffer.concat(chunks);
}

const isZip = async (source: ImportSource) => {
  const b = await prefix(source, 4);
  return b.length === 4 && b[0] === 0x50 && b[1] === 0x4b;
};

async function* readXlsx(source: ImportSource): AsyncGenerator<FileRow> {
  try {
    const reader = new (workbookReader())(open(source), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    // The first sheet only: a workbook's other sheets are notes, totals, lookups.
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        yield { riga: row.number, valori: values };
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.badRequest(msg.importazione.fileIlleggibile);
  }
}

/** A cell as the text a person reads in it: rich text joined, a formula's result, a date as dd/mm/yyyy. */
function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10).split('-').reverse().join('/');
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (v.richText)
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  if (typeof value === 'string') return value.trim();
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** UTF-8 when the whole file is valid UTF-8, else Windows-1252 (Excel's "CSV" on an Italian Windows). */
async function isUtf8(source: ImportSource): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of open(source)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** `;` (Italian Excel) or `,`: whichever the opening lines use more, outside quotes. */
export function detectDelimiter(text: string): ';' | ',' {
  const opening = text.slice(0, 8192).replace(/"[^"]*"/g, '');
  const count = (c: string) => opening.split(c).length - 1;
  return count(';') >= count(',') ? ';' : ',';
}

async function readCsv(source: ImportSource): Promise<AsyncGenerator<FileRow>> {
  const encoding = (await isUtf8(source)) ? 'utf8' : 'win1252';
  const delimiter = detectDelimiter(iconv().decode(await prefix(source, 8192), encoding));
  async function* rows(): AsyncGenerator<FileRow> {
    const parser = csvParse().parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      info: true,
    });
    const input = open(source).pipe(iconv().decodeStream(encoding) as unknown as Transform);
    input.on('error', (error: Error) => parser.destroy(error));
    input.pipe(parser);
    try {
      // info.lines is the line a record ends on: the spreadsheet row of a one-line record.
      for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>)
        yield { riga: item.info.lines, valori: item.record };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw AppError.badRequest(msg.importazione.fileIlleggibile);
    } finally {
      input.destroy();
      parser.destroy();
    }
  }
  return rows();
}
