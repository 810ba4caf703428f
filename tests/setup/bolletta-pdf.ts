import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface DatiBolletta {
  fornitore: string;
  intestatario: string;
  codiceFiscale: string;
  indirizzo: string;
  pod: string;
  potenza: string;
  consumo: string;
  codiceOfferta: string;
}

export const BOLLETTA_ENEL: DatiBolletta = {
  fornitore: 'Enel Energia',
  intestatario: 'MARIO ROSSI',
  codiceFiscale: 'RSSMRA80A01H501U',
  indirizzo: 'VIA ROMA 10 00184 ROMA RM',
  pod: 'IT001E12345678',
  potenza: '3',
  consumo: '2.700',
  codiceOfferta: 'E-LIGHT-2410',
};

/**
 * A digital luce bill's first page, laid out as the Italian ones are: the supplier's header,
 * the amount box, then two columns (the customer's data on the left, the supply's on the right)
 * whose lines come out of the text layer side by side.
 */
export function billPdf(dati: DatiBolletta = BOLLETTA_ENEL): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: 'Bolletta' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('r', FONT).registerFont('b', FONT_BOLD);

  doc.font('b').fontSize(22).fillColor('#d4145a').text(dati.fornitore, 40, 40);
  doc.font('r').fontSize(9).fillColor('#333').text('Mercato libero dell’energia - Bolletta luce', 40, 70);
  doc.text('Bolletta n. 004512345678 del 15/10/2026 - Periodo: settembre-ottobre 2026', 40, 84);

  doc.rect(380, 40, 175, 60).fill('#f2f2f2');
  doc.fillColor('#000').font('b').fontSize(10).text('Totale da pagare', 390, 50);
  doc.fontSize(18).text('87,40 €', 390, 66);
  doc.font('r').fontSize(8).text('Scadenza 05/11/2026', 390, 88);

  const left = [
    ['Dati del cliente', ''],
    ['Intestatario:', dati.intestatario],
    ['Codice fiscale:', dati.codiceFiscale],
    ['Indirizzo di fornitura:', dati.indirizzo],
  ];
  const right = [
    ['Dati della fornitura', ''],
    ['Codice POD:', dati.pod],
    ['Potenza impegnata:', `${dati.potenza} kW`],
    ['Consumo annuo:', `${dati.consumo} kWh`],
    ['Codice offerta:', dati.codiceOfferta],
  ];
  const row = (x: number, y: number, [label, value]: string[]) => {
    doc
      .font(value ? 'r' : 'b')
      .fontSize(value ? 9 : 11)
      .fillColor('#000');
    doc.text(value ? `${label} ${value}` : label, x, y, { width: 250, lineBreak: false });
  };
  left.forEach((r, i) => row(40, 140 + i * 18, r));
  right.forEach((r, i) => row(310, 140 + i * 18, r));

  doc.font('r').fontSize(8).fillColor('#555');
  doc.text(
    'Per informazioni sulla bolletta chiama il numero verde 800 900 800. Puoi pagare con domiciliazione bancaria, in posta o online.',
    40,
    260,
    { width: 515 },
  );
  doc.end();
  return done;
}
