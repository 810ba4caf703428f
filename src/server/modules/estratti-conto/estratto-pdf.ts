import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { formatEuro, fromCents, toCents } from '#shared/money.ts';
import { formatDayKey } from '#shared/periodi.ts';
import { capitalise } from '#shared/text-format.ts';
import { ROLE_TITLES } from '#shared/permissions.ts';
import { formatRomeDateTime, romeDateKey } from '#shared/time.ts';
import type { EstrattoConto } from '#server/modules/estratti-conto/estratti-conto.service.ts';
import type { CommissioneRiga } from '#server/modules/commissioni/commissioni.service.ts';
import { righeFiscali } from '#server/modules/estratti-conto/estratto-fiscale.ts';

const m = msg.estrattoConto;

// DejaVu Sans covers every Latin, Greek and Cyrillic letter a customer's name may carry, and
// '€': the standard PDF fonts stop at Windows-1252. pdfkit embeds only the glyphs used.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const pdfkit = lazyRequire<typeof PDFKitDocument>('pdfkit');

const MARGIN = 40;
const FOOTER_HEIGHT = 28;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const BRAND = '#1d4ed8';
const RED = '#b91c1c';
const SHADE = '#f3f4f6';

const day = (date: Date) => formatDayKey(romeDateKey(date));
const isNegative = (value: string) => toCents(value) < 0;

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** Table columns: 515 points, the A4 width inside the margins. */
const COLUMNS: Column[] = [
  { header: 'Data', width: 60 },
  { header: 'Pratica', width: 42 },
  { header: 'Cliente', width: 104 },
  { header: 'Servizio', width: 90 },
  { header: 'Fornitore', width: 68 },
  { header: 'Stato', width: 71 },
  { header: 'Importo', width: 80, align: 'right' },
];
const CELL_PAD = 4;

type Sezione = keyof typeof m.sezioni;
const SEZIONI: Sezione[] = ['maturate', 'inMaturazione', 'storni'];

/** Matured holds every commission not in maturazione, as the totals count it (docs/product/commissions.md#estratto-conto). */
const sezioneOf = (r: CommissioneRiga): Sezione =>
  r.stornoOfId != null ? 'storni' : r.maturazione === 'in_maturazione' ? 'inMaturazione' : 'maturate';

interface Cell {
  text: string;
  note?: string;
  color?: string;
  bold?: boolean;
}

/** One movement's cells: what it is, whose, its maturazione and its payment. */
function cellsOf(r: CommissioneRiga): Cell[] {
  const isStorno = r.stornoOfId != null;
  const paid = r.statoPagamento === 'pagato';
  const servizio = servizioLabel(r.tipoServizio);
  const servizioCell: Cell = isStorno
    ? {
        text: `${servizio} – Storno`,
        note: `della commissione #${r.stornoOfId}${r.originaleCompletamento ? ` del ${day(r.originaleCompletamento)}` : ''}`,
        color: RED,
      }
    : {
        text: servizio,
        note:
          r.stornoId != null
            ? fillMessage(m.chiusaDaStorno, { id: r.stornoId })
            : r.maturazione === 'in_maturazione' && r.fineRipensamento
              ? fillMessage(m.inMaturazioneFino, { data: formatDayKey(r.fineRipensamento) })
              : undefined,
      };
  const statoCell: Cell = paid
    ? {
        // Paid before its window ended (docs/product/commissions.md#anticipi).
        text: isStorno ? 'Recuperato' : r.anticipo ? msg.maturazione.anticipo : 'Pagata',
        note: r.dataPagamento
          ? `${r.anticipo && !isStorno ? 'pagata ' : ''}il ${day(r.dataPagamento)}`
          : undefined,
      }
    : { text: isStorno ? 'Da recuperare' : 'Da pagare' };
  return [
    { text: day(r.dataCompletamento) },
    { text: `#${r.praticaId}` },
    { text: r.customerName || '—', note: r.puntoFisicoNome ?? undefined },
    servizioCell,
    { text: r.fornitoreNome ?? '—' },
    statoCell,
    { text: formatEuro(r.importo), color: isNegative(r.importo) ? RED : INK, bold: true },
  ];
}

/**
 * The statement as an A4 PDF (docs/product/commissions.md#estratto-conto): the payee and the
 * period, the totals first (what a payee looks for), then every commission and storno, with the
 * number, the payee and the page on every page. Returns the document as a stream.
 */
export function renderEstrattoPdf(estratto: EstrattoConto): PDFKit.PDFDocument {
  const { beneficiario: b, periodo, totali } = estratto;
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${m.titolo} ${estratto.numero} - ${b.firstName} ${b.lastName} - ${periodo.label}`,
      Author: 'WINSOLUTION',
      Subject: `${m.titolo} ${periodo.label}`,
      Producer: 'WINSOLUTION',
      CreationDate: estratto.prodottoIl,
    },
    lang: 'it-IT',
    displayTitle: true,
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // Heading: brand on the left, what this document is on the right.
  doc.font('bold').fontSize(18).fillColor(BRAND).text('WINSOLUTION', left, MARGIN);
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text('Back-office commissioni', left, doc.y);
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(INK)
    .text(m.titolo, left, MARGIN, { width, align: 'right' })
    .font('regular')
    .fontSize(9.5)
    .text(`N. ${estratto.numero}`, { width, align: 'right' })
    .fillColor(MUTED)
    .text(`Prodotto il ${formatRomeDateTime(estratto.prodottoIl).slice(0, 16)}`, { width, align: 'right' });
  let y = Math.max(doc.y, MARGIN + 44) + 10;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1)
    .strokeColor(BRAND)
    .stroke();
  y += 12;

  // Payee and period, side by side.
  const half = (width - 16) / 2;
  const boxTop = y;
  doc.font('bold').fontSize(8).fillColor(MUTED).text('BENEFICIARIO', left, y, { characterSpacing: 0.5 });
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(`${b.firstName} ${b.lastName}`, left, doc.y + 2, { width: half });
  doc.font('regular').fontSize(9.5).text(ROLE_TITLES[b.ruolo], { width: half });
  doc.fillColor(MUTED).text(b.email, { width: half });
  if (b.phone) doc.text(`Tel. ${b.phone}`, { width: half });
  if (b.punti.length > 0) {
    doc.moveDown(0.3).fillColor(INK).font('bold').fontSize(8.5).text('Punti fisici', { width: half });
    doc.font('regular').fillColor(MUTED);
    for (const p of b.punti) doc.text(`${p.nomeAttivita} – ${p.indirizzo}`, { width: half });
    if (b.altriPunti > 0) doc.text(`e altri ${b.altriPunti}`, { width: half });
  }
  const leftEnd = doc.y;

  const right = left + half + 16;
  doc.font('bold').fontSize(8).fillColor(MUTED).text('PERIODO', right, boxTop, { characterSpacing: 0.5 });
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(capitalise(periodo.label), right, doc.y + 2, { width: half });
  doc
    .font('regular')
    .fontSize(9.5)
    .text(`dal ${formatDayKey(periodo.dataInizio)} al ${formatDayKey(periodo.dataFine)}`, { width: half });
  const today = romeDateKey(estratto.prodottoIl);
  if (today <= periodo.dataFine)
    doc.fillColor(MUTED).text(`Periodo in corso: situazione al ${day(estratto.prodottoIl)}`, { width: half });
  if (estratto.sostituisce) {
    doc
      .moveDown(0.3)
      .fillColor(MUTED)
      .fontSize(8.5)
      .text(
        `Sostituisce l’estratto n. ${estratto.sostituisce.numero} del ${day(estratto.sostituisce.prodottoIl)}: da allora sono cambiati importi o pagamenti.`,
        { width: half },
      );
  }
  y = Math.max(leftEnd, doc.y) + 14;

  // Totals: the period's commissions split into matured and in maturazione (with the advances),
  // then storni and the net lines in bold; a negative in red with its sign.
  const totalRows: Array<{ label: string; value: string; strong?: boolean; indent?: number }> = [
    { label: m.totali.maturate, value: totali.maturate },
    { label: m.totali.diCuiMaturate, value: totali.diCuiMaturate, indent: 1 },
    { label: m.totali.inMaturazione, value: totali.inMaturazione, indent: 1 },
    { label: m.totali.anticipi, value: totali.anticipi, indent: 2 },
    { label: m.totali.storni, value: totali.storni },
    { label: m.totali.totale, value: totali.totale, strong: true },
    { label: m.totali.pagato, value: totali.pagato },
    { label: m.totali.daPagare, value: totali.daPagare, strong: true },
  ];
  const lineHeight = 17;
  const boxHeight = totalRows.length * lineHeight + 14;
  doc.roundedRect(left, y, width, boxHeight, 4).fillColor(SHADE).fill();
  let ty = y + 8;
  for (const { label, value, strong, indent = 0 } of totalRows) {
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(indent ? 9.5 : 10.5)
      .fillColor(indent ? MUTED : INK)
      .text(label, left + 12 + indent * 14, ty, { width: width / 2 });
    doc
      .fillColor(isNegative(value) ? RED : indent ? MUTED : INK)
      .text(formatEuro(value), left + width / 2, ty, { width: width / 2 - 12, align: 'right' });
    if (label === m.totali.totale) {
      doc
        .moveTo(left + 12, ty + lineHeight - 3)
        .lineTo(left + width - 12, ty + lineHeight - 3)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }
    ty += lineHeight;
  }
  y += boxHeight + 6;
  doc.font('regular').fontSize(8).fillColor(MUTED).text(m.notaTotali, left, y, { width });
  y = doc.y + 14;

  // Enasarco, ritenuta and the net (docs/product/commissions.md#enasarco-e-ritenuta-dacconto).
  const fiscale = righeFiscali(estratto);
  doc.font('bold').fontSize(11).fillColor(INK).text(msg.fisco.estratto.titolo, left, y);
  y = doc.y + 6;
  if (!fiscale) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(msg.fisco.estratto.senzaProfilo, left, y, { width });
    y = doc.y + 14;
  } else {
    const fiscaleHeight = fiscale.righe.length * lineHeight + 14;
    doc.roundedRect(left, y, width, fiscaleHeight, 4).lineWidth(0.75).strokeColor(RULE).stroke();
    let fy = y + 8;
    for (const r of fiscale.righe) {
      doc
        .font(r.strong ? 'bold' : 'regular')
        .fontSize(10)
        .fillColor(INK)
        .text(r.label, left + 12, fy, { width: width * 0.7 });
      doc
        .fillColor(r.importo < 0 ? RED : INK)
        .text(formatEuro(r.importo), left + width * 0.7, fy, { width: width * 0.3 - 12, align: 'right' });
      fy += lineHeight;
    }
    y += fiscaleHeight + 6;
    doc.font('regular').fontSize(8).fillColor(MUTED);
    doc.text(fiscale.note.join('\n'), left, y, { width });
    y = doc.y + 14;
  }

  // Every commission and storno of the period, oldest first.
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(`Movimenti del periodo (${estratto.righe.length})`, left, y);
  y = doc.y + 6;

  const drawHeader = () => {
    doc.rect(left, y, width, 18).fillColor(INK).fill();
    let x = left;
    doc.font('bold').fontSize(8).fillColor('#ffffff');
    for (const col of COLUMNS) {
      doc.text(col.header, x + CELL_PAD, y + 5, {
        width: col.width - 2 * CELL_PAD,
        align: col.align ?? 'left',
        lineBreak: false,
      });
      x += col.width;
    }
    y += 18;
  };

  const newPageIfBelow = (height: number) => {
    if (y + height <= bottom()) return false;
    doc.addPage();
    y = doc.page.margins.top;
    return true;
  };

  if (estratto.righe.length === 0) {
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text('Nessuna commissione né storno nel periodo.', left, y + 4);
  } else {
    drawHeader();
    // One section per kind, in this order, each with its subtotal (the totals' lines above).
    for (const sezione of SEZIONI) {
      const rows = estratto.righe.filter((r) => sezioneOf(r) === sezione);
      if (rows.length === 0) continue;
      if (newPageIfBelow(18 + 30)) drawHeader();
      doc.rect(left, y, width, 16).fillColor(SHADE).fill();
      doc
        .font('bold')
        .fontSize(8.5)
        .fillColor(INK)
        .text(`${m.sezioni[sezione]} (${rows.length})`, left + CELL_PAD, y + 4, { width, lineBreak: false });
      y += 16;
      rows.forEach((r, index) => {
        const cells = cellsOf(r);
        const heights = cells.map((cell, i) => {
          const w = COLUMNS[i].width - 2 * CELL_PAD;
          doc.font(cell.bold ? 'bold' : 'regular').fontSize(8.5);
          let h = doc.heightOfString(cell.text, { width: w });
          if (cell.note) h += doc.font('regular').fontSize(7.5).heightOfString(cell.note, { width: w });
          return h;
        });
        const rowHeight = Math.max(...heights) + 2 * CELL_PAD;
        if (newPageIfBelow(rowHeight)) drawHeader();
        if (index % 2 === 1) doc.rect(left, y, width, rowHeight).fillColor('#f9fafb').fill();
        let x = left;
        cells.forEach((cell, i) => {
          const col = COLUMNS[i];
          const w = col.width - 2 * CELL_PAD;
          doc
            .font(cell.bold ? 'bold' : 'regular')
            .fontSize(8.5)
            .fillColor(cell.color ?? INK)
            .text(cell.text, x + CELL_PAD, y + CELL_PAD, { width: w, align: col.align ?? 'left' });
          if (cell.note)
            doc
              .font('regular')
              .fontSize(7.5)
              .fillColor(cell.color ?? MUTED)
              .text(cell.note, x + CELL_PAD, doc.y, { width: w, align: col.align ?? 'left' });
          x += col.width;
        });
        y += rowHeight;
        doc
          .moveTo(left, y)
          .lineTo(left + width, y)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
      });
      const subtotale = fromCents(rows.reduce((n, r) => n + toCents(r.importo), 0));
      if (newPageIfBelow(18)) drawHeader();
      doc
        .font('bold')
        .fontSize(8.5)
        .fillColor(isNegative(subtotale) ? RED : INK)
        .text(
          fillMessage(m.subtotale, {
            sezione: m.sezioni[sezione].toLowerCase(),
            importo: formatEuro(subtotale),
          }),
          left,
          y + 4,
          { width: width - CELL_PAD, align: 'right' },
        );
      y = doc.y + 6;
    }
  }

  if (estratto.righe.length > 0) {
    newPageIfBelow(24);
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(isNegative(totali.totale) ? RED : INK)
      .text(`${m.totali.totale}: ${formatEuro(totali.totale)}`, left, y + 8, { width, align: 'right' });
  }

  // Footer on every page: which statement, whose, which page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would open a new page: lift the margin for the footer.
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const fy = doc.page.height - MARGIN - 10;
    doc
      .moveTo(left, fy - 6)
      .lineTo(left + width, fy - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(
        `Estratto conto n. ${estratto.numero} · ${b.firstName} ${b.lastName} · ${periodo.label}`,
        left,
        fy,
        { width: width - 80, lineBreak: false },
      )
      .text(`Pagina ${i - range.start + 1} di ${range.count}`, left + width - 80, fy, {
        width: 80,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return doc;
}

/** The whole document in memory: for the ZIP, where each entry is small. */
export async function estrattoPdfBuffer(estratto: EstrattoConto): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderEstrattoPdf(estratto)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
