import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

/** An XLSX file as Excel writes it: `before` rows (a title, a blank) above the header. */
export async function xlsxFile(rows: (string | number | Date)[][], before: string[][] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Foglio1');
  for (const row of [...before, ...rows]) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV file: `;` and Windows-1252 as Italian Excel saves it, or another separator and UTF-8. */
export function csvFile(
  rows: string[][],
  options: { delimiter?: string; encoding?: 'win1252' | 'utf8-bom' } = {},
): Buffer {
  const { delimiter = ';', encoding = 'win1252' } = options;
  const quote = (v: string) => (/["\n;,]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const text = rows.map((r) => r.map(quote).join(delimiter)).join('\r\n') + '\r\n';
  return encoding === 'win1252' ? iconv.encode(text, 'win1252') : Buffer.from(`\uFEFF${text}`, 'utf8');
}
