import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { fromCents } from '#shared/money.ts';

/** The text of a PDF as Debian's pdftotext (poppler-utils) reads it, layout kept. */
export function pdfText(pdf: Buffer): string {
  try {
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pdftotext non trovato: apt-get install poppler-utils (lo fa .ci/run)');
    throw error;
  }
}

/** Number of pages, from pdftotext's form feeds. */
export const pdfPages = (text: string) => text.split('\f').filter((p) => p.trim()).length;

export interface XlsxEstratto {
  title: string;
  /** Label in column A → amount in column C, as a decimal string. */
  totals: Record<string, string>;
  header: string[];
  rows: Array<Record<string, unknown>>;
}

const asDecimal = (value: unknown) => fromCents(Math.round(Number(value) * 100));

/** Reads a statement's XLSX: its title, its totals block and its table of movements. */
export async function readEstrattoXlsx(buffer: Buffer): Promise<XlsxEstratto> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const totals: Record<string, string> = {};
  let header: string[] = [];
  let headerRow = 0;
  sheet.eachRow((row, number) => {
    const first = row.getCell(1).value;
    if (first === 'Data' && row.getCell(2).value === 'Pratica') {
      header = (row.values as unknown[]).slice(1).map(String);
      headerRow = number;
    } else if (!headerRow && typeof first === 'string' && typeof row.getCell(3).value === 'number') {
      totals[first] = asDecimal(row.getCell(3).value);
    }
  });
  const rows: Array<Record<string, unknown>> = [];
  if (headerRow) {
    sheet.eachRow((row, number) => {
      if (number <= headerRow) return;
      const values = row.values as unknown[];
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i + 1]])));
    });
  }
  return { title: sheet.getCell('A1').text, totals, header, rows };
}

export { asDecimal };
