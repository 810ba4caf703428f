import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { parse as parseCsv } from 'csv-parse/sync';
import type iconvModule from 'iconv-lite';
import { msg } from '#shared/messages.ts';
import { AppError } from '#server/lib/app-error.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';

/**
 * Reads an import file into its header row and data rows (docs/product/importazione.md#file):
 * XLSX through exceljs's streaming reader, CSV through csv-parse with `;` or `,` found from the
 * first lines, UTF-8 (with or without BOM) or else Windows-1252, as Italian Excel saves it. The
 * header is the first of the opening rows that names known fields, wherever it is.
 */

const workbookReader = lazyRequire<typeof ExcelJS.stream.xlsx.WorkbookReader>(
  'exceljs/lib/stream/xlsx/workbook-reader',
);
const csvParse = lazyRequire<{ parse: typeof parseCsv }>('csv-parse/sync');
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

export async function readImportFile(
  body: Buffer,
  isHeader: (cells: string[]) => boolean,
  maxRows: number,
): Promise<ImportTable> {
  const rows = isZip(body) ? await readXlsx(body, maxRows) : readCsv(body, maxRows);
  const opening = rows.slice(0, HEADER_SEARCH_ROWS);
  const header =
    opening.find((r) => isHeader(r.valori)) ?? opening.find((r) => r.valori.filter(Boolean).length >= 2);
  if (!header) throw AppError.badRequest(msg.importazione.fileVuoto);
  const righe = rows.filter((r) => r.riga > header.riga && r.valori.some((v) => v !== ''));
  if (righe.length === 0) throw AppError.badRequest(msg.importazione.fileVuoto);
  if (righe.length > maxRows) throw AppError.badRequest(msg.importazione.troppeRighe(maxRows));
  return { intestazioni: header.valori, rigaIntestazione: header.riga, righe };
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b;

async function readXlsx(body: Buffer, maxRows: number): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  try {
    const reader = new (workbookReader())(Readable.from([body]), {
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
        rows.push({ riga: row.number, valori: values });
        if (rows.length > maxRows + HEADER_SEARCH_ROWS) break;
      }
      break;
    }
  } catch {
    throw AppError.badRequest(msg.importazione.fileIlleggibile);
  }
  return rows;
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

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Excel's "CSV" on an Italian Windows). */
export function decodeText(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    return iconv().decode(body, 'win1252');
  }
}

/** `;` (Italian Excel) or `,`: whichever the opening lines use more, outside quotes. */
export function detectDelimiter(text: string): ';' | ',' {
  const opening = text.slice(0, 8192).replace(/"[^"]*"/g, '');
  const count = (c: string) => opening.split(c).length - 1;
  return count(';') >= count(',') ? ';' : ',';
}

function readCsv(body: Buffer, maxRows: number): FileRow[] {
  const text = decodeText(body);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = csvParse().parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      info: true,
      to: maxRows + HEADER_SEARCH_ROWS + 1,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw AppError.badRequest(msg.importazione.fileIlleggibile);
  }
  // info.lines is the line a record ends on: the spreadsheet row of a one-line record.
  return records.map(({ record, info }) => ({ riga: info.lines, valori: record }));
}
