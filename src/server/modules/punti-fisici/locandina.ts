import type * as PdfLib from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { qrMatrix } from '#server/modules/punti-fisici/qr.ts';

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
const pdfLib = lazyRequire<typeof PdfLib>('pdf-lib');
const BLUE = () => pdfLib().rgb(0x1d / 255, 0x4e / 255, 0xd8 / 255);
const DARK = () => pdfLib().rgb(0.06, 0.09, 0.16);
const GREY = () => pdfLib().rgb(0.35, 0.4, 0.47);

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

function centered(page: PDFPage, font: PDFFont, text: string, size: number, y: number, color = DARK()) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4.width - width) / 2, y, size, font, color });
}

/** Shrinks the size until the text fits on at most two lines. */
function fitTitle(font: PDFFont, text: string, maxWidth: number): { size: number; lines: string[] } {
  for (let size = 34; size > 14; size -= 2) {
    const lines = wrap(font, text, size, maxWidth);
    if (lines.length <= 2 && lines.every((l) => font.widthOfTextAtSize(l, size) <= maxWidth))
      return { size, lines };
  }
  return { size: 14, lines: wrap(font, text, 14, maxWidth).slice(0, 3) };
}

export async function buildLocandina(input: LocandinaInput): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = pdfLib();
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
  page.drawRectangle({ x: 0, y: A4.height - 96, width: A4.width, height: 96, color: BLUE() });
  centered(page, bold, 'WINSOLUTION', 30, A4.height - 58, rgb(1, 1, 1));
  centered(page, regular, 'Luce · Gas · Internet · Noleggio', 13, A4.height - 82, rgb(0.86, 0.9, 1));

  let y = A4.height - 140;
  centered(page, regular, 'PARTNER', 12, y, GREY());
  y -= 36;
  const title = fitTitle(bold, printable(bold, input.nomeAttivita), inner);
  for (const line of title.lines) {
    centered(page, bold, line, title.size, y);
    y -= title.size + 6;
  }
  const address = printable(regular, input.indirizzo);
  for (const line of wrap(regular, address, 12, inner).slice(0, 2)) {
    centered(page, regular, line, 12, y, GREY());
    y -= 16;
  }

  y -= 18;
  centered(page, bold, LOCANDINA_CTA, 20, y, BLUE());
  const qrTop = y - 16;

  // Laid out from the bottom up: footer, services, URL; the QR code takes the space left.
  const footerTop = 100;
  page.drawRectangle({ x: 0, y: 0, width: A4.width, height: footerTop, color: rgb(0.97, 0.98, 0.99) });
  centered(
    page,
    bold,
    '1. Inquadra il codice  ·  2. Scegli i servizi  ·  3. Lascia i tuoi dati',
    12,
    footerTop - 28,
  );
  centered(
    page,
    regular,
    'Un consulente ti richiamerà con un’offerta personalizzata.',
    11,
    footerTop - 48,
    GREY(),
  );
  centered(page, bold, 'Ti contatteremo entro 24 ore', 14, footerTop - 74, BLUE());

  const count = input.servizi.length;
  const cols = count <= 4 ? Math.max(count, 1) : 3;
  const rows = Math.ceil(count / cols);
  const boxHeight = 44;
  const gap = 10;
  const boxWidth = (inner - gap * (cols - 1)) / cols;
  const servicesBottom = footerTop + 22;
  const servicesTop = servicesBottom + rows * boxHeight + (rows - 1) * gap;
  input.servizi.forEach((s, i) => {
    const x = margin + (i % cols) * (boxWidth + gap);
    const top = servicesTop - Math.floor(i / cols) * (boxHeight + gap);
    page.drawRectangle({
      x,
      y: top - boxHeight,
      width: boxWidth,
      height: boxHeight,
      color: rgb(0.94, 0.96, 1),
      borderColor: rgb(0.8, 0.85, 0.95),
      borderWidth: 1,
    });
    const name = printable(bold, s.nome);
    const nameSize = Math.min(13, ((boxWidth - 16) / Math.max(bold.widthOfTextAtSize(name, 13), 1)) * 13);
    page.drawText(name, { x: x + 8, y: top - 19, size: nameSize, font: bold, color: DARK() });
    const desc = printable(regular, s.descrizione);
    const descSize = Math.min(10, ((boxWidth - 16) / Math.max(regular.widthOfTextAtSize(desc, 10), 1)) * 10);
    page.drawText(desc, { x: x + 8, y: top - 34, size: descSize, font: regular, color: GREY() });
  });
  const servicesTitle = servicesTop + 14;
  centered(page, bold, 'I nostri servizi', 15, servicesTitle);

  const urlBaseline = servicesTitle + 34;
  const url = printable(regular, input.urlLanding);
  centered(
    page,
    regular,
    url,
    Math.min(12, (inner / Math.max(regular.widthOfTextAtSize(url, 12), 1)) * 12),
    urlBaseline,
    GREY(),
  );

  // The QR code, one rectangle per horizontal run of dark modules.
  const qrBottomLimit = urlBaseline + 14;
  const qrSide = Math.max(120, Math.min(300, qrTop - qrBottomLimit));
  const qr = qrMatrix(input.urlLanding);
  const quiet = 4;
  const cell = qrSide / (qr.size + quiet * 2);
  const qrX = (A4.width - qrSide) / 2;
  page.drawRectangle({
    x: qrX,
    y: qrTop - qrSide,
    width: qrSide,
    height: qrSide,
    color: rgb(1, 1, 1),
    borderColor: rgb(0.85, 0.87, 0.9),
    borderWidth: 1,
  });
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

  return pdf.save();
}

/** A file name safe in a Content-Disposition header, from the shop name. */
function posterFilename(nomeAttivita: string): string {
  const slug = nomeAttivita
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `locandina-${slug || 'punto-fisico'}.pdf`;
}

/** The poster of one point and its file name; the demo point also shows financing and insurance. */
export async function puntoLocandina(punto: {
  nomeAttivita: string;
  indirizzo: string;
  urlLanding: string;
  landingCode: string;
}): Promise<{ pdf: Buffer; filename: string }> {
  const servizi =
    punto.landingCode === DEMO_LANDING_CODE
      ? [
          ...LOCANDINA_SERVIZI,
          { nome: 'Finanziamenti', descrizione: 'Prestiti e Mutui' },
          { nome: 'Assicurazioni', descrizione: 'Auto, Casa, Vita' },
        ]
      : LOCANDINA_SERVIZI;
  const pdf = await buildLocandina({
    nomeAttivita: punto.nomeAttivita,
    indirizzo: punto.indirizzo,
    urlLanding: punto.urlLanding,
    servizi,
  });
  return { pdf: Buffer.from(pdf), filename: posterFilename(punto.nomeAttivita) };
}
