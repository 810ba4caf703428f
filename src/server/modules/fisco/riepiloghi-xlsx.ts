import type ExcelJS from 'exceljs';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { toCents } from '#shared/money.ts';
import { formatDayKey } from '#shared/periodi.ts';
import type { EnasarcoRiepilogo, RitenuteRiepilogo } from '#shared/schemas/fisco.ts';
import { EURO_FORMAT } from '#server/modules/estratti-conto/estratto-xlsx.ts';

const m = msg.fisco.riepiloghi;
const excel = lazyRequire<typeof ExcelJS>('exceljs');
const euros = (value: string) => toCents(value) / 100;

/** One sheet: a title, the due date, a header, the rows and a totals row, amounts as numbers. */
async function sheetBuffer(
  title: string,
  note: string,
  header: string[],
  rows: Array<Array<string | number>>,
  totals: Array<string | number>,
  euroColumns: number[],
): Promise<Buffer> {
  const workbook = new (excel().Workbook)();
  workbook.creator = 'WINSOLUTION';
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow([title]).font = { bold: true, size: 14 };
  sheet.addRow([note]);
  sheet.addRow([m.festivo]);
  sheet.addRow([]);
  const head = sheet.addRow(header);
  head.font = { bold: true };
  sheet.columns.forEach((c, i) => (c.width = i < 2 ? 24 : 18));
  for (const values of [...rows, totals]) {
    const row = sheet.addRow(values);
    for (const c of euroColumns) row.getCell(c).numFmt = EURO_FORMAT;
  }
  sheet.lastRow!.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function enasarcoXlsx(r: EnasarcoRiepilogo): Promise<Buffer> {
  return sheetBuffer(
    `${m.enasarcoTitolo} ${r.periodo.label}`,
    fillMessage(m.scadenza, { data: formatDayKey(r.scadenza) }),
    [
      m.agente,
      m.tipo,
      m.imponibile,
      m.imponibileEnasarco,
      m.quotaAgente,
      m.quotaPreponente,
      m.integrazioneMinimale,
      m.totale,
    ],
    r.righe.map((x) => [
      `${x.cognome} ${x.nome}`,
      msg.fisco.tipi[x.tipo],
      euros(x.imponibile),
      euros(x.imponibileEnasarco),
      euros(x.quotaAgente),
      euros(x.quotaPreponente),
      euros(x.integrazioneMinimale),
      euros(x.totale),
    ]),
    [
      m.totali,
      '',
      '',
      '',
      euros(r.totali.quotaAgente),
      euros(r.totali.quotaPreponente),
      euros(r.totali.integrazioneMinimale),
      euros(r.totali.totale),
    ],
    [3, 4, 5, 6, 7, 8],
  );
}

export function ritenuteXlsx(r: RitenuteRiepilogo): Promise<Buffer> {
  return sheetBuffer(
    `${m.ritenuteTitolo} ${r.periodo.label}`,
    fillMessage(m.scadenzaF24, { codice: r.codiceTributo, data: formatDayKey(r.scadenza) }),
    [m.beneficiario, m.tipo, m.pagato, m.baseRitenuta, m.imponibile, m.ritenuta],
    r.righe.map((x) => [
      `${x.cognome} ${x.nome}`,
      msg.fisco.tipi[x.tipo],
      euros(x.pagato),
      `${x.base}%`,
      euros(x.imponibile),
      euros(x.ritenuta),
    ]),
    [m.totali, '', euros(r.totali.pagato), '', '', euros(r.totali.ritenuta)],
    [3, 5, 6],
  );
}
