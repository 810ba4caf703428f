import type ExcelJS from 'exceljs';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { msg } from '#shared/messages.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { toCents } from '#shared/money.ts';
import { formatDayKey } from '#shared/periodi.ts';
import { ROLE_TITLES } from '#shared/permissions.ts';
import { formatRomeDateTime, romeDateKey } from '#shared/time.ts';
import type { EstrattoConto } from '#server/modules/estratti-conto/estratti-conto.service.ts';
import type { CommissioneRiga } from '#server/modules/commissioni/commissioni.service.ts';
import { righeFiscali } from '#server/modules/estratti-conto/estratto-fiscale.ts';

const m = msg.estrattoConto;

/** Euros with two decimals and the sign before the symbol; negatives in red (Excel's own format codes). */
export const EURO_FORMAT = '"€" #,##0.00;[Red]-"€" #,##0.00';
const euros = (value: string) => toCents(value) / 100;
const day = (date: Date) => formatDayKey(romeDateKey(date));

/** Excel reads the date of a cell as wall-clock time: the Rome day, written at UTC midnight. */
const excelDay = (date: Date) => new Date(`${romeDateKey(date)}T00:00:00Z`);

const HEADER = [
  'Data',
  'Pratica',
  'Cliente',
  'Punto fisico',
  'Servizio',
  'Fornitore',
  'Tipo',
  'Storno della commissione',
  m.colonnaMaturazione,
  m.colonnaFineRipensamento,
  'Stato',
  'Data pagamento',
  'Importo',
];

/** A commission's maturazione on the statement's day; nothing for a storno (docs/product/commissions.md#maturazione). */
function maturazioneOf(r: CommissioneRiga): string {
  if (r.stornoOfId != null) return '';
  if (r.stornoId != null) return m.conStorno;
  return r.maturazione === 'in_maturazione' ? m.inMaturazione : m.maturata;
}

const excel = lazyRequire<typeof ExcelJS>('exceljs');

function newWorkbook(estratto: Pick<EstrattoConto, 'prodottoIl'>) {
  const workbook = new (excel().Workbook)();
  workbook.creator = 'WINSOLUTION';
  workbook.created = estratto.prodottoIl;
  return workbook;
}

/** Adds the statement as one sheet: heading, totals, then one row per commission or storno. */
export function addEstrattoSheet(workbook: ExcelJS.Workbook, estratto: EstrattoConto, name = m.titolo) {
  const { beneficiario: b, periodo, totali } = estratto;
  const sheet = workbook.addWorksheet(name.slice(0, 31), {
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    views: [{ showGridLines: false }],
  });
  sheet.columns = [
    { width: 12 },
    { width: 9 },
    { width: 26 },
    { width: 24 },
    { width: 14 },
    { width: 18 },
    { width: 12 },
    { width: 14 },
    { width: 15 },
    { width: 15 },
    { width: 17 },
    { width: 15 },
    { width: 14 },
  ];

  sheet.addRow([`${m.titolo} n. ${estratto.numero}`]).font = { bold: true, size: 14 };
  sheet.addRow([`Prodotto il ${formatRomeDateTime(estratto.prodottoIl).slice(0, 16)}`]);
  if (estratto.sostituisce)
    sheet.addRow([
      `Sostituisce l’estratto n. ${estratto.sostituisce.numero} del ${day(estratto.sostituisce.prodottoIl)}`,
    ]);
  sheet.addRow([]);
  const info: Array<[string, string]> = [
    ['Beneficiario', `${b.firstName} ${b.lastName}`],
    ['Ruolo', ROLE_TITLES[b.ruolo]],
    ['Email', b.email],
    ['Telefono', b.phone ?? ''],
    [
      'Punti fisici',
      [
        ...b.punti.map((p) => `${p.nomeAttivita} (${p.indirizzo})`),
        ...(b.altriPunti ? [`e altri ${b.altriPunti}`] : []),
      ].join('; '),
    ],
    [
      'Periodo',
      `${periodo.label} (dal ${formatDayKey(periodo.dataInizio)} al ${formatDayKey(periodo.dataFine)})`,
    ],
  ];
  for (const [label, value] of info) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    sheet.mergeCells(row.number, 2, row.number, 6);
  }
  sheet.addRow([]);
  // The same lines as the PDF: the period's commissions split into matured and in maturazione.
  const totalRows: Array<[string, string, boolean, number]> = [
    [m.totali.maturate, totali.maturate, false, 0],
    [m.totali.diCuiMaturate, totali.diCuiMaturate, false, 1],
    [m.totali.inMaturazione, totali.inMaturazione, false, 1],
    [m.totali.anticipi, totali.anticipi, false, 2],
    [m.totali.storni, totali.storni, false, 0],
    [m.totali.totale, totali.totale, true, 0],
    [m.totali.pagato, totali.pagato, false, 0],
    [m.totali.daPagare, totali.daPagare, true, 0],
  ];
  for (const [label, value, strong, indent] of totalRows) {
    const row = sheet.addRow([label, '', euros(value)]);
    sheet.mergeCells(row.number, 1, row.number, 2);
    row.getCell(1).font = { bold: strong };
    if (indent) row.getCell(1).alignment = { indent };
    row.getCell(3).numFmt = EURO_FORMAT;
    row.getCell(3).font = { bold: strong };
  }
  sheet.addRow([]);
  // Enasarco, ritenuta and the net, as in the PDF (docs/product/commissions.md#enasarco-e-ritenuta-dacconto).
  sheet.addRow([msg.fisco.estratto.titolo]).font = { bold: true };
  const fiscale = righeFiscali(estratto);
  if (!fiscale) sheet.addRow([msg.fisco.estratto.senzaProfilo]);
  else {
    for (const r of fiscale.righe) {
      const row = sheet.addRow([r.label, '', r.importo / 100]);
      sheet.mergeCells(row.number, 1, row.number, 2);
      row.getCell(1).font = { bold: r.strong };
      row.getCell(3).numFmt = EURO_FORMAT;
      row.getCell(3).font = { bold: r.strong };
    }
    for (const line of fiscale.note) sheet.addRow([line]).font = { italic: true, size: 9 };
  }
  sheet.addRow([]);

  const header = sheet.addRow(HEADER);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF111827' } };
  });
  const headerRow = header.number;
  for (const r of estratto.righe) {
    const isStorno = r.stornoOfId != null;
    const paid = r.statoPagamento === 'pagato';
    const row = sheet.addRow([
      excelDay(r.dataCompletamento),
      r.praticaId,
      r.customerName,
      r.puntoFisicoNome ?? '',
      servizioLabel(r.tipoServizio),
      r.fornitoreNome ?? '',
      isStorno ? 'Storno' : 'Commissione',
      r.stornoOfId ?? '',
      maturazioneOf(r),
      r.fineRipensamento && !isStorno ? new Date(`${r.fineRipensamento}T00:00:00Z`) : '',
      paid
        ? isStorno
          ? 'Recuperato'
          : r.anticipo
            ? m.statoAnticipo
            : 'Pagata'
        : isStorno
          ? 'Da recuperare'
          : 'Da pagare',
      r.dataPagamento ? excelDay(r.dataPagamento) : '',
      euros(r.importo),
    ]);
    row.getCell(1).numFmt = 'dd/mm/yyyy';
    row.getCell(10).numFmt = 'dd/mm/yyyy';
    row.getCell(12).numFmt = 'dd/mm/yyyy';
    row.getCell(13).numFmt = EURO_FORMAT;
    if (isStorno) row.getCell(7).font = { color: { argb: 'FFB91C1C' } };
  }
  if (estratto.righe.length > 0) {
    sheet.autoFilter = {
      from: { row: headerRow, column: 1 },
      to: { row: headerRow + estratto.righe.length, column: HEADER.length },
    };
  }
  sheet.views = [{ state: 'frozen', ySplit: headerRow, showGridLines: false }];
  return sheet;
}

export async function estrattoXlsxBuffer(estratto: EstrattoConto): Promise<Buffer> {
  const workbook = newWorkbook(estratto);
  addEstrattoSheet(workbook, estratto);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The ZIP's summary: one row per statement, the totals side by side, then the fiscal lines of
 * each statement (gross, clawbacks, taxable, Enasarco, ritenuta, net, as its 'Riepilogo fiscale'),
 * and a last row with the sums: what the payout needs (docs/product/commissions.md#estratto-conto).
 */
export async function riepilogoXlsxBuffer(estratti: EstrattoConto[], now: Date): Promise<Buffer> {
  const z = m.riepilogoZip;
  const f = msg.fisco.estratto;
  const workbook = newWorkbook({ prodottoIl: now });
  const sheet = workbook.addWorksheet(z.foglio, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Numero', width: 14 },
    { header: 'Beneficiario', width: 28 },
    { header: 'Ruolo', width: 14 },
    { header: 'Email', width: 30 },
    { header: 'Periodo', width: 18 },
    { header: 'Movimenti', width: 11 },
    { header: m.totali.maturate, width: 18 },
    { header: m.totali.inMaturazione, width: 16 },
    { header: m.totali.storni, width: 14 },
    { header: m.totali.totale, width: 18 },
    { header: m.totali.pagato, width: 14 },
    { header: m.totali.daPagare, width: 14 },
    { header: z.profilo, width: 30 },
    { header: f.lordo, width: 16 },
    { header: f.storni, width: 16 },
    { header: f.imponibile, width: 14 },
    { header: z.enasarco, width: 16 },
    { header: z.ritenuta, width: 16 },
    { header: f.netto, width: 16 },
  ];
  sheet.getRow(1).font = { bold: true };
  const FIRST_EURO = 7;
  const LAST_EURO = 19;
  // Column → the sum of the rows, in cents: the totals row.
  const sums = new Map<number, number>();
  const add = (column: number, cents: number | null) => {
    if (cents != null) sums.set(column, (sums.get(column) ?? 0) + cents);
    return cents == null ? '' : cents / 100;
  };
  for (const e of estratti) {
    const t = e.totali;
    const fiscale = e.fiscale;
    const values = [
      toCents(t.maturate),
      toCents(t.inMaturazione),
      toCents(t.storni),
      toCents(t.totale),
      toCents(t.pagato),
      toCents(t.daPagare),
    ];
    const fiscali: Array<number | null> = fiscale
      ? [
          fiscale.lordo,
          fiscale.storni,
          fiscale.imponibile,
          -(fiscale.enasarco?.agente ?? 0),
          -(fiscale.ritenuta?.importo ?? 0),
          fiscale.netto,
        ]
      : [null, null, null, null, null, null];
    const row = sheet.addRow([
      e.numero,
      `${e.beneficiario.lastName} ${e.beneficiario.firstName}`,
      ROLE_TITLES[e.beneficiario.ruolo],
      e.beneficiario.email,
      e.periodo.label,
      e.totali.righe,
      ...values.map((v, i) => add(FIRST_EURO + i, v)),
      e.profiloFiscale
        ? `${msg.fisco.tipi[e.profiloFiscale.tipo]} · ${msg.fisco.regimi[e.profiloFiscale.regime]}`
        : z.senzaProfilo,
      ...fiscali.map((v, i) => add(FIRST_EURO + values.length + 1 + i, v)),
    ]);
    for (let c = FIRST_EURO; c <= LAST_EURO; c++) row.getCell(c).numFmt = EURO_FORMAT;
  }
  if (estratti.length > 0) {
    const cells: Array<string | number> = [
      z.totale,
      '',
      '',
      '',
      '',
      estratti.reduce((n, e) => n + e.totali.righe, 0),
    ];
    for (let c = FIRST_EURO; c <= LAST_EURO; c++) cells.push(sums.has(c) ? sums.get(c)! / 100 : '');
    const total = sheet.addRow(cells);
    total.font = { bold: true };
    for (let c = FIRST_EURO; c <= LAST_EURO; c++) total.getCell(c).numFmt = EURO_FORMAT;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
