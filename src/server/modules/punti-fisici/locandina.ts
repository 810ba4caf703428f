import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { qrMatrix } from './qr';

/**
 * 'Scarica locandina': an A4 poster for the shop counter. Everything is vector (text and QR
 * modules as rectangles), so it prints sharp at any size.
 */
export interface LocandinaInput {
  nomeAttivita: string;
  indirizzo: string;
  urlLanding: string;
  servizi: Array<{ nome: string; descrizione: string }>;
}

export const LOCANDINA_SERVIZI = [
  { nome: 'Luce', descrizione: 'Energia elettrica' },
  { nome: 'Gas', descrizione: 'Gas naturale' },
  { nome: 'Internet a casa', descrizione: 'Fibra ottica' },
  { nome: 'Noleggio', descrizione: 'Auto e Moto' },
];

export const LOCANDINA_CTA = 'Inquadra il QR code e ricevi la tua offerta';

const A4 = { width: 595.28, height: 841.89 };
const BLUE = rgb(0x1d / 255, 0x4e / 255, 0xd8 / 255);
const DARK = rgb(0.06, 0.09, 0.16);
const GREY = rgb(0.35, 0.4, 0.47);

/** Standard PDF fonts speak WinAnsi: characters outside it (emoji, some scripts) are dropped. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')].filter((c) => supported.has(c.codePointAt(0)!)).join('');
}

function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= maxWidth || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function centered(page: PDFPage, font: PDFFont, text: string, size: number, y: number, color = DARK) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4.width - width) / 2, y, size, font, color });
}

/** Shrinks the size until the text fits on at most two lines. */
function fitTitle(font: PDFFont, text: string, maxWidth: number): { size: number; lines: string[] } {
  for (let size = 34; size > 14; size -= 2) {
    const lines = wrap(font, text, size, maxWidth);
    if (lines.length <= 2 && lines.every((l) => font.widthOfTextAtSize(l, size) <= maxWidth)) return { size, lines };
  }
  return { size: 14, lines: wrap(font, text, 14, maxWidth).slice(0, 3) };
}

export async function buildLocandina(input: LocandinaInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Locandina ${input.nomeAttivita}`);
  pdf.setSubject(input.urlLanding);
  pdf.setCreator('WINSOLUTION');
  pdf.setProducer('WINSOLUTION');
  pdf.setLanguage('it-IT');
  const page = pdf.addPage([A4.width, A4.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 48;
  const inner = A4.width - margin * 2;

  // Header band with the brand.
  page.drawRectangle({ x: 0, y: A4.height - 96, width: A4.width, height: 96, color: BLUE });
  centered(page, bold, 'WINSOLUTION', 30, A4.height - 58, rgb(1, 1, 1));
  centered(page, regular, 'Luce · Gas · Internet · Noleggio', 13, A4.height - 82, rgb(0.86, 0.9, 1));

  let y = A4.height - 140;
  centered(page, regular, 'PARTNER', 12, y, GREY);
  y -= 36;
  const title = fitTitle(bold, printable(bold, input.nomeAttivita), inner);
  for (const line of title.lines) {
    centered(page, bold, line, title.size, y);
    y -= title.size + 6;
  }
  const address = printable(regular, input.indirizzo);
  for (const line of wrap(regular, address, 12, inner).slice(0, 2)) {
    centered(page, regular, line, 12, y, GREY);
    y -= 16;
  }

  y -= 18;
  centered(page, bold, LOCANDINA_CTA, 20, y, BLUE);
  y -= 20;

  // The QR code: one rectangle per horizontal run of dark modules.
  const qr = qrMatrix(input.urlLanding);
  const qrSide = 260;
  const quiet = 4;
  const cell = qrSide / (qr.size + quiet * 2);
  const qrX = (A4.width - qrSide) / 2;
  const qrTop = y - 6;
  page.drawRectangle({ x: qrX, y: qrTop - qrSide, width: qrSide, height: qrSide, color: rgb(1, 1, 1), borderColor: rgb(0.85, 0.87, 0.9), borderWidth: 1 });
  for (let row = 0; row < qr.size; row++) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.isDark(row, col)) col++;
      page.drawRectangle({
        x: qrX + (quiet + start) * cell,
        y: qrTop - (quiet + row + 1) * cell,
        // A hair wider and taller so adjacent runs leave no white seams when printed.
        width: (col - start) * cell + 0.2,
        height: cell + 0.2,
        color: rgb(0, 0, 0),
      });
    }
  }
  y = qrTop - qrSide - 22;
  const url = printable(regular, input.urlLanding);
  centered(page, regular, url, Math.min(12, (inner / Math.max(regular.widthOfTextAtSize(url, 12), 1)) * 12), y, GREY);

  // Services, two per row.
  y -= 40;
  centered(page, bold, 'I nostri servizi', 16, y);
  y -= 18;
  const colWidth = (inner - 16) / 2;
  input.servizi.forEach((s, i) => {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const x = margin + col * (colWidth + 16);
    const top = y - row * 62;
    page.drawRectangle({ x, y: top - 52, width: colWidth, height: 52, color: rgb(0.94, 0.96, 1), borderColor: rgb(0.8, 0.85, 0.95), borderWidth: 1 });
    page.drawText(printable(bold, s.nome), { x: x + 14, y: top - 24, size: 14, font: bold, color: DARK });
    page.drawText(printable(regular, s.descrizione), { x: x + 14, y: top - 41, size: 11, font: regular, color: GREY });
  });

  // Footer: how it works, in one line each.
  const footerTop = 118;
  page.drawRectangle({ x: 0, y: 0, width: A4.width, height: footerTop, color: rgb(0.97, 0.98, 0.99) });
  centered(page, bold, '1. Inquadra il codice  ·  2. Scegli i servizi  ·  3. Lascia i tuoi dati', 12, footerTop - 34);
  centered(page, regular, 'Un consulente ti richiamerà con un’offerta personalizzata.', 12, footerTop - 56, GREY);
  centered(page, bold, 'Ti contatteremo entro 24 ore', 14, footerTop - 82, BLUE);

  return pdf.save();
}
