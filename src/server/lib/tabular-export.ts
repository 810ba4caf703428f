import { crc32, deflateRawSync } from 'node:zlib';
import type { ExportFormat } from '#shared/schemas/common.ts';
import { romeDateKey } from '#shared/time.ts';

/**
 * Spreadsheet exports (docs/product/screens.md#esportazioni): CSV with ';' and a UTF-8 BOM, as Italian Excel expects, and
 * a real XLSX (Office Open XML in a ZIP) written here: a few dozen lines instead of a dependency.
 */
/** Upper bound of one export: beyond it the file would be unusable in a spreadsheet anyway. */
export const EXPORT_MAX_ROWS = 100_000;

export type Cell = string | number | Money | null | undefined;

/**
 * An amount in integer cents: a number with two decimals in XLSX ('#,##0.00'), and '12,50' in the
 * CSV (comma decimals, as Italian Excel reads them next to ';'). Never neutralised: a negative
 * amount (a storno) stays a number.
 */
export interface Money {
  cents: number;
}
export const moneyCell = (cents: number): Money => ({ cents });
const isMoney = (cell: Cell): cell is Money => typeof cell === 'object' && cell !== null;

function csvMoney(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Formula injection guard (OWASP "CSV injection"): a text cell starting with = + - @ (or a tab
 * or carriage return) would be run by a spreadsheet as a formula; a leading apostrophe makes it text.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function textOf(cell: Cell): string {
  if (cell == null) return '';
  if (isMoney(cell)) return csvMoney(cell.cents);
  return typeof cell === 'number' ? String(cell) : neutralise(cell);
}

export function toCsv(header: string[], rows: Cell[][]): Buffer {
  const quote = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [header, ...rows].map((row) => row.map((c) => quote(textOf(c))).join(';'));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')]);
}

const xmlEscape = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function sheetXml(header: string[], rows: Cell[][], widths: number[]): string {
  const cellXml = (cell: Cell, ref: string, style: number) => {
    if (isMoney(cell)) return `<c r="${ref}" s="2"><v>${cell.cents / 100}</v></c>`;
    if (typeof cell === 'number' && Number.isFinite(cell))
      return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${cell}</v></c>`;
    const text = textOf(cell);
    if (!text) return '';
    return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${xmlEscape(text)}</t></is></c>`;
  };
  const rowXml = (row: Cell[], r: number, style: number) =>
    `<row r="${r}">${row.map((c, i) => cellXml(c, `${columnName(i)}${r}`, style)).join('')}</row>`;
  const cols = widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  const lastRef = `${columnName(Math.max(header.length - 1, 0))}${rows.length + 1}`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<dimension ref="A1:${lastRef}"/>` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols>` +
    `<sheetData>${rowXml(header, 1, 1)}${rows.map((row, i) => rowXml(row, i + 2, 0)).join('')}</sheetData>` +
    `<autoFilter ref="A1:${lastRef}"/>` +
    '</worksheet>'
  );
}

export function toXlsx(sheetName: string, header: string[], rows: Cell[][]): Buffer {
  const widths = header.map((h, i) =>
    Math.min(50, Math.max(h.length, ...rows.slice(0, 500).map((r) => textOf(r[i]).length)) + 2),
  );
  const name = xmlEscape(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  const files: Array<[string, string]> = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets>` +
        `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${name.replace(/'/g, "''")}'!$A$1:$${columnName(Math.max(header.length - 1, 0))}$${rows.length + 1}</definedName></definedNames>` +
        '</workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '</Relationships>',
    ],
    [
      'xl/styles.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        // Built-in format 4 is '#,##0.00': amounts show two decimals.
        '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
        '</styleSheet>',
    ],
    ['xl/worksheets/sheet1.xml', sheetXml(header, rows, widths)],
  ];
  return zip(files.map(([path, text]) => ({ path, data: Buffer.from(text, 'utf8') })));
}

/** The file of an export: CSV, or XLSX with one sheet named `sheetName`. */
export function toSpreadsheet(
  format: ExportFormat,
  sheetName: string,
  header: string[],
  rows: Cell[][],
): Buffer {
  return format === 'csv' ? toCsv(header, rows) : toXlsx(sheetName, header, rows);
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Reply headers of an export: a download named `<baseName>-<Rome yyyy-MM-dd>.<format>`, and its row count. */
export function exportHeaders(
  baseName: string,
  format: ExportFormat,
  rows: number,
  now = new Date(),
): Record<string, string> {
  return {
    'content-type': CONTENT_TYPES[format],
    'content-disposition': `attachment; filename="${baseName}-${romeDateKey(now)}.${format}"`,
    'x-total-count': String(rows),
  };
}

/** A ZIP archive (deflate), enough for OOXML: no ZIP64, so up to 4 GB and 65,535 entries. */
export function zip(entries: Array<{ path: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  // 1980-01-01 00:00, the DOS epoch: a fixed stamp keeps the output reproducible.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
